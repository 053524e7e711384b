/**
 * Hyphenated compounds as one word: "out-of-network" → "outofnetwork". The full-text index
 * splits on hyphens and drops stop words, which leaves "out-of-network" and "in-network" both
 * just "network" (and "out-of-pocket" just "pocket"). The joined form, added to what is
 * indexed and to the query, tells them apart, and matches the unhyphenated spelling
 * ("co-insurance" → "coinsurance").
 */
const COMPOUND = /\p{L}+(?:-\p{L}+)+/gu;

/**
 * Every occurrence, so the index counts how often a compound is used, as it does words. Only
 * words holding a hyphen are matched: the pattern's Unicode letter classes are slow on text
 * with any character beyond Latin-1 (a curly quote in a PDF page): ~60 µs per passage over the
 * whole text, half the write time of generated passages made of PDF words.
 */
export function joinedCompounds(text: string): string[] {
  if (!text.includes("-")) return [];
  const compounds: string[] = [];
  for (const word of text.toLowerCase().split(/\s+/)) {
    if (word.includes("-")) for (const compound of word.match(COMPOUND) ?? []) compounds.push(compound.replace(/-/g, ""));
  }
  return compounds;
}

/** The text followed by its compounds' joined forms, if it has any. */
export function withJoinedCompounds(text: string, separator = " "): string {
  const joined = joinedCompounds(text);
  return joined.length ? `${text}${separator}${joined.join(" ")}` : text;
}
