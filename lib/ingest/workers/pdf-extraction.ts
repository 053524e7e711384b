/**
 * What a PDF worker thread hands back (./pdf-thread.ts) and the ways reading a PDF in one can
 * fail, shared by the pool (./pdf-pool.ts), the worker (./pdf-worker.ts) and the PDF parser,
 * which falls back to parsing in-thread on WorkerUnavailableError.
 */

import type { ChunkOptions, ParsedPage, TextChunk } from "../types";

/** One PDF for a worker: its bytes (transferred), how to render scanned pages, how to chunk it. */
export interface PdfTask {
  id: number;
  buffer: ArrayBuffer;
  render?: RenderOptions;
  /** Chunk the pages in the worker too (done only when no page waits for OCR). */
  chunk?: ChunkOptions;
}

/** One PDF as read by a worker: readable text per page (../pdf-pages.ts), and its chunks when asked for. */
export interface PdfExtraction {
  pages: ParsedPage[];
  /** Pages left empty because their fonts decode to nothing readable. */
  garbled: number;
  /** Made when the task asked for them and no page was rendered for OCR. */
  chunks?: TextChunk[];
  /** Pages rendered to PNG because they had (almost) no text: scanned pages, for OCR. */
  scans: ScannedPage[];
  /** The worker thread that did the work, and when (epoch ms), for diagnostics and tests. */
  threadId: number;
  startedAt: number;
  finishedAt: number;
}

export interface ScannedPage {
  pageNumber: number;
  png: ArrayBuffer;
}

/** Render pages with fewer than `minChars` characters of text, `width` pixels wide, at most `maxPages`. */
export interface RenderOptions {
  minChars: number;
  width: number;
  maxPages: number;
}

/** PDFium could not read the file; `name` as pdf.js names it (e.g. "PasswordException"), see ./pdfium.mjs. */
export class PdfReadError extends Error {
  constructor(name: string, message: string, stack?: string) {
    super(message);
    this.name = name;
    if (stack) this.stack = stack;
  }
}

/** The worker died while working on the file (uncaught error, out of memory, process.exit, ...). */
export class WorkerCrashedError extends Error {
  override readonly name = "WorkerCrashedError";
  constructor(
    readonly exitCode: number | null,
    options?: { cause?: unknown },
  ) {
    super(`PDF worker thread crashed${exitCode === null ? "" : ` (exit code ${exitCode})`}`, options);
  }
}

/** The file took longer than the pool allows; its worker was ended so others keep going. */
export class WorkerTimeoutError extends Error {
  override readonly name = "WorkerTimeoutError";
}

/** Worker threads cannot be used here; parse on the calling thread instead. */
export class WorkerUnavailableError extends Error {
  override readonly name = "WorkerUnavailableError";
}
