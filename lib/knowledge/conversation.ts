import { keepsContext, questionParts, searchQueries, type ConversationMessage } from "@/lib/text/query";
import { answerStem } from "@/lib/text/stem";
import type { Chunk } from "./schemas";

/** A conversation's latest question as it was searched, and what that search found. */
export interface ConversationSearch<R> {
  query: string;
  /** The query's parts (questionParts), each searched for its share. */
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
  const alone = search(questionParts(question));
  if (!withContext) return { query: question, queries: questionParts(question), result: await alone };
  const [own, borrowed] = await Promise.all([alone, search(questionParts(withContext))]);
  if (keepsContext(question, passageTexts(own.chunks), passageTexts(borrowed.chunks), answerStem)) {
    return {
      query: withContext,
      queries: questionParts(withContext),
      result: borrowed,
      note: "follow-up: added the previous question's subject",
    };
  }
  return {
    query: question,
    queries: questionParts(question),
    result: own,
    note: "searched the question alone: with the previous question's subject the results lost its own words",
  };
}
