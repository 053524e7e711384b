import { config } from "@/lib/config";
import { usableSources } from "@/lib/eri/sources";
import type { Chunk, RetrievalMode } from "@/lib/knowledge/schemas";
import { searchConversation } from "@/lib/knowledge/conversation";
import { searchKnowledge } from "@/lib/knowledge/search";
import { isAdminPrincipal, type Principal } from "@/lib/security/principal";
import type { ConversationMessage } from "@/lib/text/query";
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
  /** Who asks: the collections they may read; admins may use every source, chat users only those shared with them. */
  principal: Principal;
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
  const gate = await usableSources(plan.sources ?? [], {
    modelSelfHosted: config().chatModelSelfHosted,
    offline: plan.offline,
    admin: isAdminPrincipal(plan.principal),
  });
  const names = new Map(gate.usable.map((s) => [s.id, s.name]));
  const result = await searchKnowledge({
    query: plan.queries,
    principal: plan.principal,
    top: plan.top,
    mode: plan.mode,
    collections: plan.collections,
    sources: gate.usable.map((s) => s.id),
    signal: plan.signal,
  });
  const notes: Thought[] = [];
  if (result.unknownCollections.length)
    notes.push({ title: "Unknown collections skipped", description: result.unknownCollections.join(", ") });
  notes.push(...gate.skipped);
  for (const failure of result.failures) {
    notes.push(
      failure.kind === "collection"
        ? { title: `Search failed in ${failure.name}`, description: failure.message }
        : {
            title: `ERI source failed: ${names.get(failure.name) ?? failure.name}`,
            description: failure.message,
            elapsed_ms: failure.elapsed_ms,
          },
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

/** Offline, the latest question with the previous one's subject only on evidence (searchConversation). */
export async function retrieveForConversation(
  messages: ConversationMessage[],
  plan: Omit<RetrievalPlan, "queries">,
): Promise<ConversationRetrieval> {
  const { result, ...searched } = await searchConversation(messages, (queries) => retrieveForChat({ ...plan, queries }));
  return { ...searched, retrieval: result };
}
