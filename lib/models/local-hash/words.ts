/**
 * The local embedder's words: text folded to lower case (and NFKD for non-ASCII), which
 * characters make up a word and which join one, and the stop words its unigrams skip.
 */

// Kept small on purpose. Direction words ("out", "over", "under"...) are NOT stop words here:
// "out-of-network" vs "in-network" must stay distinguishable.
export const STOP_WORDS = (
  "a an the and or but if then else of at by for with about against between into through during before after " +
  "to from in on again further once here there when where why how all any both each few more most other some such " +
  "no nor not only own same so than too very can will just should now i me my we our ours you your yours he him his " +
  "she her it its they them their theirs what which who whom whose this that these those am is are was were be been being " +
  "have has had having do does did doing would could may might must shall s t dont also per via"
).split(" ");

const NON_ASCII = /[^\x00-\x7f]/;

/** NFKD splits PDF ligatures ("ﬁ" → "fi") and accents (dropped later); only paid for non-ASCII text. */
export function normalizeText(text: string): string {
  return NON_ASCII.test(text) ? text.normalize("NFKD").toLowerCase() : text.toLowerCase();
}

export function isWordChar(c: number): boolean {
  if (c < 0x80) return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
  if (c < 0xc0 || c === 0xd7 || c === 0xf7) return false; // Latin-1 symbols, ×, ÷
  if (c >= 0x0300 && c <= 0x036f) return false; // combining accents (handled by joinsWord)
  if (c >= 0x2000 && c <= 0x2bff) return false; // punctuation, symbols, arrows, math, box drawing
  if (c >= 0x3000 && c <= 0x303f) return false; // CJK punctuation
  if (c >= 0xd800 && c <= 0xdfff) return false; // surrogates (mostly emoji)
  if (c >= 0xfe30 && c <= 0xfe4f) return false; // CJK compatibility forms
  return c !== 0xfeff && c !== 0xfffd; // BOM, replacement char
}

/** Characters skipped without ending the word: accents, apostrophes ("plan's"), digit groups ("1,500"). */
export function joinsWord(c: number, prev: number, next: number): boolean {
  if (c >= 0x0300 && c <= 0x036f) return true;
  if (c === 39 || c === 0x2019) return true;
  return (c === 44 || c === 46) && isDigit(prev) && isDigit(next);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
