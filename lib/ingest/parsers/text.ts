import { IngestError } from "@/lib/errors";
import type { ParsedDocument } from "../types";
import { normalizeWhitespace } from "../normalize";

export const TEXT_MIME_TYPE = "text/plain";
export const MARKDOWN_MIME_TYPE = "text/markdown";

/** Share of control characters above which a "text" file is taken to be binary. */
const MAX_CONTROL_CHAR_RATIO = 0.01;
const SAMPLE_CHARS = 64 * 1024;

/** Plain text and Markdown: one page with no page number. */
export function parseText(data: Uint8Array, mimeType: string): ParsedDocument {
  const decoded = decodeText(data);
  if (looksBinary(decoded)) throw new IngestError("This file is damaged or is not a text file");
  // Indentation carries meaning in Markdown (code blocks, nested lists), not in plain text.
  const text = normalizeWhitespace(decoded, { keepIndent: mimeType === MARKDOWN_MIME_TYPE });
  if (!text) throw new IngestError("The file is empty");
  return { pages: [{ pageNumber: null, text }], pageCount: null, mimeType };
}

/**
 * UTF-8 (BOM stripped), or UTF-16 when a BOM says so. Files that are not valid UTF-8 are
 * almost always legacy Windows text, so fall back to Windows-1252 rather than show "�".
 */
export function decodeText(data: Uint8Array): string {
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder("utf-16le").decode(data);
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder("utf-16be").decode(data);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    return decodeWindows1252(data);
  }
}

// Node 20's TextDecoder("windows-1252") decodes as ISO-8859-1, so 0x80-0x9F (curly quotes,
// dashes, €) come out as control characters. Map that range by hand.
const CP1252_80_9F =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

export function decodeWindows1252(data: Uint8Array): string {
  let out = "";
  for (let i = 0; i < data.length; i += 8192) {
    const codes = Array.from(data.subarray(i, i + 8192), (b) => (b >= 0x80 && b <= 0x9f ? CP1252_80_9F.charCodeAt(b - 0x80) : b));
    out += String.fromCharCode(...codes);
  }
  return out;
}

/** NUL and other control characters never occur in real text but fill binary files. */
export function looksBinary(text: string): boolean {
  const sample = text.slice(0, SAMPLE_CHARS);
  if (!sample) return false;
  const controls = sample.match(/[\x00-\x08\x0e-\x1a\x1c-\x1f]/g)?.length ?? 0;
  return controls / sample.length > MAX_CONTROL_CHAR_RATIO;
}
