import Papa from "papaparse";
import { IngestError } from "@/lib/errors";
import type { ParsedDocument, ParsedPage, ParsedTable } from "../types";
import { decodeText, looksBinary } from "./text";
import { findHeader } from "./table-header";

export const CSV_MIME_TYPE = "text/csv";
export const TSV_MIME_TYPE = "text/tab-separated-values";

/** Longer cells are cut: a table's chunk is a few rows, not one cell's essay. */
const MAX_CELL_CHARS = 1000;
/** Most cells one file's tables may hold (a 200,000-row × 50-column export). */
export const MAX_TABLE_CELLS = 10_000_000;

/** CSV or TSV: one table page under its header row (title rows above it become the heading). */
export function parseDelimited(data: Uint8Array, kind: "csv" | "tsv"): ParsedDocument {
  const text = decodeText(data);
  if (looksBinary(text)) throw new IngestError(`This file is damaged or is not a ${kind.toUpperCase()} file`);
  const result = Papa.parse<string[]>(text, { delimiter: kind === "tsv" ? "\t" : "", skipEmptyLines: "greedy" });
  const rows = result.data.filter((row) => row.some((cell) => cell.trim() !== ""));
  if (rows.length === 0) throw new IngestError("The file is empty");
  assertCells(rows.reduce((sum, row) => sum + row.length, 0));
  // Records counted from 1 (header included): a spreadsheet shows a CSV's rows with these numbers.
  const { table, caption } = tableFromGrid(
    rows,
    rows.map((_, i) => i + 1),
  );
  return {
    pages: [tablePage(table, { pageNumber: null, heading: caption || undefined, subtype: kind })],
    pageCount: null,
    mimeType: kind === "tsv" ? TSV_MIME_TYPE : CSV_MIME_TYPE,
  };
}

/**
 * A grid of cells (a sheet, a CSV) as a table under its real header (./table-header.ts): the
 * rows below it, each with its number in the source; the title rows above it as a caption.
 */
export function tableFromGrid(grid: string[][], rowNumbers: number[]): { table: ParsedTable; caption: string } {
  const cells = grid.map((row) => Array.from(row, (cell) => (cell ?? "").replace(/\s+/g, " ").trim()));
  const { caption, columns, bodyStart } = findHeader(cells);
  return { table: { columns, rows: grid.slice(bodyStart), rowNumbers: rowNumbers.slice(bodyStart) }, caption };
}

export function assertCells(count: number): void {
  if (count > MAX_TABLE_CELLS) {
    throw new IngestError(
      `This file holds ${count.toLocaleString("en")} table cells, more than the ${MAX_TABLE_CELLS.toLocaleString("en")} that can be read; split it and upload the parts`,
    );
  }
}

/**
 * A table page: the header and rows, tidied (cells trimmed and cut, rows padded to the header,
 * unnamed columns named "Column N", empty columns dropped), and its Markdown rendering as text.
 */
export function tablePage(
  table: ParsedTable,
  where: { pageNumber: number | null; heading?: string; locator?: string; subtype: string },
): ParsedPage {
  const tidy = tidyTable(table);
  return {
    pageNumber: where.pageNumber,
    text: renderTable(tidy.columns, tidy.rows),
    ...(where.heading ? { heading: where.heading } : {}),
    ...(where.locator ? { locator: where.locator } : {}),
    contentType: "table",
    contentSubtype: where.subtype,
    table: tidy,
  };
}

function tidyTable({ columns, rows, rowNumbers }: ParsedTable): ParsedTable {
  const cell = (value: string | undefined) => (value ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_CELL_CHARS);
  const width = rows.reduce((most, r) => Math.max(most, r.length), columns.length);
  const header = Array.from({ length: width }, (_, i) => cell(columns[i]));
  const body = rows.map((row) => Array.from({ length: width }, (_, i) => cell(row[i])));
  const keep = header.map((name, i) => name !== "" || body.some((row) => row[i] !== ""));
  return {
    columns: header.map((name, i) => name || `Column ${i + 1}`).filter((_, i) => keep[i]),
    rows: body.map((row) => row.filter((_, i) => keep[i])),
    ...(rowNumbers ? { rowNumbers } : {}),
  };
}

/**
 * A table as text: one line per row, each value after its column's name ("Name: Ada; Role:
 * Platypus wrangler."), so every row reads (and is quoted in an answer) as a sentence that
 * repeats the header, and a search for a column name and a value finds the row. Where a table
 * is shown, it is drawn from the rows themselves (structured_data).
 */
export function renderTable(columns: string[], rows: string[][]): string {
  if (rows.length === 0) return `Columns: ${columns.join(", ")}.`;
  return rows.map((row) => renderRow(columns, row)).join("\n");
}

export function renderRow(columns: string[], row: string[]): string {
  const line = columns.flatMap((c, i) => (row[i] ? [`${c}: ${row[i]}`] : [])).join("; ");
  return /[.!?]$/.test(line) ? line : `${line}.`;
}
