import { isLibrary } from "@/lib/polymath/format";
import { IngestError } from "@/lib/errors";
import type { ParsedDocument, ParsedPage } from "../types";
import { decodeText, looksBinary } from "./text";
import { assertCells, tablePage } from "./table";

export const JSON_MIME_TYPE = "application/json";

/** structured_data kept with a section up to this size; a bigger section keeps its text only. */
const MAX_STRUCTURED_CHARS = 32 * 1024;
/** Lines of readable text one section may yield (deeper data is summarised by its path). */
const MAX_LINES = 200_000;

/**
 * JSON as readable text plus structured_data. An array of records becomes a table; an object
 * becomes one section per top-level key (its heading), each section's lines `path: value` and
 * its JSON kept as the section's structured_data.
 */
export function parseJson(data: Uint8Array): ParsedDocument {
  const text = decodeText(data);
  if (looksBinary(text)) throw new IngestError("This file is damaged or is not a JSON file");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw Object.assign(new IngestError(`This file is not valid JSON (${(error as Error).message})`), { cause: error });
  }
  // The pipeline imports libraries as passages (lib/polymath/import.ts): none should reach here.
  if (isLibrary(value)) {
    throw new IngestError("This file is a Polymath library; it is imported as passages, not read as a JSON document");
  }
  const pages = jsonPages(value);
  if (pages.length === 0) throw new IngestError("The file is empty");
  return { pages, pageCount: null, mimeType: JSON_MIME_TYPE };
}

function jsonPages(value: unknown): ParsedPage[] {
  const records = asRecords(value);
  if (records) {
    const columns = [...new Set(records.flatMap((r) => Object.keys(r)))];
    assertCells(columns.length * records.length);
    return [tablePage({ columns, rows: records.map((r) => columns.map((c) => scalarText(r[c]))) }, { pageNumber: null, subtype: "json" })];
  }
  // Top-level scalars together make one section; each nested value is a section of its own.
  const sections: [string | undefined, Record<string, unknown> | unknown][] = [];
  if (isObject(value)) {
    const entries = Object.entries(value);
    const scalars = entries.filter(([, v]) => !isObject(v) && !Array.isArray(v));
    if (scalars.length) sections.push([undefined, Object.fromEntries(scalars)]);
    for (const [key, v] of entries) if (isObject(v) || Array.isArray(v)) sections.push([key, { [key]: v }]);
  } else sections.push([undefined, value]);
  return sections.flatMap(([key, section]) => {
    const lines: string[] = [];
    readableLines(section, "", lines);
    const text = lines.join("\n").trim();
    if (!text) return [];
    const json = JSON.stringify(section);
    return [
      {
        pageNumber: null,
        text,
        ...(key ? { heading: key } : {}),
        contentSubtype: "json",
        ...(json.length <= MAX_STRUCTURED_CHARS ? { structuredData: json } : {}),
      },
    ];
  });
}

/** An array of (mostly) flat objects: rows of a table. */
function asRecords(value: unknown): Record<string, unknown>[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  if (!value.every((item) => isObject(item) && Object.values(item).every((v) => !isObject(v) && !Array.isArray(v)))) return null;
  return value as Record<string, unknown>[];
}

function readableLines(value: unknown, path: string, out: string[]): void {
  if (out.length >= MAX_LINES) return;
  if (Array.isArray(value)) {
    if (value.every((v) => !isObject(v) && !Array.isArray(v))) {
      if (value.length) out.push(`${path}: ${value.map(scalarText).join(", ")}`);
      return;
    }
    value.forEach((item, i) => readableLines(item, `${path}[${i}]`, out));
    return;
  }
  if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) readableLines(child, path ? `${path}.${key}` : key, out);
    return;
  }
  const text = scalarText(value);
  if (text) out.push(path ? `${path}: ${text}` : text);
}

function scalarText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
