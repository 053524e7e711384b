import { isHeadingLine, isLabelLine, isListItem, isRecordTitle, RECORD_LOOKAHEAD, isSetextUnderline, markdownHeading } from "./headings";
import { countTokensBounded } from "./tokens";

/**
 * Cuts one page of text into the pieces the chunker packs: heading lines and sentences, each
 * small enough to fit a chunk. Pieces are offsets into the page text, so chunks are exact
 * slices of it (line breaks in lists and tables survive).
 */
export interface Segment {
  start: number;
  end: number;
  tokens: number;
  /** Heading text when this piece is a heading line. */
  heading: string | null;
  /** The heading is a record's title (isRecordTitle): a new record, not a section of the one before. */
  record?: true;
  /**
   * Within a record, a label line of its own ("Qualifications:") names the part of the record
   * that follows. It stays a line of text (a list's lead-in), not a heading: it starts no chunk.
   */
  section?: string;
  /** Last piece of a paragraph or list item: the preferred place to end a chunk. */
  paragraphEnd: boolean;
}

export interface SegmentOptions {
  /** Markdown: only `#` / setext headings count; otherwise headings are guessed from their shape. */
  markdown: boolean;
  /** First line of the next page, to tell a heading at the bottom of a page from a stray line. */
  nextPageFirstLine?: string;
  /** No piece is larger than this; longer sentences are split at lines, then words. */
  maxTokens: number;
  /** The page starts inside a record (a record's title came on an earlier page). */
  inRecord?: boolean;
}

interface Line {
  start: number;
  end: number;
  text: string;
}

