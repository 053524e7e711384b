/**
 * The search query for a conversation. Offline: a follow-up ("and for dental?", "how much does
 * it cost?") may borrow the subject terms of the previous user question; whether it keeps them
 * is decided by evidence (keepsContext), never by its length alone. With a model,
 * lib/chat/approach.ts asks the model instead.
 */
import { contentWordsIn, detectLanguage, type Lang } from "./language";
import { stopWords } from "./stop-words";

export interface ConversationMessage {
  role: "user" | "assistant" | "system";
  content: string;
}

/**
 * A word that points back to something said before: a pronoun, or a word adding to it ("Is
 * there a phone number too?"). Case matters: "IT help" is not "it".
 */
const REFERRING =
  /\b(it|its|that|this|those|these|they|them|their|he|she|his|her|one|ones|same|above|previous|too|also|either|else|instead)\b/;
const FOLLOW_UP_START = /^(and|or|but|also|what about|how about|and what|and how|same for|what if)\b/i;
/** A question with this many content words or more, and no word pointing back, stands alone. */
const STANDALONE_WORDS = 3;

/** The words of a text that say what it is about: not its language's stop words nor words of asking. */
export function contentWords(text: string, lang: Lang = detectLanguage(text)): string[] {
  return contentWordsIn(text, lang);
}

/** Starts like a follow-up ("and for…", "what about…") or points back ("does it…"). */
export function refersBack(question: string): boolean {
  const q = question.trim();
  return FOLLOW_UP_START.test(q) || REFERRING.test(withoutRelativeThat(q.charAt(0).toLowerCase() + q.slice(1)));
}

/**
 * "systems that hold customer data": a "that" after a noun and before more words starts a
 * clause about the noun; it points back to nothing. ("Is that covered?", "…for that?" do.)
 */
