import type { ChunkOptions, ParsedDocument, ParsedPage, TextChunk } from "./types";
import { MARKDOWN_MIME_TYPE } from "./parsers/text";
import { type Segment, segmentPage } from "./segment";
import { countTokensBounded } from "./tokens";
import { renderRow, renderTable } from "./parsers/table";

/**
 * Token-bounded chunks for embedding. A chunk never spans two pages (citations point at one
 * page), ends at a paragraph or sentence where possible, and carries its section heading.
 */

/** A new heading starts a new chunk once the current one is at least this full. */
const HEADING_BREAK_FILL = 0.5;
/** On overflow, end at a paragraph rather than mid-paragraph if that keeps the chunk this full. */
const PARAGRAPH_BREAK_FILL = 0.5;
/** Share of a chunk a heading prefix may take; longer headings are not repeated in the text. */
const MAX_HEADING_SHARE = 0.25;
const MIN_CHUNK_TOKENS = 16;
/** Between a record's title and the part of it a chunk is in. */
export const HEADING_PATH_SEPARATOR = " › ";

type PageChunk = Omit<TextChunk, "index" | "pageNumber">;

interface PageContext {
  text: string;
  segments: Segment[];
  /** Heading in force at each segment (the segment's own heading, or the last one above it). */
  headingAt: (string | null)[];
  chunkTokens: number;
  overlapTokens: number;
  maxPrefixTokens: number;
  /** A heading starts a new chunk once the current one is this full (0: at every heading). */
  headingBreakFill: number;
}

export function chunkDocument(doc: ParsedDocument, opts: ChunkOptions): TextChunk[] {
  const chunkTokens = Math.floor(opts.chunkTokens);
  if (!(chunkTokens >= MIN_CHUNK_TOKENS)) throw new RangeError(`chunkTokens must be at least ${MIN_CHUNK_TOKENS}`);
  // Overlap of half a chunk or more mostly repeats text; clamp it like the app config does.
  const overlapTokens = Math.max(0, Math.min(Math.floor(opts.overlapTokens) || 0, Math.floor(chunkTokens / 2)));
  const maxPrefixTokens = Math.floor(chunkTokens * MAX_HEADING_SHARE);
  const markdown = doc.mimeType === MARKDOWN_MIME_TYPE || doc.markdownHeadings === true;

  const chunks: Omit<TextChunk, "index">[] = [];
  let firstHeadingOnly: Omit<TextChunk, "index"> | null = null;
  let heading: string | null = null; // carried across pages
  let record: string | null = null; // the title of the record the text is in, carried across pages

  doc.pages.forEach((page, pageIndex) => {
    // A sheet's name, a slide's title, a JSON key: the heading from the top of the page.
    if (page.heading !== undefined) [heading, record] = [page.heading, null];
    const extras = pageExtras(page);
    if (page.table) {
      for (const chunk of chunkTable(page, chunkTokens)) chunks.push({ ...extras, ...chunk, pageNumber: page.pageNumber });
      return;
    }
    if (page.contentType === "image" && !page.text.trim()) {
      // A picture with no text in it is still a passage: found by its name, shown as the image.
      chunks.push({ text: "", heading, tokenCount: 0, ...extras, pageNumber: page.pageNumber });
      return;
    }
    const segments = segmentPage(page.text, {
      markdown,
      nextPageFirstLine: firstNonBlankLine(doc.pages[pageIndex + 1]?.text),
      maxTokens: chunkTokens - maxPrefixTokens,
      inRecord: record !== null,
    });
    const headingAt = segments.map((s) => {
      if (s.heading !== null) [heading, record] = [s.heading, s.record ? s.heading : null];
      // A record's part is named with its record: "Chief Financial Officer › Qualifications".
      else if (s.section !== undefined && record !== null) heading = `${record}${HEADING_PATH_SEPARATOR}${s.section}`;
      return heading;
    });
    // Marked-up headings are the author's sections: each starts a chunk. Guessed ones (PDF, text) only once a chunk is half full.
    const headingBreakFill = markdown ? 0 : HEADING_BREAK_FILL;
    const context = { text: page.text, segments, headingAt, chunkTokens, overlapTokens, maxPrefixTokens, headingBreakFill };
    for (const { chunk, headingOnly } of chunkPage(context)) {
      const withPage = { ...chunk, ...extras, pageNumber: page.pageNumber };
      // A lone heading says nothing by itself and is repeated in the chunks that follow it.
      if (headingOnly) firstHeadingOnly ??= withPage;
      else chunks.push(withPage);
    }
  });

  if (chunks.length === 0 && firstHeadingOnly) chunks.push(firstHeadingOnly);
  return chunks.map((chunk, index) => ({ index, ...chunk }));
}

/** What every chunk of a page carries besides its text: content type, subtype, raw data, locator. */
function pageExtras(page: ParsedPage): Pick<TextChunk, "contentType" | "contentSubtype" | "structuredData" | "locator"> {
  return {
    ...(page.contentType && page.contentType !== "text" ? { contentType: page.contentType } : {}),
    ...(page.contentSubtype ? { contentSubtype: page.contentSubtype } : {}),
    ...(page.structuredData ? { structuredData: page.structuredData } : {}),
    ...(page.locator ? { locator: page.locator } : {}),
  };
}

/**
 * A table in row groups that fit a chunk, each row naming its columns (renderTable), so every
 * chunk reads as a table on its own; its rows go along as JSON `{ columns, rows }` structured
 * data, from which the UI draws it. A row too long for a chunk alone is a chunk of its own.
 */
