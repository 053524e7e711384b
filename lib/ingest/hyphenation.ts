/**
 * Words hyphenated at a line end ("Ex-" / "isting") are rejoined; compounds that happen to break
 * at their hyphen ("in-" / "network") keep it. The document itself tells them apart: the words it
 * uses elsewhere (not at a line-end break), as words and as hyphenated compounds.
 */

/** A hyphen at the end of a line after a letter, the next line starting with a letter. */
export const LINE_END_HYPHEN = /(\p{L}[\p{L}\p{M}'’-]*)-\s*\n\s*(\p{L}[\p{L}\p{M}'’]*)/gu;
/** What LINE_END_HYPHEN needs besides letters: a hyphen and a line break, with only white space between. */
const LINE_END_BREAK = /-\s*\n/;
const TOKEN = /\p{L}[\p{L}\p{M}'’]*(?:-\p{L}[\p{L}\p{M}'’]*)*/gu;

export interface DocumentWords {
  /** Lower-case words, including each part of a hyphenated compound. */
  words: Set<string>;
  /** Lower-case hyphenated compounds as written within lines. */
  compounds: Set<string>;
}

/** The words of a document's pages, leaving out the halves of line-end breaks (they are what is judged). */
export function documentWords(pages: string[]): DocumentWords {
  const words = new Set<string>();
  const compounds = new Set<string>();
  for (const page of pages) {
    // Most pages have no line-end hyphen: skip the costly pattern there.
    const text = LINE_END_BREAK.test(page) ? page.replace(LINE_END_HYPHEN, " ") : page;
    // match(), not matchAll(): the words alone, without a match object for each (50k a document).
    for (const token of text.match(TOKEN) ?? []) {
      const lower = token.toLowerCase();
      if (lower.includes("-")) {
        compounds.add(lower);
        for (const part of lower.split("-")) words.add(part);
      } else words.add(lower);
    }
  }
  return { words, compounds };
}

/**
 * Whether "left-" at a line end and "right" on the next line are one word split by hyphenation
 * (join them without the hyphen) rather than a compound (keep the hyphen). `left` may itself be
 * a compound ("out-of-" / "network"); its last part is what was split.
 */
export function isHyphenatedWord(left: string, right: string, known: DocumentWords): boolean {
  // A capital after the break starts a name or a word of its own ("Anglo-" / "Saxon", "Pre-" / "Authorization").
  if (/^\p{Lu}/u.test(right)) return false;
  const last = left.split("-").pop()!.toLowerCase();
  const rest = right.toLowerCase();
  if (known.compounds.has(`${left.toLowerCase()}-${rest}`) || known.compounds.has(`${last}-${rest}`)) return false;
  if (known.words.has(last + rest)) return true;
  // Either half a word of the document on its own ("bone-" / "anchored"): a compound. Fragments ("Ex-" / "isting") are not.
  return !((last.length >= 2 && known.words.has(last)) || (rest.length >= 3 && known.words.has(rest)));
}