/** The longest cl100k token is 128 characters: text longer than maxTokens times this cannot fit. */
const MAX_CHARS_PER_TOKEN = 128;
const FENCE = /^ {0,3}(?:```|~~~)/;
// Abbreviations whose full stop does not end a sentence ("e.g. Dental", "Dr. Smith").
const ABBREVIATIONS = new Set(["e.g", "i.e", "mr", "mrs", "ms", "dr", "prof", "st", "vs", "no", "fig", "approx", "ca", "cf"]);
// Western sentences end before a space and a capital; CJK ones at 。！？ (no space follows).
const SENTENCE_END = /[.!?…]+["'”’)\]]*(?=\s+["'“‘(\[]?[\p{Lu}\p{N}])|[。！？]+[」』”’）]*/gu;

export function segmentPage(text: string, options: SegmentOptions): Segment[] {
  const lines = splitLines(text);
  const segments: Segment[] = [];
  let blockStart = -1;
  let blockEnd = -1;
  const endBlock = () => {
    // Loops, not push(...spread): a huge block can yield more pieces than a call takes arguments.
    if (blockStart >= 0) for (const segment of sentences(text, blockStart, blockEnd, options.maxTokens)) segments.push(segment);
    blockStart = -1;
  };
  let inFence = false;
  let inRecord = options.inRecord ?? false;

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (options.markdown && FENCE.test(line.text)) inFence = !inFence;
    if (line.text.trim() === "") {
      endBlock();
      continue;
    }
    const heading = inFence ? null : headingOf(lines, i, options);
    const headingEnd = heading?.underlined ? lines[i + 1].end : line.end;
    const headingTokens = heading ? countTokensBounded(text.slice(line.start, headingEnd)) : 0;
    // A "heading" too long for a chunk is really a paragraph (e.g. a Markdown line starting with #).
    if (heading && headingTokens <= options.maxTokens) {
      endBlock();
      inRecord = heading.record;
      const record = heading.record ? { record: true as const } : {};
      segments.push({ start: line.start, end: headingEnd, tokens: headingTokens, heading: heading.text, paragraphEnd: true, ...record });
      if (heading.underlined) i++;
      continue;
    }
    // Within a record, "Responsibilities:" or "Qualifications:" on a line of its own names a part of it.
    if (inRecord && !options.markdown && isLabelLine(line.text)) {
      endBlock();
      const label = line.text.trim().slice(0, -1);
      for (const segment of sentences(text, line.start, line.end, options.maxTokens)) segments.push({ ...segment, section: label });
      continue;
    }
    // List items and table rows are natural cut points, like paragraphs.
    if (!inFence && (isListItem(line.text) || line.text.trimStart().startsWith("|"))) endBlock();
    if (blockStart < 0) blockStart = line.start;
    blockEnd = line.end;
  }
  endBlock();
  return segments;
}

function headingOf(lines: Line[], i: number, options: SegmentOptions): { text: string; underlined: boolean; record: boolean } | null {
  const line = lines[i].text;
  if (options.markdown) {
    const atx = markdownHeading(line);
    if (atx) return { text: atx, underlined: false, record: false };
    const below = lines[i + 1]?.text;
    if (below !== undefined && isSetextUnderline(below) && !isListItem(line) && (i === 0 || lines[i - 1].text.trim() === "")) {
      return { text: line.trim(), underlined: true, record: false };
    }
    return null;
  }
  const following: string[] = [];
  for (let j = i + 1; j < lines.length && following.length < RECORD_LOOKAHEAD; j++) if (lines[j].text.trim()) following.push(lines[j].text);
  if (following.length < RECORD_LOOKAHEAD && options.nextPageFirstLine !== undefined) following.push(options.nextPageFirstLine);
  if (isRecordTitle(line, lineAbove(lines, i), following)) return { text: line.trim(), underlined: false, record: true };
  return isHeadingLine(line, lines[i - 1]?.text, following[0]) ? { text: line.trim(), underlined: false, record: false } : null;
}

function lineAbove(lines: Line[], i: number): string {
  for (let j = i - 1; j >= 0; j--) if (lines[j].text.trim()) return lines[j].text;
  return "";
}

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const part of text.split("\n")) {
    lines.push({ start, end: start + part.length, text: part });
    start += part.length + 1;
  }
  return lines;
}

/** A paragraph as sentences; the last one is marked as ending the paragraph. */
function sentences(text: string, start: number, end: number, maxTokens: number): Segment[] {
  const block = text.slice(start, end);
  const cuts: number[] = [];
  for (const match of block.matchAll(SENTENCE_END)) {
    const cut = match.index + match[0].length;
    if (!isAbbreviation(block, match.index)) cuts.push(cut);
  }
  cuts.push(block.length);

  const out: Segment[] = [];
  let from = 0;
  for (const cut of cuts) {
    for (const segment of fitted(text, start + from, start + cut, maxTokens)) out.push(segment);
    from = cut;
  }
  if (out.length > 0) out[out.length - 1].paragraphEnd = true;
  return out;
}

function isAbbreviation(block: string, periodIndex: number): boolean {
  if (block[periodIndex] !== ".") return false;
  const word = /(\S+)$/.exec(block.slice(Math.max(0, periodIndex - 20), periodIndex))?.[1] ?? "";
  const bare = word.replace(/^["'“‘(\[]+/, "").toLowerCase();
  return ABBREVIATIONS.has(bare) || /^\p{L}$/u.test(bare);
}

/** The trimmed range as one piece, or split at line breaks, then words, then characters. */
function fitted(text: string, start: number, end: number, maxTokens: number): Segment[] {
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  if (start === end) return [];
  // Too many characters to fit whatever they are: skip counting (costly on huge blocks).
  if (end - start <= maxTokens * MAX_CHARS_PER_TOKEN) {
    const whole = piece(text, start, end); // counted once: its count is the segment's
    if (whole.tokens <= maxTokens) return [whole];
  }

  const lineBreak = text.indexOf("\n", start);
  if (lineBreak >= 0 && lineBreak < end) {
    // Pack whole lines (table rows, code) before resorting to words.
    return packRanges(text, rangesOf(text, start, end, /[^\n]+/g), maxTokens).flatMap(([s, e]) => fittedGroup(text, s, e, maxTokens));
  }
  return splitWords(text, start, end, maxTokens);
}

function splitWords(text: string, start: number, end: number, maxTokens: number): Segment[] {
  return packRanges(text, rangesOf(text, start, end, /\S+/g), maxTokens).flatMap(([s, e]) =>
    fittedGroup(text, s, e, maxTokens, splitChars),
  );
}

/** A packed group fits unless it is a single oversized line or word: split that one further. */
function fittedGroup(
  text: string,
  start: number,
  end: number,
  maxTokens: number,
  split: (text: string, start: number, end: number, maxTokens: number) => Segment[] = splitWords,
): Segment[] {
  const segment = piece(text, start, end);
  return segment.tokens <= maxTokens ? [segment] : split(text, start, end, maxTokens);
}

/** Last resort for a single "word" longer than a chunk (a base64 blob, a DNA sequence). */
function splitChars(text: string, start: number, end: number, maxTokens: number): Segment[] {
  const out: Segment[] = [];
  while (start < end) {
    const limit = Math.min(end - start, maxTokens * MAX_CHARS_PER_TOKEN);
    let cut = start + largestFitting(limit, (n) => countTokensBounded(text.slice(start, start + n)) <= maxTokens);
    if (cut < end && /[\uDC00-\uDFFF]/.test(text[cut])) cut--; // do not split a surrogate pair
    cut = Math.max(cut, start + 1);
    out.push(piece(text, start, cut));
    start = cut;
  }
  return out;
}

function piece(text: string, start: number, end: number): Segment {
  return { start, end, tokens: countTokensBounded(text.slice(start, end)), heading: null, paragraphEnd: false };
}

function rangesOf(text: string, start: number, end: number, pattern: RegExp): Array<[number, number]> {
  const slice = text.slice(start, end);
  return [...slice.matchAll(pattern)].map((m) => [start + m.index, start + m.index + m[0].length]);
}

/** Greedy: as many consecutive ranges (lines or words) per group as fit in maxTokens, at least one. */
function packRanges(text: string, ranges: Array<[number, number]>, maxTokens: number): Array<[number, number]> {
  const groups: Array<[number, number]> = [];
  let i = 0;
  while (i < ranges.length) {
    const from = i;
    let used = 0;
    while (i < ranges.length) {
      // Counted per range (linear); +1 for the separator is a safe margin, checked below.
      const cost = countTokensBounded(text.slice(ranges[i][0], ranges[i][1])) + (i > from ? 1 : 0);
      if (i > from && used + cost > maxTokens) break;
      used += cost;
      i++;
    }
    while (i - from > 1 && countTokensBounded(text.slice(ranges[from][0], ranges[i - 1][1])) > maxTokens) i--;
    groups.push([ranges[from][0], ranges[i - 1][1]]);
  }
  return groups;
}

/** Largest n in [0, limit] with fits(n), by binary search (token counts grow with length). */
function largestFitting(limit: number, fits: (n: number) => boolean): number {
  let lo = 0;
  let hi = limit;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
