import { comparedAlternatives, keepsContext, questionParts, searchQueries, type ConversationMessage } from "@/lib/text/query";
import { answerStem } from "@/lib/text/stem";
import { chunkHeading, type Chunk } from "./schemas";

/** A conversation's latest question as it was searched, and what that search found. */
export interface ConversationSearch<R> {
  query: string;
  /** The query's parts (questionParts), each searched for its share and answered on its own. */
  queries: string[];
  result: R;
  /** Why the previous question's subject was or was not added, when it could have been. */
  note?: string;
}

const passageTexts = (chunks: Chunk[]) => chunks.map((c) => `${chunkHeading(c) ?? ""}\n${c.content}`);

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
  const alone = searchPlan(question);
  const ownResult = search(alone.searched);
  if (!withContext) {
    const note = alone.sides ? { note: sidesNote(alone.sides) } : {};
    return { query: question, queries: alone.answered, result: await ownResult, ...note };
  }
  const borrowedPlan = searchPlan(withContext);
  const [own, borrowed] = await Promise.all([ownResult, search(borrowedPlan.searched)]);
  if (keepsContext(question, passageTexts(own.chunks), passageTexts(borrowed.chunks), answerStem)) {
    return {
      query: withContext,
      queries: borrowedPlan.answered,
      result: borrowed,
      note: "follow-up: added the previous question's subject",
    };
  }
  return {
    query: question,
    queries: alone.answered,
    result: own,
    note: "searched the question alone: with the previous question's subject the results lost its own words",
  };
}

/**
 * What a query is searched as and answered as: a compound question's parts, each searched and
 * answered on its own; a comparison of two named things searched once per side and answered
 * as one question.
 */
export function searchPlan(query: string): { searched: string[]; answered: string[]; sides: string[] | null } {
  const sides = comparedAlternatives(query);
  if (sides) return { searched: sides, answered: [query], sides };
  const parts = questionParts(query);
  return { searched: parts, answered: parts, sides: null };
}

export const sidesNote = (sides: string[]) => `compared sides searched one by one: ${sides.join(" / ")}`;
