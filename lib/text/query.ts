/**
 * The search query for a conversation. Offline: a rule-based rewrite — a short or pronoun-led
 * follow-up ("and for dental?", "how much does it cost?") borrows the subject terms of the
 * previous user question. With a model, lib/chat/approach.ts asks the model instead.
 */
import { QUESTION_STOP_WORDS } from "./stop-words";

export interface ConversationMessage {
  role: "user" | "assistant" | "system";
  content: string;
}

const REFERRING = /\b(it|its|that|this|those|these|they|them|their|he|she|his|her|one|ones|same|above|previous)\b/i;
const FOLLOW_UP_START = /^(and|or|but|also|what about|how about|and what|and how|same for|what if)\b/i;

export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).filter((w) => !QUESTION_STOP_WORDS.has(w) && w.length > 1);
}

/** True when the question cannot stand alone and needs the previous question's subject. */
export function needsContext(question: string): boolean {
  const words = contentWords(question);
  return words.length <= 2 || FOLLOW_UP_START.test(question.trim()) || (REFERRING.test(question) && words.length <= 5);
}

/** "and for dental?", "what about dental?": the follow-up names what takes the place of the previous question's last word. */
const REPLACING_START = /^(and for|and what about|what about|how about|same for)\b/i;

export function offlineSearchQuery(messages: ConversationMessage[]): string {
  const userTurns = messages.filter((m) => m.role === "user").map((m) => m.content.trim());
  const latest = userTurns.at(-1) ?? "";
  const previous = userTurns.at(-2);
  if (!previous || !needsContext(latest)) return latest;
  const own = contentWords(latest);
  let earlier = contentWords(previous);
  // "Does Northwind Standard cover vision?" then "and for dental?": dental in vision's place.
  if (own.length && REPLACING_START.test(latest)) earlier = earlier.slice(0, -1);
  const borrowed = earlier.filter((w) => !own.includes(w));
  return borrowed.length ? `${latest} ${[...new Set(borrowed)].join(" ")}` : latest;
}

/** ", and what …", " and how …": where a compound question starts its next question. */
const NEXT_QUESTION = /,?\s+and\s+(?=(?:what|how|which|who|when|where|why|are|is|does|do|can)\b)/i;
const MAX_PARTS = 3;
/** A part with fewer content words than this is too thin to search on its own. */
const MIN_PART_WORDS = 2;

/**
 * The questions inside a compound question ("How does X affect costs, and what are the
 * exceptions to Y?"). Searched as one, the part with the rarer words crowds the other out of
 * the results; offline, each part is searched and answered on its own.
 */
export function questionParts(question: string): string[] {
  const parts = question
    .split(NEXT_QUESTION)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 2 || parts.length > MAX_PARTS || parts.some((p) => contentWords(p).length < MIN_PART_WORDS)) return [question];
  // A later part that names nothing ("…, and what does the plan cover?") is about what the
  // first part names ("Northwind Health Plus"): it borrows those names.
  const names = properNames(parts[0]);
  return parts.map((p, i) => (i > 0 && names.length && properNames(p).length === 0 ? `${p} ${names.join(" ")}` : p));
}

/** Capitalised words not at the start of the sentence: names of products, plans, documents. */
function properNames(text: string): string[] {
  return [...new Set((text.match(/(?<=\S\s+)\p{Lu}[\p{L}\p{N}_.-]*/gu) ?? []).filter((w) => !QUESTION_STOP_WORDS.has(w.toLowerCase())))];
}
