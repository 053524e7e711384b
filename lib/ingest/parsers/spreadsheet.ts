import * as XLSX from "@e965/xlsx";
import { IngestError } from "@/lib/errors";
import type { ParsedDocument, ParsedPage } from "../types";
import { assertCells, tableFromGrid, tablePage } from "./table";

export const XLSX_MIME_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const XLSM_MIME_TYPE = "application/vnd.ms-excel.sheet.macroEnabled.12";
export const XLS_MIME_TYPE = "application/vnd.ms-excel";
export const ODS_MIME_TYPE = "application/vnd.oasis.opendocument.spreadsheet";

/** A merged range larger than this is not copied into each of its cells (a styled band, not data). */
const MAX_MERGE_CELLS = 10_000;

/**
 * A workbook (Excel 2007+ with or without macros, Excel 97–2003, OpenDocument) read by SheetJS:
 * one table page per sheet, under the sheet's real header (title rows above it become the
 * heading, with the sheet's name). Cells read as shown: a formula's last value, a number in its
 * format ("12%", "$1,200.00"), a date as an ISO date; a merged cell's text in each cell it
 * covers. Sheets carry no page number: each group of rows is cited by its sheet and rows
 * ("sheet Budget, rows 12–40"), so every row of a large sheet can be found and cited alone.
 * Macros are never run (SheetJS does not read them).
 */
export function parseSpreadsheet(data: Uint8Array, mimeType: string, label: string): ParsedDocument {
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(data, { type: "array", dense: true, cellNF: true, cellFormula: false, cellHTML: false, cellStyles: false });
  } catch (error) {
    // Excel files with a password are refused before this parser runs (lib/ingest/encryption.ts);
    // an OpenDocument spreadsheet's is told by SheetJS's message.
    const message = /password/i.test((error as Error)?.message ?? "")
      ? `This ${label} file is password-protected; remove the password and upload it again`
      : `This ${label} file is damaged and cannot be read`;
    throw Object.assign(new IngestError(message), { cause: error });
  }
  const pages: ParsedPage[] = [];
  let cells = 0;
  for (const name of book.SheetNames) {
    const rows = sheetRows(book.Sheets[name] as XLSX.DenseSheet);
    cells += rows.reduce((sum, r) => sum + r.cells.length, 0);
    assertCells(cells);
    if (rows.length === 0) continue;
    // Columns left of the first used one are empty everywhere: drop them.
    const first = rows.reduce(
      (min, r) =>
        Math.min(
          min,
          r.cells.findIndex((v) => v !== ""),
        ),
      Infinity,
    );
    const { table, caption } = tableFromGrid(
      rows.map((r) => r.cells.slice(first)),
      rows.map((r) => r.number),
    );
    pages.push(
      tablePage(table, { pageNumber: null, heading: caption ? `${name} — ${caption}` : name, locator: `sheet ${name}`, subtype: "xlsx" }),
    );
  }
  if (pages.length === 0) throw new IngestError("This workbook has no data in any sheet");
  return { pages, pageCount: book.SheetNames.length, mimeType };
}

/** The sheet's non-empty rows as text, each with its row number, merged cells filled. */
function sheetRows(sheet: XLSX.DenseSheet): { number: number; cells: string[] }[] {
  const grid = (sheet["!data"] ?? []).map((row) => Array.from(row ?? [], cellText));
  for (const { s, e } of sheet["!merges"] ?? []) {
    if ((e.r - s.r + 1) * (e.c - s.c + 1) > MAX_MERGE_CELLS) continue;
    const text = grid[s.r]?.[s.c] ?? "";
    if (!text) continue;
    for (let r = s.r; r <= e.r; r++) for (let c = s.c; c <= e.c; c++) (grid[r] ??= [])[c] = text;
  }
  return grid.flatMap((row, i) => (row.some((v) => v) ? [{ number: i + 1, cells: Array.from(row, (v) => v ?? "") }] : []));
}

/** What the cell shows: its formatted value, a date as an ISO date. */
function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return "";
  if (cell.t === "n" && cell.z && XLSX.SSF.is_date(cell.z)) {
    const value = Number(cell.v);
    return XLSX.SSF.format(Number.isInteger(value) ? "yyyy-mm-dd" : "yyyy-mm-dd hh:mm", value);
  }
  if (cell.t === "d" && cell.v instanceof Date) return cell.v.toISOString().slice(0, 10);
  return (cell.w ?? String(cell.v)).replace(/\s+/g, " ").trim();
}
