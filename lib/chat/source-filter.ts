import { contentWords } from "@/lib/text/query";
import { answerStem } from "@/lib/text/stem";

/**
 * Which retrieved passages are worth a model's attention: not near-empty ones (a cover page's
 * "Zava"), not a repeat of a better-ranked one, not document furniture (a disclaimer or footer
 * that several documents share word for word) unless the question asks about it. Each costs
 * prompt tokens and invites the model to cite a page that says nothing.
 */

/** Fewer words than this is a title or a page number, not a source. */
const MIN_WORDS = 4;
/** A sentence found in passages of this many different documents is their furniture. */
const FURNITURE_DOCUMENTS = 3;
/** A passage whose words are mostly such sentences is furniture too. */
const FURNITURE_SHARE = 2 / 3;

export interface PassageRef {
  /** The document a passage belongs to (its citation without the page). */
  document: string;
  content: string;
}

export type LeftOut = "near-empty" | "repeat" | "shared by several documents";

/**
 * For each passage (best first): null when it is worth sending, else why not. `question`: the
 * words the passages were searched with; a shared passage that uses one of them is no furniture
 * (a fact several documents repeat), only a repeat after its first copy.
 */
export function passagesLeftOut(passages: PassageRef[], question: string): (LeftOut | null)[] {
  const asked = new Set(contentWords(question).map(answerStem));
  const split = passages.map((p) => sentences(p.content));
  const documentsOf = new Map<string, Set<string>>();
  split.forEach((list, i) => {
    for (const s of list) documentsOf.set(s.key, (documentsOf.get(s.key) ?? new Set()).add(passages[i].document));
  });
  const seen = new Set<string>();
  return split.map((list) => {
    const words = list.reduce((sum, s) => sum + s.words, 0);
    if (words < MIN_WORDS) return "near-empty";
    const shared = list.reduce((sum, s) => sum + ((documentsOf.get(s.key)?.size ?? 0) >= FURNITURE_DOCUMENTS ? s.words : 0), 0);
    if (shared >= words * FURNITURE_SHARE && !list.some((s) => contentWords(s.text).some((word) => asked.has(answerStem(word)))))
      return "shared by several documents";
    // Only sentences of some length count: a repeated heading line is no repeat of the passage.
    const own = list.filter((s) => s.words >= MIN_WORDS);
    const repeat = own.length > 0 && own.every((s) => seen.has(s.key));
    for (const s of own) seen.add(s.key);
    return repeat ? "repeat" : null;
  });
}

/** Lines, then sentences, each with its word count and a key that ignores case and spacing. */
function sentences(content: string): { text: string; key: string; words: number }[] {
  return content
    .split(/\n+|(?<=[.!?])\s+/)
    .map((text) => ({ text, words: text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [] }))
    .filter(({ words }) => words.length > 0)
    .map(({ text, words }) => ({ text, key: words.join(" "), words: words.length }));
}
