import { IngestError } from "@/lib/errors";
import type { ChunkOptions, ParsedDocument, ParsedPage, TextChunk } from "../types";
import { PDF_MIME_TYPE, readPdfPages } from "../pdf-pages";
import { pdfWorkerPool } from "../workers/pdf-pool";
import { loadPdfiumModule } from "../workers/load-pdfium";
import type { RenderOptions, ScannedPage, WorkerCrashedError, WorkerTimeoutError, WorkerUnavailableError } from "../workers/pdf-extraction";
import { ocrPool } from "../workers/ocr-pool";
import { ocrNote, readScans, type OcrPage } from "../ocr";
import { config } from "@/lib/config";
import { pdfTrailerEncrypted } from "../encryption";

export { PDF_MIME_TYPE };

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
 * OCR'd; pages still without text are kept (as "") so numbering holds. With `chunk`, the
 * document comes with its chunks when the worker thread that read it could make them (no page
 * was OCR'd).
 */
export async function parsePdf(data: Uint8Array, chunk?: ChunkOptions): Promise<ParsedDocument> {
  const { pages, garbled, scans, chunks } = await readPages(data, renderOptions(), chunk);
  const ocr = await ocrScans(scans);
  for (const page of pages) {
    const text = ocr.get(page.pageNumber!)?.text;
    if (text) Object.assign(page, { text, contentSubtype: "ocr" });
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
  return { pages, pageCount: pages.length, mimeType: PDF_MIME_TYPE, ...(note ? { notes: [note] } : {}), ...(chunks ? { chunks } : {}) };
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

interface PdfPages {
  pages: ParsedPage[];
  garbled: number;
  scans: ScannedPage[];
  chunks?: TextChunk[];
}

/** Readable text per page (and scanned pages rendered): in a worker thread when the pool is available, else on this thread. */
async function readPages(data: Uint8Array, render: RenderOptions | undefined, chunk: ChunkOptions | undefined): Promise<PdfPages> {
  const pool = pdfWorkerPool();
  if (pool) {
    try {
      // The worker gets its own copy, transferred (moved, not cloned again), so the caller's
      // bytes stay usable (the in-thread path copies them into PDFium's memory).
      // new Uint8Array(data), not data.slice(): for a Node Buffer, slice() is a view into a
      // possibly larger buffer (a request body, Buffer's pool), which must not be moved away.
      return await pool.extract(new Uint8Array(data).buffer, render, chunk);
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
  return readInThread(data, render);
}

/**
 * By name, not instanceof: after a dev-server reload the (global) pool may come from an older
 * copy of the module. Literal names, as bundlers minify class names.
 */
function isNamed(error: unknown, name: (WorkerCrashedError | WorkerTimeoutError | WorkerUnavailableError)["name"]): boolean {
  return error instanceof Error && error.name === name;
}

/** The worker's work, on this thread; chunking is left to the caller. */
async function readInThread(data: Uint8Array, render: RenderOptions | undefined): Promise<PdfPages> {
  const { extractPages } = await loadPdfiumModule();
  let extracted: Awaited<ReturnType<typeof extractPages>>;
  try {
    extracted = await extractPages(data, render);
  } catch (error) {
    throw toIngestError(error, data);
  }
  return { ...readPdfPages(extracted.pages), scans: extracted.scans };
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
