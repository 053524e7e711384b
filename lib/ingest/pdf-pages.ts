import type { ParsedPage } from "./types";
import { firstLine, reflowPdfPage } from "./pdf-reflow";
import { documentWords } from "./hyphenation";
import { looksGarbled } from "./garbled";
import { dropRunningLines } from "./running-lines";

export const PDF_MIME_TYPE = "application/pdf";

/**
 * A PDF's raw text per page (as PDFium gives it) made readable: running heads and feet dropped,
 * wrapped lines rejoined page by page (a page's last line may be a heading for the next page),
 * and pages whose fonts decode to nothing readable left empty (numbering holds). Run where the
 * PDF was read: in its worker thread (./workers/pdf-worker.ts), else on the calling thread.
 */
export function readPdfPages(rawPages: string[]): { pages: ParsedPage[]; garbled: number } {
  const raw = dropRunningLines(rawPages);
  const known = documentWords(raw);
  let garbled = 0;
  const pages = raw.map((text, i): ParsedPage => {
    const next = raw[i + 1];
    const reflowed = reflowPdfPage(text, next === undefined ? undefined : firstLine(next), known);
    // Never index glyph ids as text.
    if (!looksGarbled(reflowed)) return { pageNumber: i + 1, text: reflowed };
    garbled++;
    return { pageNumber: i + 1, text: "" };
  });
  return { pages, garbled };
}
