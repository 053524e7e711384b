import path from "node:path";
import type { ConversationMessage } from "@/lib/text/query";
import type { Collection } from "@/lib/db/generated/sqlite/client";
import { badRequest, AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { searchConversation } from "@/lib/knowledge/conversation";
import { documentPassages, documentUrl, everySearchFailed, searchKnowledge, type KnowledgeResult } from "@/lib/knowledge/search";
import type { StoredPassage } from "@/lib/knowledge/types";
import type { Chunk, RetrievalMode } from "@/lib/knowledge/schemas";
import type { Principal } from "@/lib/security/principal";
import type { Context, RetrievalRequest } from "../schemas";
import { ERI_PRINCIPAL, exposedCollections } from "./collections";
import { DEFAULT_MATCHES, DEFAULT_PROCESS_ID, MAX_MATCHES_CAP, MAX_NEIGHBOURS, PROCESSES, type Process } from "./processes";
import type { ServerSettings } from "./settings";

/**
 * /retrieval/info and /retrieval of this app's ERI server: the local knowledge base's three
 * search modes as ERI retrieval processes, and search results as ERI Contexts.
 */
export { DEFAULT_PROCESS_ID, retrievalInfos } from "./processes";

/** A prompt or thread message is searched up to this long. */
const MAX_QUERY_CHARS = 4000;

interface Parameters {
  collections: string[] | null;
  topK: number;
  minScore: number;
  neighbours: number;
}

function numberParameter(raw: string | undefined, name: string, min: number, max: number, fallback: number, integer: boolean): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw.trim());
  if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
    throw badRequest(`Parameter ${name} must be ${integer ? "an integer" : "a number"} from ${min} to ${max}, got '${raw}'`);
  }
  return value;
}

export function parseParameters(raw: Record<string, string> | null | undefined): Parameters {
  const p = raw ?? {};
  const list = p.collections
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    collections: list?.length ? [...new Set(list)] : null,
    topK: numberParameter(p.top_k, "top_k", 1, MAX_MATCHES_CAP, DEFAULT_MATCHES, true),
    minScore: numberParameter(p.min_score, "min_score", 0, 1, 0, false),
    neighbours: numberParameter(p.neighbours, "neighbours", 0, MAX_NEIGHBOURS, 1, true),
  };
}

export function resolveProcess(id: string | null | undefined): Process {
  if (!id || !id.trim()) return PROCESSES.find((p) => p.id === DEFAULT_PROCESS_ID)!;
  const found = PROCESSES.find((p) => p.id === id.trim());
  if (!found) throw badRequest(`Unknown retrievalProcessId '${id}'. Available: ${PROCESSES.map((p) => p.id).join(", ")}`);
  return found;
}

const ROLES: Record<string, ConversationMessage["role"] | undefined> = {
  USER: "user",
  AI: "assistant",
  AGENT: "assistant",
  SYSTEM: "system",
};

/** The thread's text blocks plus the latest prompt (unless the thread already ends with it). */
export function conversationOf(request: RetrievalRequest): ConversationMessage[] {
  const messages: ConversationMessage[] = [];
  for (const block of request.thread?.contentBlocks ?? []) {
    const role = ROLES[block.role ?? ""];
    if (!role || (block.type && block.type !== "TEXT") || !block.content?.trim()) continue;
    messages.push({ role, content: block.content });
  }
  const latest = request.latestUserPrompt?.trim();
  const lastUser = messages.filter((m) => m.role === "user").at(-1);
  if (latest && lastUser?.content.trim() !== latest) messages.push({ role: "user", content: latest });
  return messages;
}

