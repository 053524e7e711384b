/**
 * Text a PDF's fonts decode to nothing readable: a font that is not embedded and maps its glyph
 * ids to no characters (Identity-H without ToUnicode) comes out as glyph ids read as code
 * points, letters of a different script at nearly every character ("ಊ༻ႢԮଜ๏"). Real text stays
 * in one script for a word at a time (Japanese mixes kanji and kana: one family here).
 */

const SCRIPTS: [string, RegExp][] = [
  ["Latin", /\p{Script=Latin}/u],
  ["CJK", /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]/u],
  ["Cyrillic", /\p{Script=Cyrillic}/u],
  ["Greek", /\p{Script=Greek}/u],
  ["Arabic", /\p{Script=Arabic}/u],
  ["Hebrew", /\p{Script=Hebrew}/u],
  ["Devanagari", /\p{Script=Devanagari}/u],
  ["Thai", /\p{Script=Thai}/u],
];

/** Letters sampled per page: enough to judge, cheap on long pages. */
const SAMPLE_LETTERS = 2000;
/** Share of neighbouring letters in different scripts above which a page is garbled. */
const MAX_SCRIPT_CHANGES = 0.3;
const MIN_PAIRS = 5;

const ASCII_WORD = /^[A-Za-z]+$/;

function scriptOf(letter: string): string {
  // Every ASCII letter is Latin: no pattern to run.
  if (letter.charCodeAt(0) < 0x80) return "Latin";
  for (const [name, pattern] of SCRIPTS) if (pattern.test(letter)) return name;
  // Private use, and every script not listed, stands for itself.
  return `U+${(letter.codePointAt(0)! >> 7).toString(16)}`;
}

export function looksGarbled(text: string): boolean {
  // Latin-only pages (most) are not judged here: the test is for glyph ids shown as letters.
  if (!/[^\u0000-\u024f\s]/.test(text)) return false;
  let pairs = 0;
  let changes = 0;
  for (const word of text.slice(0, SAMPLE_LETTERS * 2).match(/[\p{L}\p{Co}]+/gu) ?? []) {
    // An ASCII word (most words) is Latin throughout: its pairs, and no change, without a look at each letter.
    if (ASCII_WORD.test(word)) {
      pairs += word.length - 1;
      continue;
    }
    let previous: string | null = null;
    for (const letter of word) {
      const script = scriptOf(letter);
      if (previous !== null) {
        pairs++;
        if (script !== previous) changes++;
      }
      previous = script;
    }
  }
  return pairs >= MIN_PAIRS && changes / pairs > MAX_SCRIPT_CHANGES;
}
