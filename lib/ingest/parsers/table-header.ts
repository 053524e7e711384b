/**
 * Where a grid's header is, as a person finds it: spreadsheets and exports often put a title
 * (a merged cell across the top, "3. Analyses by segment") and notes above the real header,
 * and group columns under a merged label on a second header row ("Sales" over "2023", "2024").
 * Title rows become the table's caption; header rows are joined into one name per column.
 */

export interface GridHeader {
  /** Title and note rows above the header, as text ("" when there are none). */
  caption: string;
  /** One name per column ("" where the header names none); empty when the grid has no header. */
  columns: string[];
  /** Index of the first data row. */
  bodyStart: number;
}

/** Title rows looked for above the header; a grid rarely has more. */
const MAX_TITLE_ROWS = 10;
/** Header rows joined at most ("Region" / "Sales" / "2023"). */
const MAX_HEADER_ROWS = 3;
/** Rows sampled to learn how many cells a data row fills. */
const SAMPLE_ROWS = 50;

const filled = (row: string[]) => row.filter((cell) => cell !== "");
const distinct = (row: string[]) => new Set(filled(row)).size;
/** "12000", "-3.5", "12%", "$1,200.00", "2024-03-31": values, not names. A year alone ("2024") heads columns as often as it fills them. */
const isValue = (cell: string) => !/^(19|20)\d\d$/.test(cell) && /^[-+(]?[$€£¥]?\s?\d[\d,.\s]*%?\)?$|^\d{4}-\d{2}-\d{2}/.test(cell);

export function findHeader(grid: string[][]): GridHeader {
  const width = typicalWidth(grid);
  let start = 0;
  while (start < Math.min(MAX_TITLE_ROWS, grid.length - 1) && isTitleRow(grid[start], width)) start++;
  const caption = [...new Set(grid.slice(0, start).flatMap(filled))].join(" — ");
  const first = grid[start] ?? [];
  // A first row of numbers and dates is data: the grid names no columns.
  const cells = filled(first);
  if (cells.length === 0 || cells.filter(isValue).length * 2 > cells.length) return { caption, columns: [], bodyStart: start };
  let end = start + 1;
  while (end - start < MAX_HEADER_ROWS && end + 1 < grid.length && continuesHeader(grid[end - 1], grid[end])) end++;
  return { caption, columns: joinHeaderRows(grid.slice(start, end)), bodyStart: end };
}

/** How many cells most of the first rows fill (the table's width, titles aside). */
function typicalWidth(grid: string[][]): number {
  const counts = new Map<number, number>();
  for (const row of grid.slice(0, SAMPLE_ROWS)) {
    const n = filled(row).length;
    counts.set(n, (counts.get(n) ?? 0) + 1);
  }
  let best = 0;
  let seen = 0;
  for (const [n, times] of counts) if (times > seen || (times === seen && n > best)) [best, seen] = [n, times];
  return best;
}

/** One label across a wide table (a merged title reads the same in every cell), or two in a very wide one. */
function isTitleRow(row: string[], width: number): boolean {
  const labels = distinct(row);
  return width >= 2 && (labels <= 1 || (labels <= 2 && labels * 3 <= width));
}

/**
 * The row below a header continues it when the row below names rather than counts, and the
 * header groups columns: a label spanning several (a merged cell reads the same in each), or
 * gaps the row below fills while leaving a column the header names alone ("Segment" over
 * nothing). A row of text filling every column under a header with a blank is data.
 */
function continuesHeader(upper: string[], lower: string[]): boolean {
  const below = filled(lower);
  if (below.length === 0 || below.some(isValue)) return false;
  const spans = upper.some((cell, i) => cell !== "" && cell === upper[i + 1]);
  const gapsFilled = lower.some((cell, i) => cell !== "" && (upper[i] ?? "") === "");
  const leavesLabelAlone = upper.some((cell, i) => cell !== "" && (lower[i] ?? "") === "");
  return spans || (gapsFilled && leavesLabelAlone);
}

/** Each column's labels from top to bottom, a group label carried right over its gaps, each once. */
function joinHeaderRows(rows: string[][]): string[] {
  const width = Math.max(...rows.map((r) => r.length));
  const carried = rows.map((row, r) => {
    const out: string[] = [];
    let label = "";
    for (let i = 0; i < width; i++) {
      const cell = row[i] ?? "";
      // Only upper rows group columns; the last row names each column itself.
      label = cell !== "" ? cell : r < rows.length - 1 && rows[r + 1][i] ? label : "";
      out.push(label);
    }
    return out;
  });
  return Array.from({ length: width }, (_, i) => [...new Set(carried.map((row) => row[i]).filter((c) => c !== ""))].join(" "));
}
