import { config } from "@/lib/config";
import { getRetriever, activeRetriever } from "@/lib/knowledge";
import { listCollectionRows } from "@/lib/knowledge/repo";
import type { Chunk, RetrievalMode } from "@/lib/knowledge/schemas";
import type { SpellingResult } from "@/lib/knowledge/types";
import { checkSourceForChat } from "@/lib/eri/sources";
import type { Thought } from "./schemas";

/**
 * Retrieval for a chat turn: the selected collections (default all) and remote ERI sources,
 * searched in parallel and merged by normalised score. A failing source never fails the turn;
 * it is recorded as a thought instead.
 */

export interface RetrievalPlan {
  /** One query, or one per part of a compound question; each gets an equal share of `top`. */
  queries: string[];
  top: number;
  mode: RetrievalMode;
  collections?: string[];
  sources?: string[];
  /** Offline extractive mode counts as self-hosted for ERI security requirements. */
  offline: boolean;
}

export interface RetrievalOutcome {
  /** All passages found, the queries' results taken in turns. */
  chunks: Chunk[];
  /** Each query's own results, best first. */
  perQuery: Chunk[][];
  /** Misspelled word → the word the collections use (see Retriever.correctSpelling). */
  corrections: Record<string, string>;
  /** Query words none of the collections uses (and no typo of one). */
  unknownWords: string[];
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

  const sources = await usableSources(plan, notes);
  const top = Math.max(1, Math.ceil(plan.top / plan.queries.length));
  const [perQuery, spelling] = await Promise.all([
    Promise.all(plan.queries.map((query) => searchEverywhere(query, top, collections, sources, plan.mode, notes))),
    spellingAcross(plan.queries.join(" "), collections),
  ]);
  // Parts each get ceil(top / parts): keep `top` in all, and each part's list to what is kept.
  const chunks = takeTurns(perQuery).slice(0, plan.top);
  const kept = new Set(chunks.map((c) => c.chunk_id));
  return { chunks, perQuery: perQuery.map((list) => list.filter((c) => kept.has(c.chunk_id))), ...spelling, collections, notes };
}

/**
 * Typos in the query, corrected against the collections' words, and the words none of them
 * uses. Each collection's search corrects its own query; these are for the thoughts and the
 * offline answer. (Remote ERI sources are not asked: they may well use those words.)
 */
async function spellingAcross(query: string, collections: string[]): Promise<Pick<RetrievalOutcome, "corrections" | "unknownWords">> {
  const retriever = activeRetriever();
  if (!retriever.correctSpelling) return { corrections: {}, unknownWords: [] };
  const results = await Promise.all(collections.map((name) => retriever.correctSpelling!(query, name).catch(() => null)));
  return mergeSpelling(results.filter((r): r is SpellingResult => r !== null));
}

/**
 * One collection's typo may be another's word: a word counts as misspelled (or unknown) only
 * if every collection says so. Its correction is the first collection's.
 */
export function mergeSpelling(results: SpellingResult[]): Pick<RetrievalOutcome, "corrections" | "unknownWords"> {
  if (results.length === 0) return { corrections: {}, unknownWords: [] };
  const unknownIn = (r: SpellingResult, word: string) => word in r.corrections || r.unknown.includes(word);
  const everywhere = (word: string) => results.every((r) => unknownIn(r, word));
  const corrections: Record<string, string> = {};
  for (const r of results) for (const [word, fix] of Object.entries(r.corrections)) if (!(word in corrections) && everywhere(word)) corrections[word] = fix;
  const unknownWords = results[0].unknown.filter((w) => results.every((r) => r.unknown.includes(w)));
  return { corrections, unknownWords };
}

/** One query over the collections and sources in parallel, merged by score. */
async function searchEverywhere(
  query: string,
  top: number,
  collections: string[],
  sources: UsableSource[],
  mode: RetrievalMode,
  notes: Thought[],
): Promise<Chunk[]> {
  const local = collections.map((name) => activeRetriever().retrieve(query, name, top, null, { mode }));
  const remote = sources.map((source) => searchSource(source, query, top, notes));
  const results = await Promise.all([...local, ...remote]);

  const chunks: Chunk[] = [];
  results.forEach((result, i) => {
    if (result.success) chunks.push(...result.chunks);
    else if (i < collections.length) notes.push({ title: `Search failed in ${collections[i]}`, description: result.error_message ?? "" });
  });
  chunks.sort((a, b) => b.score - a.score);
  return chunks.slice(0, top);
}

/** The lists' first results, then their second ones, and so on; each chunk once. */
function takeTurns(lists: Chunk[][]): Chunk[] {
  const seen = new Set<string>();
  const merged: Chunk[] = [];
  for (let rank = 0; lists.some((list) => rank < list.length); rank++) {
    for (const list of lists) {
      const chunk = list[rank];
      if (chunk && !seen.has(chunk.chunk_id)) {
        seen.add(chunk.chunk_id);
        merged.push(chunk);
      }
    }
  }
  return merged;
}

interface UsableSource {
  id: string;
  name: string;
}

/** The requested ERI sources this turn may use (checked once per turn, not per query). */
async function usableSources(plan: RetrievalPlan, notes: Thought[]): Promise<UsableSource[]> {
  const checks = await Promise.all(
    (plan.sources ?? []).map(async (id) => {
      try {
        const check = await checkSourceForChat(id, { modelSelfHosted: config().chatModelSelfHosted, offline: plan.offline });
        if (check.usable) return { id, name: check.name };
        notes.push({ title: `ERI source skipped: ${check.name}`, description: check.reason ?? "Not usable with this model" });
      } catch (error) {
        notes.push({ title: "ERI source failed", description: error instanceof Error ? error.message : String(error) });
      }
      return null;
    }),
  );
  return checks.filter((s): s is UsableSource => s !== null);
}

async function searchSource(source: UsableSource, query: string, top: number, notes: Thought[]) {
  const started = Date.now();
  const result = await getRetriever("eri").retrieve(query, source.id, top, null, { signal: AbortSignal.timeout(SOURCE_TIMEOUT_MS) });
  if (!result.success) {
    notes.push({ title: `ERI source failed: ${source.name}`, description: result.error_message ?? "Unknown error", elapsed_ms: Date.now() - started });
  }
  return result;
}
