import { config } from "@/lib/config";
import { usableSources } from "@/lib/eri/sources";
import type { Chunk, RetrievalMode } from "@/lib/knowledge/schemas";
import { searchKnowledge } from "@/lib/knowledge/search";
import { keepsContext, questionParts, searchQueries, type ConversationMessage } from "@/lib/text/query";
import { answerStem } from "@/lib/text/stem";
import { scopeSharedFileNames } from "./citations";
import type { Thought } from "./schemas";

/**
 * Retrieval for a chat turn: the Knowledge Layer's search over the selected collections
 * (default all) and the remote ERI sources this turn may use. A failing collection or source
 * never fails the turn; it is recorded as a thought instead.
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
  /** Admins may use every source; chat users only those shared with them. */
  admin: boolean;
  signal?: AbortSignal;
}

export interface RetrievalOutcome {
  /** All passages found, the queries' results taken in turns. */
  chunks: Chunk[];
  /** Each query's own results, best first. */
  perQuery: Chunk[][];
  /** Misspelled word → the word the collections use. */
  corrections: Record<string, string>;
  /** Query words none of the collections uses (and no typo of one). */
  unknownWords: string[];
  collections: string[];
  notes: Thought[];
}

export async function retrieveForChat(plan: RetrievalPlan): Promise<RetrievalOutcome> {
  const gate = await usableSources(plan.sources ?? [], { modelSelfHosted: config().chatModelSelfHosted, offline: plan.offline, admin: plan.admin });
  const names = new Map(gate.usable.map((s) => [s.id, s.name]));
  const result = await searchKnowledge({
    query: plan.queries,
    top: plan.top,
    mode: plan.mode,
    collections: plan.collections,
    sources: gate.usable.map((s) => s.id),
    signal: plan.signal,
  });
  const notes: Thought[] = [];
  if (result.unknownCollections.length) notes.push({ title: "Unknown collections skipped", description: result.unknownCollections.join(", ") });
  notes.push(...gate.skipped);
  for (const failure of result.failures) {
    notes.push(
      failure.kind === "collection"
        ? { title: `Search failed in ${failure.name}`, description: failure.message }
        : { title: `ERI source failed: ${names.get(failure.name) ?? failure.name}`, description: failure.message, elapsed_ms: failure.elapsed_ms },
    );
  }
  const { corrections, unknownWords, collections } = result;
  const chunks = await scopeSharedFileNames(result.chunks, result.collections);
  const scoped = new Map(chunks.map((c) => [c.chunk_id, c]));
  const perQuery = result.perQuery.map((list) => list.map((c) => scoped.get(c.chunk_id) ?? c));
  return { chunks, perQuery, corrections, unknownWords, collections, notes };
}

/** The offline search for the latest question of a conversation, and what it was searched as. */
export interface ConversationRetrieval {
  query: string;
  queries: string[];
  retrieval: RetrievalOutcome;
  /** Why the previous question's subject was or was not added, when it could have been. */
  note?: string;
}

const passageTexts = (chunks: Chunk[]) => chunks.map((c) => `${typeof c.metadata.heading === "string" ? c.metadata.heading : ""}\n${c.content}`);

/**
 * Offline, a question that may lean on the previous one is searched both alone and with the
 * previous question's subject (in parallel); the context is kept only when the evidence says it
 * belongs (see keepsContext). Each part of a compound question is searched on its own.
 */
export async function retrieveForConversation(messages: ConversationMessage[], plan: Omit<RetrievalPlan, "queries">): Promise<ConversationRetrieval> {
  const { question, withContext } = searchQueries(messages);
  const alone = retrieveForChat({ ...plan, queries: questionParts(question) });
  if (!withContext) return { query: question, queries: questionParts(question), retrieval: await alone };
  const [own, borrowed] = await Promise.all([alone, retrieveForChat({ ...plan, queries: questionParts(withContext) })]);
  if (keepsContext(question, passageTexts(own.chunks), passageTexts(borrowed.chunks), answerStem)) {
    return { query: withContext, queries: questionParts(withContext), retrieval: borrowed, note: "follow-up: added the previous question's subject" };
  }
  return { query: question, queries: questionParts(question), retrieval: own, note: "searched the question alone: with the previous question's subject the results lost its own words" };
}
