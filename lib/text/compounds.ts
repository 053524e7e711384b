/**
 * Hyphenated compounds as one word: "out-of-network" → "outofnetwork". The full-text index
 * splits on hyphens and drops stop words, which leaves "out-of-network" and "in-network" both
 * just "network" (and "out-of-pocket" just "pocket"). The joined form, added to what is
 * indexed and to the query, tells them apart, and matches the unhyphenated spelling
 * ("co-insurance" → "coinsurance").
 */
const COMPOUND = /\p{L}+(?:-\p{L}+)+/gu;

/** Every occurrence, so the index counts how often a compound is used, as it does words. */
export function joinedCompounds(text: string): string[] {
  return (text.toLowerCase().match(COMPOUND) ?? []).map((w) => w.replace(/-/g, ""));
}

/** The text followed by its compounds' joined forms, if it has any. */
export function withJoinedCompounds(text: string, separator = " "): string {
  const joined = joinedCompounds(text);
  return joined.length ? `${text}${separator}${joined.join(" ")}` : text;
}
