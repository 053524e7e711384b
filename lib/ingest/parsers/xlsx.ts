import ExcelJS from "exceljs";
import { IngestError } from "@/lib/errors";
import type { ParsedDocument, ParsedPage } from "../types";
import { assertCells, tablePage } from "./table";

export const XLSX_MIME_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * An Excel workbook: one table page per sheet (numbered in the workbook's order and cited by
 * the sheet's name), its first non-empty row the header, formulas as their computed values and
 * dates as ISO dates. The caller has checked the archive (zip-guard) before this runs.
 */
export async function parseXlsx(data: Uint8Array): Promise<ParsedDocument> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer);
  } catch (error) {
    throw Object.assign(new IngestError("This Excel file is damaged and cannot be read"), { cause: error });
  }
  const pages: ParsedPage[] = [];
  let cells = 0;
  workbook.worksheets.forEach((sheet, i) => {
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const values: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        values[column - 1] = cellText(cell.value);
      });
      if (values.some((v) => v && v.trim())) rows.push(Array.from(values, (v) => v ?? ""));
    });
    cells += rows.reduce((sum, r) => sum + r.length, 0);
    assertCells(cells);
    if (rows.length === 0) return;
    // Columns left of the first used one are empty everywhere: drop them.
    const first = Math.min(...rows.map((r) => r.findIndex((v) => v.trim() !== "")).filter((n) => n >= 0));
    const [columns, ...body] = rows.map((r) => r.slice(first));
    pages.push(tablePage({ columns, rows: body }, { pageNumber: i + 1, heading: sheet.name, locator: `sheet ${sheet.name}`, subtype: "xlsx" }));
  });
  if (pages.length === 0) throw new IngestError("This workbook has no data in any sheet");
  return { pages, pageCount: workbook.worksheets.length, mimeType: XLSX_MIME_TYPE };
}

/** What the cell shows: a formula's result, rich text's text, a hyperlink's label, an ISO date. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso.replace(/\.000Z$/, "Z");
  }
  if (typeof value !== "object") return String(value);
  if ("richText" in value) return value.richText.map((r) => r.text).join("");
  if ("formula" in value || "sharedFormula" in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? "");
  if ("hyperlink" in value) return String((value as { text?: unknown }).text ?? value.hyperlink);
  if ("error" in value) return String(value.error);
  return "";
}