export async function retrieveContexts(
  request: RetrievalRequest,
  settings: ServerSettings,
  origin: string,
  reader: Principal = ERI_PRINCIPAL,
): Promise<Context[]> {
  const process = resolveProcess(request.retrievalProcessId);
  const params = parseParameters(request.parameters);
  const collections = pickCollections(await exposedCollections(settings, reader), params.collections);
  const promptType = request.latestUserPromptType;
  if (promptType && promptType !== "TEXT") return []; // only text can be searched here
  const conversation = conversationOf(request).map((m) => ({ ...m, content: m.content.slice(0, MAX_QUERY_CHARS) }));
  if (!conversation.some((m) => m.role === "user" && m.content.trim()) || collections.length === 0) return [];

  const maxMatches = request.maxMatches ?? 0;
  const limit = maxMatches >= 1 ? Math.min(maxMatches, MAX_MATCHES_CAP) : params.topK;
  const { result } = await searchConversation(conversation, (queries) => searchAll(collections, queries, limit, process.id, reader));
  const chunks = result.chunks;
  const kept = chunks.filter((c) => c.score >= params.minScore).slice(0, limit);
  const neighbours = new NeighbourReader(params.neighbours);
  return Promise.all(kept.map(async (chunk) => toContext(chunk, origin, await neighbours.around(chunk))));
}

function pickCollections(exposed: Collection[], requested: string[] | null): Collection[] {
  if (!requested) return exposed;
  const byName = new Map(exposed.map((c) => [c.name, c]));
  const unknown = requested.filter((n) => !byName.has(n));
  if (unknown.length) {
    const available = exposed.map((c) => c.name).join(", ") || "none";
    throw badRequest(`Unknown collection(s) in parameter collections: ${unknown.join(", ")}. Available: ${available}`);
  }
  return requested.map((n) => byName.get(n)!);
}

/** A failing collection is logged and skipped; only when every one fails is the request an error. */
async function searchAll(
  collections: Collection[],
  query: string[],
  limit: number,
  mode: RetrievalMode,
  reader: Principal,
): Promise<KnowledgeResult> {
  const result = await searchKnowledge({ query, principal: reader, top: limit, mode, collections: collections.map((c) => c.name) });
  for (const failure of result.failures)
    log("warn", "eri_collection_search_failed", { collection: failure.name, message: failure.message });
  if (everySearchFailed(result)) throw new AppError(500, result.failures[0].message);
  return result;
}

/** Reads each file's passages once per request to hand out the neighbours of matches. */
class NeighbourReader {
  private files = new Map<string, Promise<StoredPassage[]>>();
  constructor(private readonly count: number) {}

  async around(chunk: Chunk): Promise<string[]> {
    const collection = String(chunk.metadata.collection_name ?? "");
    const fileId = String(chunk.metadata.file_id ?? "");
    const index = Number(chunk.metadata.chunk_index);
    if (this.count === 0 || !collection || !fileId || !Number.isInteger(index)) return [];
    const key = `${collection}/${fileId}`;
    let passages = this.files.get(key);
    if (!passages) {
      passages = documentPassages(collection, { fileId }).catch(() => []);
      this.files.set(key, passages);
    }
    const all = await passages;
    const near = (i: number) => Math.abs(i - index) <= this.count && i !== index;
    return all.filter((p) => near(Number(p.metadata.chunk_index))).map((p) => p.content);
  }
}

const KINDS: Record<string, string> = {
  ".pdf": "PDF document",
  ".docx": "Word document",
  ".md": "Markdown document",
  ".txt": "Text document",
  ".html": "Web page",
  ".htm": "Web page",
  ".csv": "Table (CSV)",
  ".xlsx": "Spreadsheet",
  ".json": "JSON document",
};

function toContext(chunk: Chunk, origin: string, surrounding: string[]): Context {
  const collection = String(chunk.metadata.collection_name ?? "");
  const fileId = String(chunk.metadata.file_id ?? "");
  const kind = KINDS[path.extname(chunk.file_name).toLowerCase()] ?? "Document";
  // A passage imported from a library cites its own source, not the library file.
  const source = typeof chunk.metadata.url === "string" ? chunk.metadata.url : null;
  return {
    name: chunk.file_name,
    category: `${kind} in collection ${collection}`,
    path: source ?? documentUrl(collection, fileId, chunk.page_number, origin),
    type: "TEXT",
    matchedContent: chunk.content,
    surroundingContent: surrounding,
    links: [documentUrl(collection, fileId, null, origin)],
  };
}
