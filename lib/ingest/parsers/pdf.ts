import path from "node:path";
import { pathToFileURL } from "node:url";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { IngestError } from "@/lib/errors";
import type { ParsedDocument, ParsedPage } from "../types";
import { firstLine, reflowPdfPage } from "../pdf-reflow";
import { documentWords } from "../hyphenation";
import { looksGarbled } from "../garbled";
import { dropRunningLines } from "../running-lines";
import { defaultWorkerFile, pdfWorkerPool } from "../workers/pdf-pool";
import type { RenderOptions, ScannedPage, WorkerCrashedError, WorkerTimeoutError, WorkerUnavailableError } from "../workers/pdf-extraction";
import { ocrPool } from "../workers/ocr-pool";
import { ocrNote, readScans, type OcrPage } from "../ocr";
import { config } from "@/lib/config";
import { pdfTrailerEncrypted } from "../encryption";

export const PDF_MIME_TYPE = "application/pdf";

/** Reflow yields to the event loop after this much work, so big PDFs do not stall requests. */
const REFLOW_SLICE_MS = 10;

/**
 * The PDF reader's error when a user password is required: named PasswordException (as pdf.js
 * names it) from PDFium's own error code (workers/pdfium.mjs), never told from message text.
 */
export function isPasswordError(error: unknown): boolean {
  return Boolean(error && typeof error === "object" && (error as { name?: unknown }).name === "PasswordException");
}

/**
 * A page with no text layer at all is a scanned page: render and OCR it. (A page with any text
 * keeps its text layer and is not OCR'd.)
 */
const SCANNED_PAGE_MIN_CHARS = 1;
/** Scanned pages are rendered this many pixels wide for OCR (about 200 dpi for A4 or Letter). */
const OCR_RENDER_WIDTH = 1700;

/**
 * Text per page, 1-based, in page order. Pages without a text layer (scanned) are rendered and
 * OCR'd; pages still without text are kept (as "") so numbering holds.
 */
export async function parsePdf(data: Uint8Array): Promise<ParsedDocument> {
  const { pages: rawPages, scans } = await extractRawPages(data, renderOptions());
  const pages = await reflowPages(dropRunningLines(rawPages));
  const ocr = await ocrScans(scans);
  let garbled = 0;
  for (const page of pages) {
    const text = ocr.get(page.pageNumber!)?.text;
    if (text) Object.assign(page, { text, contentSubtype: "ocr" });
    // Never index glyph ids as text: the page stays, empty, so numbering holds.
    else if (looksGarbled(page.text)) {
      page.text = "";
      garbled++;
    }
  }
  if (garbled > 0) console.warn(`[ingest] ${garbled} PDF page(s) left out: their fonts map glyphs to no readable characters`);
  if (pages.every((page) => page.text === "") && garbled > 0) {
    throw new IngestError(
      "The text of this PDF cannot be decoded: its fonts are not embedded and map their characters to nothing readable. Export it again with fonts embedded, or print it to PDF",
    );
  }
  if (pages.every((page) => page.text === "")) {
    const why = ocrPool() ? "it may be scanned images without legible text" : "it may be scanned images, and OCR is switched off";
    throw new IngestError(`No text could be extracted from this PDF (${why})`);
  }
  const note = ocrNote([...ocr.values()]);
  return { pages, pageCount: pages.length, mimeType: PDF_MIME_TYPE, ...(note ? { notes: [note] } : {}) };
}

function renderOptions(): RenderOptions | undefined {
  const pool = ocrPool();
  const maxPages = config().ocrMaxPages;
  return pool && maxPages > 0 ? { minChars: SCANNED_PAGE_MIN_CHARS, width: OCR_RENDER_WIDTH, maxPages } : undefined;
}

/**
 * OCR text of the rendered pages, by page number, through the OCR pool (its workers take pages
 * in parallel). A page that fails or times out stays without text; the others are kept.
 */
