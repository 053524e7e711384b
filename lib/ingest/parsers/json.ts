import { IngestError } from "@/lib/errors";
import { passageFormatOf } from "../passage-formats";
import type { ParsedDocument, ParsedPage } from "../types";
import { decodeText, looksBinary } from "./text";
import { assertCells, tablePage } from "./table";

export const JSON_MIME_TYPE = "application/json";

/** structured_data kept with a section up to this size; a bigger section keeps its text only. */
const MAX_STRUCTURED_CHARS = 32 * 1024;
/** Lines of readable text one section may yield (deeper data is summarised by its path). */
const MAX_LINES = 200_000;

/**
 * JSON as readable text plus structured_data. An array of records, at the top or under a key
 * (`{"3166-1": [{…}, …]}`), becomes a table: one row per record, so a record is never split
 * across chunks and each reads "name: Bosnia; numeric: 070". Everything else becomes one section
 * per top-level key (its heading), each section's lines `path: value` and its JSON kept as the
 * section's structured_data.
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
  // The pipeline imports passage formats as passages (lib/ingest/passage-formats.ts): none should reach here.
  const passages = passageFormatOf(value);
  if (passages) throw new IngestError(`This file is ${passages.label}; it is imported as passages, not read as a JSON document`);
  const pages = jsonPages(value);
  if (pages.length === 0) throw new IngestError("The file is empty");
  return { pages, pageCount: null, mimeType: JSON_MIME_TYPE };
}

function jsonPages(value: unknown): ParsedPage[] {
  if (!isObject(value)) return nestedPages(undefined, value);
  // Top-level scalars together make one section; each nested value is a section of its own.
  const entries = Object.entries(value);
  const scalars = entries.filter(([, v]) => !isObject(v) && !Array.isArray(v));
  const pages = scalars.length ? sectionPage(undefined, Object.fromEntries(scalars)) : [];
  for (const [key, v] of entries) if (isObject(v) || Array.isArray(v)) pages.push(...nestedPages(key, v));
  return pages;
}

/** A value under `path`: a table of records, or a section, its record arrays (however deep) pulled out as tables. */
function nestedPages(path: string | undefined, value: unknown): ParsedPage[] {
  const records = asRecords(value);
  if (records) return [recordsPage(path, records)];
  if (!isObject(value) || !Object.values(value).some(holdsRecords)) return sectionPage(path, path ? { [path]: value } : value);
  const entries = Object.entries(value);
  const rest = entries.filter(([, v]) => !holdsRecords(v));
  const pages = rest.length ? sectionPage(path, path ? { [path]: Object.fromEntries(rest) } : Object.fromEntries(rest)) : [];
  for (const [key, v] of entries) if (holdsRecords(v)) pages.push(...nestedPages(path ? `${path}.${key}` : key, v));
  return pages;
}

function sectionPage(heading: string | undefined, section: unknown): ParsedPage[] {
  const lines: string[] = [];
  readableLines(section, "", lines);
  const text = lines.join("\n").trim();
  if (!text) return [];
  const json = JSON.stringify(section);
  return [
    {
      pageNumber: null,
      text,
      ...(heading ? { heading } : {}),
      contentSubtype: "json",
      ...(json.length <= MAX_STRUCTURED_CHARS ? { structuredData: json } : {}),
    },
  ];
}

function recordsPage(heading: string | undefined, records: Record<string, string>[]): ParsedPage {
  const columns = [...new Set(records.flatMap((r) => Object.keys(r)))];
  assertCells(columns.length * records.length);
  return tablePage({ columns, rows: records.map((r) => columns.map((c) => r[c] ?? "")) }, { pageNumber: null, heading, subtype: "json" });
}

/** Columns a table of records may have; records with more keys than that read better as lines. */
const MAX_RECORD_COLUMNS = 64;
/** Nested objects inside a record are flattened to this depth ("address.city"); deeper ones stay JSON. */
const MAX_RECORD_DEPTH = 2;

/** An array of objects: the rows of a table, each record flattened to `column: text`. Null when it is not one. */
function asRecords(value: unknown): Record<string, string>[] | null {
  if (!Array.isArray(value) || value.length === 0 || !value.every(isObject)) return null;
  const records = value.map((item) => flatRecord(item as Record<string, unknown>));
  const columns = new Set(records.flatMap((r) => Object.keys(r)));
  return columns.size > 0 && columns.size <= MAX_RECORD_COLUMNS ? records : null;
}

function flatRecord(record: Record<string, unknown>, prefix = "", out: Record<string, string> = {}, depth = 1): Record<string, string> {
  for (const [key, value] of Object.entries(record)) {
    const column = prefix ? `${prefix}.${key}` : key;
    if (isObject(value) && depth < MAX_RECORD_DEPTH) flatRecord(value, column, out, depth + 1);
    else if (Array.isArray(value) && value.every((v) => !isObject(v) && !Array.isArray(v))) out[column] = value.map(scalarText).join(", ");
    else out[column] = scalarText(value);
  }
  return out;
}

/** Whether a value is, or holds (within a few levels of objects), an array of records. */
function holdsRecords(value: unknown, depth = 0): boolean {
  if (Array.isArray(value)) return value.length > 0 && value.every(isObject);
  return depth < 3 && isObject(value) && Object.values(value).some((v) => holdsRecords(v, depth + 1));
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