function* chunkTable(page: ParsedPage, chunkTokens: number): Generator<Omit<TextChunk, "index" | "pageNumber">> {
  const { columns, rows, rowNumbers } = page.table!;
  const heading = page.heading ?? null;
  const emit = (from: number, to: number) => {
    const group = rows.slice(from, to);
    const text = renderTable(columns, group);
    const locator = rowsLocator(page.locator, rowNumbers?.slice(from, to));
    return {
      text,
      heading,
      tokenCount: countTokensBounded(text),
      structuredData: JSON.stringify({ columns, rows: group }),
      ...(locator ? { locator } : {}),
    };
  };
  if (rows.length === 0) {
    yield emit(0, 0);
    return;
  }
  let from = 0;
  let used = 0;
  for (let i = 0; i < rows.length; i++) {
    // Each row is one line: its tokens plus the line break.
    const cost = countTokensBounded(renderRow(columns, rows[i])) + 1;
    if (i > from && used + cost > chunkTokens) {
      yield emit(from, i);
      from = i;
      used = 0;
    }
    used += cost;
  }
  yield emit(from, rows.length);
}

/** "sheet Budget, rows 12–40": where a row group sits, as the source numbers its rows. */
function rowsLocator(where: string | undefined, numbers: number[] | undefined): string | undefined {
  if (!numbers?.length) return where;
  const first = numbers[0];
  const last = numbers[numbers.length - 1];
  const rows = first === last ? `row ${first}` : `rows ${first}–${last}`;
  return where ? `${where}, ${rows}` : rows;
}

/**
 * Greedy packing of one page's segments. Consecutive chunks overlap by whole sentences (up to
 * overlapTokens), except where a new section starts.
 */
function* chunkPage(page: PageContext): Generator<{ chunk: PageChunk; headingOnly: boolean }> {
  const { segments } = page;
  let start = 0;
  while (start < segments.length) {
    const prefix = headingPrefix(page, start);
    let end = fillChunk(page, start, page.chunkTokens - countTokensBounded(prefix));
    // Segment counts are per piece; the joined text can count slightly more, so check it.
    // (Counts are exact except inside runs of 256+ characters without a space; see tokens.ts.)
    let text = prefix + sliceText(page, start, end);
    let tokenCount = countTokensBounded(text);
    while (tokenCount > page.chunkTokens && end - start > 1) {
      end--;
      text = prefix + sliceText(page, start, end);
      tokenCount = countTokensBounded(text);
    }
    const headingOnly = segments.slice(start, end).every((s) => s.heading !== null);
    yield { chunk: { text, heading: page.headingAt[start], tokenCount }, headingOnly };
    start = end < segments.length ? overlapStart(segments, start, end, page.overlapTokens) : end;
  }
}

/** End (exclusive) of the chunk starting at `start`, given the tokens left after the heading prefix. */
function fillChunk(page: PageContext, start: number, budget: number): number {
  const { segments } = page;
  let end = start;
  let used = 0;
  while (end < segments.length) {
    const segment = segments[end];
    // A record (a job, a product) never shares a chunk with the one before: its passages are its own.
    if (end > start && segment.heading !== null && (segment.record || used >= page.chunkTokens * page.headingBreakFill)) break;
    // "\n\n" between paragraphs is a token; a space before a word usually merges into the word.
    const cost = segment.tokens + (end > start && segments[end - 1].paragraphEnd ? 1 : 0);
    if (end > start && used + cost > budget) {
      end = lastParagraphEnd(segments, start, end, budget);
      break;
    }
    used += cost;
    end++;
  }
  // Never leave a heading dangling at the end of a chunk: it belongs to what follows.
  while (end - 1 > start && segments[end - 1].heading !== null) end--;
  return end;
}

/** Cut back to the last paragraph end if the chunk stays reasonably full; else keep the sentence cut. */
function lastParagraphEnd(segments: Segment[], start: number, end: number, budget: number): number {
  if (segments[end - 1].paragraphEnd) return end;
  let used = segments.slice(start, end).reduce((sum, s) => sum + s.tokens, 0);
  for (let k = end - 1; k > start; k--) {
    used -= segments[k].tokens;
    if (used < budget * PARAGRAPH_BREAK_FILL) break;
    if (segments[k - 1].paragraphEnd) return k;
  }
  return end;
}

/** Where the next chunk starts: back up over whole sentences of this one, within the same section. */
function overlapStart(segments: Segment[], start: number, end: number, overlapTokens: number): number {
  if (segments[end].heading !== null) return end;
  let next = end;
  let used = 0;
  while (next - 1 > start && segments[next - 1].heading === null && used + segments[next - 1].tokens <= overlapTokens) {
    used += segments[next - 1].tokens;
    next--;
  }
  return next;
}

/** "Heading\n\n" before a chunk that does not itself start with its heading line (if it fits). */
function headingPrefix(page: PageContext, start: number): string {
  const heading = page.headingAt[start];
  const first = page.segments[start];
  if (!heading || first.heading !== null || page.text.startsWith(heading, first.start)) return "";
  const prefix = `${heading}\n\n`;
  return countTokensBounded(prefix) <= page.maxPrefixTokens ? prefix : "";
}

function sliceText(page: PageContext, start: number, end: number): string {
  return page.text.slice(page.segments[start].start, page.segments[end - 1].end);
}

function firstNonBlankLine(text: string | undefined): string | undefined {
  return text?.split("\n").find((line) => line.trim() !== "");
}