async function ocrScans(scans: ScannedPage[]): Promise<Map<number, OcrPage>> {
  const pool = ocrPool();
  const out = new Map<number, OcrPage>();
  if (!pool || scans.length === 0) return out;
  const results = await readScans(
    pool,
    scans.map((scan) => new Uint8Array(scan.png)),
  );
  const failed = results.filter((r) => r.status === "rejected");
  // Every page failing means OCR itself is broken (or the file is): say so rather than store nothing.
  if (failed.length === scans.length) {
    const reason = (failed[0] as PromiseRejectedResult).reason as Error;
    const timedOut = reason?.name === "OcrTimeoutError";
    throw Object.assign(
      new IngestError(timedOut ? "Reading the scanned pages of this PDF took too long" : "The scanned pages of this PDF could not be read"),
      { cause: reason },
    );
  }
  results.forEach((r, i) => {
    if (r.status === "fulfilled") out.set(scans[i].pageNumber, r.value);
    else console.warn(`[ingest] OCR of PDF page ${scans[i].pageNumber} failed: ${String(r.reason)}`);
  });
  return out;
}

/** Raw text per page (and scanned pages rendered): in a worker thread when the pool is available, else on this thread. */
async function extractRawPages(data: Uint8Array, render: RenderOptions | undefined): Promise<{ pages: string[]; scans: ScannedPage[] }> {
  const pool = pdfWorkerPool();
  if (pool) {
    try {
      // The worker gets its own copy, transferred (moved, not cloned again), so the caller's
      // bytes stay usable (the in-thread path copies them into PDFium's memory).
      // new Uint8Array(data), not data.slice(): for a Node Buffer, slice() is a view into a
      // possibly larger buffer (a request body, Buffer's pool), which must not be moved away.
      const { pages, scans } = await pool.extract(new Uint8Array(data).buffer, render);
      return { pages, scans };
    } catch (error) {
      if (isNamed(error, "WorkerTimeoutError")) {
        throw Object.assign(new IngestError("Reading this PDF took too long; it may be damaged or unusually complex"), { cause: error });
      }
      if (isNamed(error, "WorkerCrashedError")) {
        throw Object.assign(new IngestError("The PDF reader crashed on this file. It may be damaged or too complex to read"), {
          cause: error,
        });
      }
      // No worker threads here after all: parse on this thread.
      if (!isNamed(error, "WorkerUnavailableError")) throw toIngestError(error, data);
    }
  }
  return extractInThread(data, render);
}

/**
 * By name, not instanceof: after a dev-server reload the (global) pool may come from an older
 * copy of the module. Literal names, as bundlers minify class names.
 */
function isNamed(error: unknown, name: (WorkerCrashedError | WorkerTimeoutError | WorkerUnavailableError)["name"]): boolean {
  return error instanceof Error && error.name === name;
}

async function extractInThread(data: Uint8Array, render: RenderOptions | undefined): Promise<{ pages: string[]; scans: ScannedPage[] }> {
  // The worker's own module (../workers/pdfium.mjs), loaded by path as the worker script is:
  // loaded on first use, so with worker threads the main thread never compiles PDFium.
  const { extractPages } = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ pdfiumModuleUrl())) as {
    extractPages(data: Uint8Array, render: RenderOptions | undefined): Promise<{ pages: string[]; scans: ScannedPage[] }>;
  };
  try {
    return await extractPages(data, render);
  } catch (error) {
    throw toIngestError(error, data);
  }
}

function pdfiumModuleUrl(): string {
  return pathToFileURL(path.join(path.dirname(defaultWorkerFile()), "pdfium.mjs")).href;
}

/** Rejoin wrapped lines page by page; a page's last line may be a heading for the next page. */
async function reflowPages(rawPages: string[]): Promise<ParsedPage[]> {
  const pages: ParsedPage[] = [];
  const known = documentWords(rawPages);
  let sliceStart = performance.now();
  for (let i = 0; i < rawPages.length; i++) {
    const next = rawPages[i + 1];
    pages.push({ pageNumber: i + 1, text: reflowPdfPage(rawPages[i], next === undefined ? undefined : firstLine(next), known) });
    if (performance.now() - sliceStart > REFLOW_SLICE_MS) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
  }
  return pages;
}

/**
 * Any failure is reported as encryption or damage; the original error is kept as `cause` for logs.
 * Besides PasswordException, an /Encrypt entry in the trailer means an encryption the reader
 * cannot open (e.g. certificate security), which the user also fixes by removing the protection.
 */
function toIngestError(error: unknown, data: Uint8Array): IngestError {
  const message =
    isPasswordError(error) || pdfTrailerEncrypted(data) ? "This PDF is password-protected" : "This PDF is damaged or not a PDF";
  return Object.assign(new IngestError(message), { cause: error });
}
