/**
 * The search query for a conversation. Offline: a rule-based rewrite — a short or pronoun-led
 * follow-up ("and for dental?", "how much does it cost?") borrows the subject terms of the
 * previous user question. With a model, lib/chat/model-query.ts asks the LLM instead.
 */
export interface ConversationMessage {
  role: "user" | "assistant" | "system";
  content: string;
}

const STOP_WORDS = new Set(
  "a an and are as at be but by can could do does did for from had has have how i if in into is it its me my of on or our should so than that the their them then there these they this those to was we were what when where which who whom why will with would you your about also any there here please tell explain give show list describe".split(
    " ",
  ),
);
const REFERRING = /\b(it|its|that|this|those|these|they|them|their|he|she|his|her|one|ones|same|above|previous)\b/i;
const FOLLOW_UP_START = /^(and|or|but|also|what about|how about|and what|and how|same for|what if)\b/i;

export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).filter((w) => !STOP_WORDS.has(w) && w.length > 1);
}

/** True when the question cannot stand alone and needs the previous question's subject. */
export function needsContext(question: string): boolean {
  const words = contentWords(question);
  return words.length <= 2 || FOLLOW_UP_START.test(question.trim()) || (REFERRING.test(question) && words.length <= 5);
}

export function offlineSearchQuery(messages: ConversationMessage[]): string {
  const userTurns = messages.filter((m) => m.role === "user").map((m) => m.content.trim());
  const latest = userTurns.at(-1) ?? "";
  const previous = userTurns.at(-2);
  if (!previous || !needsContext(latest)) return latest;
  const own = new Set(contentWords(latest));
  const borrowed = contentWords(previous).filter((w) => !own.has(w));
  return borrowed.length ? `${latest} ${[...new Set(borrowed)].join(" ")}` : latest;
}