function withoutRelativeThat(question: string): string {
  const stop = stopWords("en");
  // "claim that back", "pay that off": before a particle, "that" is the thing.
  return question.replace(/\b([\p{L}'-]+) that\b(?=\s+(?!(?:back|up|off|out|over|down|away)\b)\p{L})/gu, (whole, before: string) =>
    stop.has(before.toLowerCase()) ? whole : `${before} `,
  );
}

/** True when the question may lean on the previous one: it points back, or names too little to search alone. */
function mayNeedContext(question: string): boolean {
  if (CHANGES_TOPIC.test(question)) return false;
  return pointsToEarlierTurn(question) || contentWords(question).length < STANDALONE_WORDS;
}

/**
 * A message points back to an earlier turn when its first sentence does: in "I have questions
 * about our retirement plan. Which role manages that?", "that" is the plan it just named.
 */
function pointsToEarlierTurn(question: string): boolean {
  const first = question.split(/(?<=[.!?])\s+(?=\S)/)[0];
  return refersBack(first);
}

/** "Unrelated:", "Something else:", "Different question –": the person says the topic changes. */
const CHANGES_TOPIC =
  /^\W*(unrelated|something else|(a |one )?(different|other|another|new|separate) (question|topic|thing|subject)s?|(chang|switch)(e|ed|ing)? (of |the )?(subject|topic)s?|on (a |an )?(different|other|another|separate) note|by the way|btw|separately)\b/i;
/** The same words and the mark after them: they say how the question is put, and are not searched. */
const TOPIC_MARKER = new RegExp(`${CHANGES_TOPIC.source}\\s*[:,;.–—-]\\s*`, "i");

/** "Switching topics: who do I call…?" is "who do I call…?". */
export const withoutTopicMarker = (question: string): string => question.replace(TOPIC_MARKER, "").trim() || question;

/**
 * "My doctor isn't part of the Health Plus network", "a hospital outside the network": what the
 * documents call out-of-network (the bare word "network" also matches every in-network sentence).
 */
const NEGATED_NETWORK = /\b((?:is|are|was|were)\s*n[o']t|not|outside(?:\s+of)?)\b([^.?!,;]{0,40}?)\b(?:in-)?network\b/gi;

/** "…the specialist I want to see isn't one of theirs": a provider outside the plan's network. */
const NOT_THEIRS =
  /\b(isn['’]t|is not|aren['’]t|are not|not) one of (theirs|their (own )?(doctors|providers|specialists|clinics|hospitals))\b/gi;

/** The question as asked, put plainly: no topic marker, a provider's network status in the documents' words. */
export const plainQuestion = (question: string): string =>
  withoutTopicMarker(question)
    .replace(NEGATED_NETWORK, (_, negation: string, middle: string) => `${negation}${middle}out-of-network`)
    .replace(NOT_THEIRS, "is out-of-network");

/** "and for dental?", "what about dental?": the follow-up names what takes the place of the previous question's last word. */
const REPLACING_START = /^(and for|and what about|what about|how about|same for)\b/i;

/**
 * The latest question and, when it may lean on the previous one, the same with the previous
 * question's subject terms added (null otherwise).
 */
export function searchQueries(messages: ConversationMessage[]): { question: string; withContext: string | null } {
  const userTurns = messages.filter((m) => m.role === "user").map((m) => m.content.trim());
  const question = plainQuestion(userTurns.at(-1) ?? "");
  const previous = userTurns.at(-2);
  if (!previous || CHANGES_TOPIC.test(userTurns.at(-1)!)) return { question, withContext: null };
  if (!mayNeedContext(question)) return { question, withContext: withDocumentNamed(question, previous) };
  const own = contentWords(question);
  let earlier = contentWords(previous);
  // "Does Northwind Standard cover vision?" then "and for dental?": dental in vision's place.
  if (own.length && REPLACING_START.test(question)) earlier = earlier.slice(0, -1);
  const borrowed = earlier.filter((w) => !own.includes(w));
  return { question, withContext: borrowed.length ? `${question} ${[...new Set(borrowed)].join(" ")}` : null };
}

/**
 * "Does Health Plus pay for…?" then "…Could the plan pay her for that?": a plan spoken of as
 * known, naming none, is the one named before. The question with the earlier question's names
 * added, or null.
 */
function withDocumentNamed(question: string, previous: string): string | null {
  const names = properNames(previous).filter((name) => !question.includes(name));
  return DEFINITE_DOCUMENT.test(question) && properNames(question).length === 0 && names.length ? `${question} ${names.join(" ")}` : null;
}
const DEFINITE_DOCUMENT = /\b(the|this|that|my|our|your) (plan|program|programme|policy|scheme|insurance|insurer|benefit)\b/i;

/**
 * The earlier question a follow-up asks again of something else ("Does Standard cover vision?"
 * then "and for dental?"), or null: what it asks for (a yes or no, an amount) is that question's.
 */
export function askedAgain(messages: ConversationMessage[]): string | null {
  const userTurns = messages.filter((m) => m.role === "user").map((m) => m.content.trim());
  return userTurns.length > 1 && REPLACING_START.test(userTurns.at(-1)!) ? userTurns.at(-2)! : null;
}

/** The search query without looking at what it finds: the question with context whenever it may need it. */
export function offlineSearchQuery(messages: ConversationMessage[]): string {
  const { question, withContext } = searchQueries(messages);
  return withContext ?? question;
}

/** Passages a search found, as text (heading and content). */
type Found = string[];

/**
 * How well the first few passages address the question: the largest share of its own terms
 * (stems) that one passage holds, divided by the passage's rank (1, 2, 3). A passage about
 * what is asked holds several of them together, while words scattered over unrelated passages
 * ("add" in one, "family" in another) are no evidence; and the old topic ranked above the
 * passage that answers is worse evidence than that passage ranked first.
 */
function ownTermsFound(question: string, found: Found, stem: (w: string) => string): number {
  const own = [...new Set(contentWords(question).map(stem))];
  if (own.length === 0) return 0;
  const shares = found.map((text, rank) => {
    const present = new Set(contentWords(text).map(stem));
    return own.filter((s) => present.has(s)).length / own.length / (rank + 1);
  });
  return Math.max(0, ...shares);
}

/** "How long", "how much": words that ask, not what about. */
const HOW_MUCH = /\bhow (long|much|many|often|soon|far)\b/gi;

/** Passages of each search looked at for the evidence. */
const EVIDENCE_DEPTH = 3;

/**
 * Evidence that the previous question's subject belongs in this one: the search with it still
 * finds what the question itself asks about ("and for dental?" → dental passages of the plan
 * asked about before). Searched with it, a new topic ("Who do I call for IT help?" after a hotel
 * question) finds the old topic's passages, which lack the question's own words: the question is
 * then searched alone. A question pointing back ("how much does it cost?") keeps the context
 * unless that loses more than half of what the question alone finds.
 */
export function keepsContext(question: string, alone: Found, withContext: Found, stem: (w: string) => string): boolean {
  // One word of its own ("How long do I have to ask for that?") is no evidence either way: what
  // the question points back to is its subject.
  if (pointsToEarlierTurn(question) && new Set(contentWords(question.replace(HOW_MUCH, " ")).map(stem)).size <= 1)
    return withContext.length > 0;
  const own = ownTermsFound(question, alone.slice(0, EVIDENCE_DEPTH), stem);
  const combined = ownTermsFound(question, withContext.slice(0, EVIDENCE_DEPTH), stem);
  if (combined === 0) return contentWords(question).length === 0;
  return combined >= own || (pointsToEarlierTurn(question) && combined >= own / 2);
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
    .flatMap(questionsAsked)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 2 || parts.length > MAX_PARTS || parts.some((p) => contentWords(p).length < MIN_PART_WORDS)) return [question];
  // A later part that names nothing ("…, and what does the plan cover?") is about what the
  // first part names ("Northwind Health Plus"): it borrows those names.
  const names = properNames(parts[0]);
  return parts.map((p, i) => {
    if (i === 0) return p;
    // "What number do I send it to?" after "Can I fax my appeal?": it is the appeal, by fax.
    if (refersBack(p)) {
      const own = contentWords(p);
      const borrowed = contentWords(parts[i - 1]).filter((w) => !own.includes(w));
      return borrowed.length ? `${p} ${[...new Set(borrowed)].join(" ")}` : p;
    }
    return names.length && properNames(p).length === 0 ? `${p} ${names.join(" ")}` : p;
  });
}

/**
 * "Can I fax my appeal? What number do I send it to?": two questions asked one after the other.
 * A statement before a question ("I wear contacts. Which plan…?") stays with it.
 */
function questionsAsked(text: string): string[] {
  const asked = text.split(/(?<=\?)\s+(?=\p{Lu})/u);
  return asked.length > 1 && asked.every((q) => /\?\s*$/.test(q)) ? asked : [text];
}

/** Capitalised words not at the start of the sentence: names of products, plans, documents. */
function properNames(text: string): string[] {
  return [
    ...new Set(
      (text.match(/(?<=\S\s+)\p{Lu}[\p{L}\p{N}_.-]*/gu) ?? []).filter((w) => !stopWords(detectLanguage(text)).has(w.toLowerCase())),
    ),
  ];
}

/** Capitalised words in a row, "of" or "&" between: a name ("Health Plus", "VP of Product Management"). */
const NAME = String.raw`\p{Lu}[\p{L}\p{N}&-]*(?:\s+(?:(?:of|&)\s+)?\p{Lu}[\p{L}\p{N}&-]*)*`;
const alternatives = (joiner: string) =>
  new RegExp(
    String.raw`(?<before>(?:\b(?:on|in|for|under|with|at|from|between)\s+)?(?:the\s+)?)(?<a>${NAME})\s+(?:${joiner})\s+(?:(?:on|in|for|under|with|at|from)\s+)?(?:the\s+)?(?<b>${NAME})`,
    "u",
  );
const ALTERNATIVES = alternatives(String.raw`or|than|vs\.?|versus`);
/** "Between the CEO and the CFO…", "…the CTO and COO openings: could I do either?": two things weighed, joined by "and". */
const BOTH_ALTERNATIVES = alternatives("and");
const WEIGHS_BOTH = /\b(between|either|neither|both|each|which (one|of))\b/i;

/**
 * A question weighing two named things against each other ("…, Health Plus or Standard?", "lower on
 * Standard than on Health Plus?") as one question per side, each naming only its side: searched
 * together, the side whose words are rarer crowds the other's passages out. Null for any other.
 */
export function comparedAlternatives(question: string): string[] | null {
  const found = ALTERNATIVES.exec(question) ?? (WEIGHS_BOTH.test(question) ? BOTH_ALTERNATIVES.exec(question) : null);
  if (!found?.groups) return null;
  let { a } = found.groups;
  const { before, b } = found.groups;
  // "Does Standard or Health Plus…?": the question's first word is no part of the name.
  if (found.index === 0 && !before) {
    const [first, ...rest] = a.split(/\s+/);
    if (!stopWords("en").has(first.toLowerCase())) return sidesOf(question, found, [a, b]);
    if (!rest.length) return null;
    a = rest.join(" ");
    return sidesOf(question, found, [a, b], `${first} `);
  }
  return sidesOf(question, found, [a, b], before);
}

function sidesOf(question: string, found: RegExpExecArray, sides: string[], lead = ""): string[] | null {
  if (sides[0].toLowerCase() === sides[1].toLowerCase()) return null;
  const start = question.slice(0, found.index);
  const end = question.slice(found.index + found[0].length);
  return sides.map((side) => `${start}${lead}${side}${end}`);
}
