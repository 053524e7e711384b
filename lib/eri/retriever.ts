import { withRemoteSession, connectionKey } from "@/lib/eri/remote-session";
import { endpointOf, findSourceRow, recordStatus, type SourceRow } from "@/lib/eri/source-repo";
import { REMOTE_SOURCE_BACKEND } from "@/lib/knowledge/registry";
import { failedRetrieval, type Filters, type RetrievalResult } from "@/lib/knowledge/schemas";
import type { RetrieveOptions, Retriever } from "@/lib/knowledge/types";
import { contextsToChunks } from "./contexts";

/** Remote ERI sources are the Knowledge Layer's remote sources: searchKnowledge asks for them by this name. */
export const ERI_BACKEND = REMOTE_SOURCE_BACKEND;

/**
 * A remote ERI v1 server as a Retriever. `collectionName` is the source id. Remote failures
 * and timeouts come back as success=false with a readable message; this never throws.
 * Filters and modes do not exist in ERI: the source's own retrieval process decides.
 */
export class EriRetriever implements Retriever {
  readonly backendName = ERI_BACKEND;

  async retrieve(
    query: string,
    sourceId: string,
    topK = 10,
    _filters?: Filters | null,
    options: RetrieveOptions = {},
  ): Promise<RetrievalResult> {
    const fail = (message: string) => failedRetrieval(query, this.backendName, message);
    let row: SourceRow | null = null;
    try {
      row = await findSourceRow(sourceId);
      if (!row) return fail(`ERI source '${sourceId}' not found`);
      if (!row.enabled) return fail(`ERI source '${row.name}' is disabled`);
      const signal = options.signal
        ? AbortSignal.any([options.signal, AbortSignal.timeout(row.timeoutMs)])
        : AbortSignal.timeout(row.timeoutMs);
      const maxMatches = Math.max(1, Math.min(topK, row.maxMatches));
      const retrievalProcessId = row.retrievalProcessId;
      const contexts = await withRemoteSession(connectionKey(row), endpointOf(row), signal, (client, token) =>
        client.retrieve(token, {
          latestUserPrompt: query,
          latestUserPromptType: "TEXT",
          thread: { contentBlocks: [{ content: query, role: "USER", type: "TEXT" }] },
          retrievalProcessId,
          parameters: null,
          maxMatches,
        }),
      );
      const chunks = contextsToChunks(contexts ?? [], { id: row.id, name: row.name }).slice(0, maxMatches);
      if (!isOk(row)) await recordStatus(row.id, { ok: true, message: "Last search succeeded" });
      return {
        query,
        backend: this.backendName,
        chunks,
        total_tokens: chunks.reduce((sum, c) => sum + Number(c.metadata.token_count ?? 0), 0),
        success: true,
        error_message: null,
      };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (row) await recordStatus(row.id, { ok: false, message });
      return fail(row ? `ERI source '${row.name}': ${message}` : message);
    }
  }

  async healthCheck(): Promise<boolean> {
    try {
      await findSourceRow("health-check");
      return true;
    } catch {
      return false;
    }
  }
}

function isOk(row: SourceRow): boolean {
  try {
    return JSON.parse(row.lastStatus ?? "{}").ok === true;
  } catch {
    return false;
  }
}
