/**
 * Reading order of an OCR'd page. Tesseract reads a two-column page line by line straight across
 * the gutter ("…flows north through Bakers open at six…"), interleaving the columns. Its word
 * boxes show the gutter: an x-range that the page's rows do not cross although many have words on
 * both sides. Rows that do cross it (a title over both columns) split the page into sections;
 * each section is read column by column, left to right. A page without such a gutter, or whose
 * "columns" hold a word or two a row (a table: read row by row), keeps Tesseract's text.
 */

/** One recognised word, its box in pixels and the Tesseract line it was read in. */
export interface OcrWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  line: number;
}

interface Row {
  words: OcrWord[];
  y0: number;
  y1: number;
}

/** A gutter is at least this many word heights wide (a space between words is about 0.3). */
const MIN_GUTTER_HEIGHTS = 1.5;
/** Rows with words on both sides of a gutter: fewer is a stray gap, not a column layout. */
const MIN_TWO_SIDED_ROWS = 3;
/** Share of rows that may cross a gutter (titles, figure captions over both columns). */
const MAX_CROSSING_SHARE = 0.2;
/** A gap above a line of more than this many word heights starts a paragraph. */
const PARAGRAPH_GAP_HEIGHTS = 1.5;
/** Median words per row on each side of a gutter below which it is a table, read row by row. */
const MIN_WORDS_PER_SIDE = 3;

export function ocrReadingOrder(text: string, words: OcrWord[]): string {
  const rows = rowsOf(words);
  const height = median(words.map((w) => w.y1 - w.y0));
  const gutters = findGutters(rows, height);
  if (gutters.length === 0) return text;

  const out: string[] = [];
  let section: Row[] = [];
  const flush = () => {
    for (let column = 0; column <= gutters.length; column++) {
      const segments = section
        .map((row) => ({ ...row, words: row.words.filter((w) => columnOf(w, gutters) === column) }))
        .filter((row) => row.words.length > 0);
      out.push(...linesWithBreaks(segments, height), "");
    }
    section = [];
  };
  for (const row of rows) {
    if (gutters.some((gutter) => crosses(row, gutter, height))) {
      flush();
      out.push(lineText(row.words), "");
    } else section.push(row);
  }
  flush();
  return out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Tesseract's lines as rows, top to bottom, their words left to right. */
function rowsOf(words: OcrWord[]): Row[] {
  const byLine = new Map<number, OcrWord[]>();
  for (const word of words) if (word.text.trim()) byLine.set(word.line, [...(byLine.get(word.line) ?? []), word]);
  return [...byLine.values()]
    .map((ws) => ({
      words: ws.sort((a, b) => a.x0 - b.x0),
      y0: Math.min(...ws.map((w) => w.y0)),
      y1: Math.max(...ws.map((w) => w.y1)),
    }))
    .sort((a, b) => a.y0 - b.y0);
}

/** Gutters, each as the x of its middle, left to right. */
function findGutters(rows: Row[], height: number): number[] {
  if (rows.length < MIN_TWO_SIDED_ROWS || !(height > 0)) return [];
  const width = Math.max(...rows.flatMap((r) => r.words.map((w) => w.x1))) + 1;
  const cover = new Uint16Array(width);
  for (const row of rows) for (const w of row.words) for (let x = Math.max(0, w.x0); x < w.x1; x++) cover[x]++;
  const maxCrossing = Math.floor(rows.length * MAX_CROSSING_SHARE);
  const candidates: number[] = [];
  for (let x = 0; x < width;) {
    if (cover[x] > maxCrossing) {
      x++;
      continue;
    }
    const start = x;
    while (x < width && cover[x] <= maxCrossing) x++;
    if (x - start >= MIN_GUTTER_HEIGHTS * height) candidates.push((start + x) / 2);
  }
  return candidates.filter((gutter) => {
    const sides = rows
      .filter((row) => !crosses(row, gutter, height))
      .map((row) => [row.words.filter((w) => w.x1 <= gutter).length, row.words.filter((w) => w.x0 >= gutter).length])
      .filter(([left, right]) => left > 0 && right > 0);
    return (
      sides.length >= MIN_TWO_SIDED_ROWS &&
      median(sides.map(([left]) => left)) >= MIN_WORDS_PER_SIDE &&
      median(sides.map(([, right]) => right)) >= MIN_WORDS_PER_SIDE
    );
  });
}

function columnOf(word: OcrWord, gutters: number[]): number {
  return gutters.filter((x) => word.x0 >= x).length;
}

/**
 * The row runs across the gutter (a title over both columns): a word over its middle, or words
 * either side of it no further apart than words are. A line that ends a little into the gap does not.
 */
function crosses(row: Row, gutter: number, height: number): boolean {
  let left = -Infinity;
  let right = Infinity;
  for (const w of row.words) {
    if (w.x0 < gutter && w.x1 > gutter) return true;
    if (w.x1 <= gutter) left = Math.max(left, w.x1);
    else right = Math.min(right, w.x0);
  }
  return right - left < MIN_GUTTER_HEIGHTS * height;
}

/** A column's lines, a blank line where the gap above a line says a new paragraph starts. */
function linesWithBreaks(rows: Row[], height: number): string[] {
  const lines: string[] = [];
  rows.forEach((row, i) => {
    if (i > 0 && row.y0 - rows[i - 1].y1 > PARAGRAPH_GAP_HEIGHTS * height) lines.push("");
    lines.push(lineText(row.words));
  });
  return lines;
}

const lineText = (words: OcrWord[]) => words.map((w) => w.text).join(" ");

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
