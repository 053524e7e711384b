import { config } from "@/lib/config";
import { getRetriever, activeRetriever } from "@/lib/knowledge";
import { listCollectionRows } from "@/lib/knowledge/repo";
import type { Chunk, RetrievalMode } from "@/lib/knowledge/schemas";
import { checkSourceForChat } from "@/lib/eri/sources";
import type { Thought } from "./schemas";

/**
 * Retrieval for a chat turn: the selected collections (default all) and remote ERI sources,
 * searched in parallel and merged by normalised score. A failing source never fails the turn;
 * it is recorded as a thought instead.
 */

export interface RetrievalPlan {
  query: string;
  top: number;
  mode: RetrievalMode;
  collections?: string[];
  sources?: string[];
  /** Offline extractive mode counts as self-hosted for ERI security requirements. */
  offline: boolean;
}

export interface RetrievalOutcome {
  chunks: Chunk[];
  collections: string[];
  notes: Thought[];
}

const SOURCE_TIMEOUT_MS = 10_000;

export async function retrieveForChat(plan: RetrievalPlan): Promise<RetrievalOutcome> {
  const known = (await listCollectionRows()).map((c) => c.name);
  const collections = plan.collections ? plan.collections.filter((c) => known.includes(c)) : known;
  const notes: Thought[] = [];
  const missing = plan.collections?.filter((c) => !known.includes(c)) ?? [];
  if (missing.length) notes.push({ title: "Unknown collections skipped", description: missing.join(", ") });

  const local = collections.map((name) => activeRetriever().retrieve(plan.query, name, plan.top, null, { mode: plan.mode }));
  const remote = (plan.sources ?? []).map((id) => searchSource(id, plan, notes));
  const results = await Promise.all([...local, ...remote]);

  const chunks: Chunk[] = [];
  results.forEach((result, i) => {
    if (!result) return;
    if (result.success) chunks.push(...result.chunks);
    else if (i < collections.length) notes.push({ title: `Search failed in ${collections[i]}`, description: result.error_message ?? "" });
  });
  chunks.sort((a, b) => b.score - a.score);
  return { chunks: chunks.slice(0, plan.top), collections, notes };
}

async function searchSource(sourceId: string, plan: RetrievalPlan, notes: Thought[]) {
  const started = Date.now();
  try {
    const check = await checkSourceForChat(sourceId, { modelSelfHosted: config().chatModelSelfHosted, offline: plan.offline });
    if (!check.usable) {
      notes.push({ title: `ERI source skipped: ${check.name}`, description: check.reason ?? "Not usable with this model" });
      return null;
    }
    const result = await getRetriever("eri").retrieve(plan.query, sourceId, plan.top, null, {
      signal: AbortSignal.timeout(SOURCE_TIMEOUT_MS),
    });
    if (!result.success) {
      notes.push({ title: `ERI source failed: ${check.name}`, description: result.error_message ?? "Unknown error", elapsed_ms: Date.now() - started });
    }
    return result;
  } catch (error) {
    notes.push({ title: "ERI source failed", description: error instanceof Error ? error.message : String(error), elapsed_ms: Date.now() - started });
    return null;
  }
}
