import damerauLevenshtein from "damerau-levenshtein";

/**
 * How far a word may be from the one it is taken for: one edit (a swap of two neighbouring
 * letters counts as one: "stipned"), two for long words. Shorter words have too many
 * neighbours to guess from; two edits on a mid-length word already reach other real words
 * ("versus" → "virus").
 */
export const MIN_TYPO_LENGTH = 4;
const LONG_WORD = 8;

/** Words as the full-text index splits them: letters and digits ("covid19" is one word). */
const WORD = /[\p{L}\p{N}]+/gu;
export const words = (text: string): string[] => text.toLowerCase().match(WORD) ?? [];

export const maxEdits = (word: string) => (word.length >= LONG_WORD ? 2 : 1);

/**
 * The known word a typo stands for: same first letter, within maxEdits. Of the candidates, the
 * closest; then the one sharing the longest start with the typo ("typs" is "types" more likely
 * than "tips"); then the most frequent. Null when none is close enough.
 */
export function correction(word: string, known: ReadonlyMap<string, number>): string | null {
  // A code or number ("covid19", "2024") is not guessed at.
  if (word.length < MIN_TYPO_LENGTH || /\p{N}/u.test(word)) return null;
  let best: { word: string; rank: number[] } | null = null;
  for (const [candidate, count] of known) {
    if (candidate[0] !== word[0] || Math.abs(candidate.length - word.length) > maxEdits(word)) continue;
    const edits = damerauLevenshtein(word, candidate).steps;
    if (edits > maxEdits(word) || edits === 0) continue;
    const rank = [-edits, commonPrefix(word, candidate), count];
    if (!best || isBetter(rank, best.rank)) best = { word: candidate, rank };
  }
  return best?.word ?? null;
}

const commonPrefix = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i;
};

const isBetter = (a: number[], b: number[]) => {
  const i = a.findIndex((x, k) => x !== b[k]);
  return i >= 0 && a[i] > b[i];
};

/** Words of a text, lowercased, with how often each occurs. */
export function wordCounts(texts: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of texts) for (const w of words(text)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
}

/** The text with each corrected word replaced (corrections are keyed by lowercase word). */
export function applyCorrections(text: string, corrections: Readonly<Record<string, string>>): string {
  return text.replace(WORD, (w) => corrections[w.toLowerCase()] ?? w);
}
