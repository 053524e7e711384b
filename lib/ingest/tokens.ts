import { countTokens as countEncodedTokens } from "gpt-tokenizer/encoding/cl100k_base";

/**
 * cl100k_base: the encoding of OpenAI's text-embedding-3 models, and it loads about twice as
 * fast as o200k (~65 ms vs ~125 ms) while counting just as fast.
 */

// Documents may contain "<|endoftext|>" literally; by default the tokenizer throws on it.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

export function countTokens(text: string): number {
  return text ? countEncodedTokens(text, PLAIN_TEXT) : 0;
}

/** Runs without whitespace longer than this are counted in slices (see countTokensBounded). */
const MAX_RUN_CHARS = 256;

/**
 * Like countTokens, but linear in the text length. BPE time grows with the square of the length
 * of a run without spaces (a 80 kB DNA string or "-----" line takes seconds), so such runs are
 * counted in slices: a slight overestimate, which is the safe side for a size limit.
 */
export function countTokensBounded(text: string): number {
  if (!hasLongRun(text)) return countTokens(text);
  let total = 0;
  for (const [piece] of text.matchAll(/\s*\S+/g)) {
    for (let i = 0; i < piece.length; i += MAX_RUN_CHARS) total += countTokens(piece.slice(i, i + MAX_RUN_CHARS));
  }
  return total;
}

/** A plain loop: the equivalent regex (\S{257}) rescans every run from each start position. */
function hasLongRun(text: string): boolean {
  if (text.length <= MAX_RUN_CHARS) return false;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Whitespace as far as runs matter: space, tab, line breaks, NBSP.
    if (c === 32 || (c >= 9 && c <= 13) || c === 160) run = 0;
    else if (++run > MAX_RUN_CHARS) return true;
  }
  return false;
}
