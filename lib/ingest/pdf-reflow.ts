import { continuesForm, endsSentence, isHeadingLine, isLabelLine, isListItem, isRecordTitle, RECORD_LOOKAHEAD } from "./headings";
import { normalizeWhitespace } from "./normalize";
import { documentWords, isHyphenatedWord, type DocumentWords } from "./hyphenation";

/**
 * pdf.js returns one text line per visual line, with no blank line between paragraphs.
 * Rejoin wrapped lines into paragraphs, so sentences are not cut at line ends, and put
 * headings and list items on lines of their own, so the chunker can see them.
 */

/** A line ending with sentence punctuation this much shorter than the page's longest line ends a paragraph. */
const SHORT_LINE_RATIO = 0.85;
/** A line is taken as wrapped if it plus the next word would reach this share of the longest line. */
const FIT_RATIO = 0.9;

/**
 * `known`: the document's words, to tell a hyphenated word from a compound at a line end
 * (./hyphenation.ts); the page's own words when not given.
 */
export function reflowPdfPage(rawText: string, nextPageFirstLine?: string, known: DocumentWords = documentWords([rawText])): string {
  // Soft hyphens at a line end mark a word the PDF producer hyphenated: rejoin the halves.
  const lines = rawText
    .replace(/\u00ad[ \t]*\r?\n[ \t]*/g, "")
    .split(/\r?\n/)
    .map(cleanLine);
  const width = lines.reduce((max, l) => Math.max(max, l.length), 0);
  const isShort = (line: string) => line.length < SHORT_LINE_RATIO * width;
  // The next line's first word would not have fitted on this one, or it continues a sentence.
  // Character counts stand in for widths, hence the slack.
  const wasWrapped = (line: string, following: string) =>
    /^\p{Ll}/u.test(following) || line.length + 1 + following.split(" ")[0].length > FIT_RATIO * width;
  let out = "";
  let previousBlock = "";
  let paragraph = "";
  const emit = (block: string) => {
    // List items stay on consecutive lines after each other or after a lead-in ("as follows:").
    const tight = isListItem(block) && (isListItem(previousBlock) || previousBlock.endsWith(":"));
    out += (out ? (tight ? "\n" : "\n\n") : "") + block;
    previousBlock = block;
  };
  const flush = () => {
    if (paragraph) emit(paragraph);
    paragraph = "";
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line) {
      flush();
      continue;
    }
    const following = nextNonEmpty(lines, i, nextPageFirstLine);
    const next = following[0];
    // A short line above ended its paragraph (even without a full stop), like a blank line would.
    const previous = i > 0 && isShort(lines[i - 1]) ? "" : lines[i - 1];
    // The raw line above, not `previous`: a form's field lines are short.
    const inForm = i > 0 && continuesForm(line, lines[i - 1]);
    if ((!inForm && isHeadingLine(line, previous, next)) || isRecordTitle(line, lines[i - 1] ?? "", following)) {
      flush();
      emit(line);
      continue;
    }
    if (isListItem(line) || isLabelLine(line)) flush();
    if (!paragraph) paragraph = line;
    else if (wasWrapped(lines[i - 1], line)) paragraph = joinWrappedLines(paragraph, line, known);
    // The line above broke early without ending a sentence: a deliberate line break (title page,
    // "Field: value" lines). Keep it.
    else paragraph += `\n${line}`;
    const below = lines[i + 1] ?? "";
    if ((endsSentence(line) && !(below && wasWrapped(line, below))) || isLabelLine(line)) flush();
  }
  flush();
  return normalizeWhitespace(out);
}

/** First non-empty line of a page, used to decide whether the previous page ends with a heading. */
export function firstLine(rawText: string): string | undefined {
  // Lines are cleaned up to the first with text only: every page asks this of the next one.
  for (const line of rawText.split(/\r?\n/)) {
    const clean = cleanLine(line);
    if (clean !== "") return clean;
  }
  return undefined;
}

/** The next non-empty lines after `index` (as many as a record title needs), the next page's first line standing in for a missing one. */
function nextNonEmpty(lines: string[], index: number, nextPageFirstLine: string | undefined): string[] {
  const found: string[] = [];
  for (let j = index + 1; j < lines.length && found.length < RECORD_LOOKAHEAD; j++) if (lines[j]) found.push(lines[j]);
  if (found.length < RECORD_LOOKAHEAD && nextPageFirstLine !== undefined) found.push(nextPageFirstLine);
  return found;
}

function cleanLine(line: string): string {
  return line.replace(/\s+/g, " ").trim();
}

function joinWrappedLines(paragraph: string, line: string, known: DocumentWords): string {
  const left = hyphenatedEnd(paragraph);
  const right = /^\p{L}[\p{L}\p{M}'’]*/u.exec(line)?.[0];
  if (left === undefined || right === undefined) return `${paragraph} ${line}`;
  // "Ex-" + "isting" is one word hyphenated: drop the hyphen. "in-" + "network" is a compound
  // split at its hyphen (all such breaks in the Northwind set are): keep it, drop the space.
  return isHyphenatedWord(left, right, known) ? paragraph.slice(0, -1) + line : paragraph + line;
}

const WORD_CHAR = /^[\p{L}\p{M}'’-]$/u;

/**
 * The word (letters, marks, apostrophes, hyphens) the paragraph ends with when it ends with a
 * hyphen after a letter: the regex below, run on the paragraph's last run of word characters
 * only. Run on the whole paragraph it rescanned it at every joined line (quadratic in its length).
 */
function hyphenatedEnd(paragraph: string): string | undefined {
  if (!paragraph.endsWith("-")) return undefined;
  let start = paragraph.length - 1;
  while (start > 0) {
    const pair = start >= 2 && /[\uDC00-\uDFFF]/.test(paragraph[start - 1]) ? 2 : 1;
    if (!WORD_CHAR.test(paragraph.slice(start - pair, start))) break;
    start -= pair;
  }
  return /(\p{L}[\p{L}\p{M}'’-]*)-$/u.exec(paragraph.slice(start))?.[1];
}
