import { comparedAlternatives, keepsContext, questionParts, searchQueries, type ConversationMessage } from "@/lib/text/query";
import { answerStem } from "@/lib/text/stem";
import type { Chunk } from "./schemas";

/** A conversation's latest question as it was searched, and what that search found. */
export interface ConversationSearch<R> {
  query: string;
  /** The query's parts (questionParts), each searched for its share and answered on its own. */
  queries: string[];
  result: R;
  /** Why the previous question's subject was or was not added, when it could have been. */
  note?: string;
}

const passageTexts = (chunks: Chunk[]) =>
  chunks.map((c) => `${typeof c.metadata.heading === "string" ? c.metadata.heading : ""}\n${c.content}`);

/**
 * The latest question of a conversation, searched without a model: when it may lean on the
 * previous question, it is searched both alone and with that question's subject (in parallel),
 * and the subject is kept only when the evidence says it belongs (keepsContext): "and for
 * dental?" keeps the plan asked about, "Who do I call for IT help?" after a hotel question
 * does not. Chat and the ERI server search conversations this one way, each through its own
 * call of the read door (`search`).
 */
export async function searchConversation<R extends { chunks: Chunk[] }>(
  messages: ConversationMessage[],
  search: (queries: string[]) => Promise<R>,
): Promise<ConversationSearch<R>> {
  const { question, withContext } = searchQueries(messages);
  // A comparison of two named things is searched once per side and answered as one question.
  const searched = (query: string) => search(comparedAlternatives(query) ?? questionParts(query));
  const queriesOf = (query: string) => (comparedAlternatives(query) ? [query] : questionParts(query));
  const alone = searched(question);
  if (!withContext) return { query: question, queries: queriesOf(question), result: await alone, ...sidesNote(question) };
  const [own, borrowed] = await Promise.all([alone, searched(withContext)]);
  if (keepsContext(question, passageTexts(own.chunks), passageTexts(borrowed.chunks), answerStem)) {
    return {
      query: withContext,
      queries: queriesOf(withContext),
      result: borrowed,
      note: "follow-up: added the previous question's subject",
    };
  }
  return {
    query: question,
    queries: queriesOf(question),
    result: own,
    note: "searched the question alone: with the previous question's subject the results lost its own words",
  };
}

/** Says how a comparison was searched: "each side on its own: …; …". */
function sidesNote(query: string): { note?: string } {
  const sides = comparedAlternatives(query);
  return sides ? { note: `compared sides searched one by one: ${sides.join(" / ")}` } : {};
}
