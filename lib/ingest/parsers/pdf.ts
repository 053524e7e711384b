import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { IngestError } from "@/lib/errors";
import type { ParsedDocument, ParsedPage } from "../types";
import { firstLine, reflowPdfPage } from "../pdf-reflow";
import { pdfWorkerPool, type WorkerCrashedError, type WorkerTimeoutError, type WorkerUnavailableError } from "../workers/pdf-pool";

export const PDF_MIME_TYPE = "application/pdf";

/** Reflow yields to the event loop after this much work, so big PDFs do not stall requests. */
const REFLOW_SLICE_MS = 10;

/** pdf.js throws this (by name; the class is not exported) when a user password is required. */
export function isPasswordError(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return name === "PasswordException" || (typeof message === "string" && /\bpassword\b/i.test(message));
}

/** Text per page, 1-based, in page order. Pages without text are kept (as "") so numbering holds. */
export async function parsePdf(data: Uint8Array): Promise<ParsedDocument> {
  const rawPages = await extractRawPages(data);
  const pages = await reflowPages(rawPages);
  if (pages.every((page) => page.text === "")) {
    throw new IngestError("No text could be extracted from this PDF (it may be scanned images)");
  }
  return { pages, pageCount: pages.length, mimeType: PDF_MIME_TYPE };
}

/** Raw text per page: in a worker thread when the pool is available, else on this thread. */
async function extractRawPages(data: Uint8Array): Promise<string[]> {
  const pool = pdfWorkerPool();
  if (pool) {
    try {
      // The worker gets its own copy, transferred (moved, not cloned again), so the caller's
      // bytes stay usable; the in-thread path copies too, as pdf.js may detach its input.
      // new Uint8Array(data), not data.slice(): for a Node Buffer, slice() is a view into a
      // possibly larger buffer (a request body, Buffer's pool), which must not be moved away.
      return (await pool.extract(new Uint8Array(data).buffer)).pages;
    } catch (error) {
      if (isNamed(error, "WorkerTimeoutError")) {
        throw Object.assign(new IngestError("Reading this PDF took too long; it may be damaged or unusually complex"), { cause: error });
      }
      if (isNamed(error, "WorkerCrashedError")) {
        throw Object.assign(
          new IngestError("The PDF reader crashed on this file. It may be damaged or too complex to read"),
          { cause: error },
        );
      }
      // No worker threads here after all: parse on this thread.
      if (!isNamed(error, "WorkerUnavailableError")) throw toIngestError(error, data);
    }
  }
  return extractInThread(data);
}

/**
 * By name, not instanceof: after a dev-server reload the (global) pool may come from an older
 * copy of the module. Literal names, as bundlers minify class names.
 */
function isNamed(error: unknown, name: (WorkerCrashedError | WorkerTimeoutError | WorkerUnavailableError)["name"]): boolean {
  return error instanceof Error && error.name === name;
}

async function extractInThread(data: Uint8Array): Promise<string[]> {
  // Loaded on first use: with worker threads, the main thread never needs pdf.js.
  const { extractText, getDocumentProxy } = await import("unpdf");
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js may detach the buffer it is given; hand it a copy so the caller's bytes stay usable.
    // verbosity 0: pdf.js otherwise prints font warnings ("TT: undefined function") to the console.
    pdf = await getDocumentProxy(new Uint8Array(data), { verbosity: 0 });
  } catch (error) {
    throw toIngestError(error, data);
  }
  try {
    return (await extractText(pdf, { mergePages: false })).text;
  } catch (error) {
    throw toIngestError(error, data);
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

/** Rejoin wrapped lines page by page; a page's last line may be a heading for the next page. */
async function reflowPages(rawPages: string[]): Promise<ParsedPage[]> {
  const pages: ParsedPage[] = [];
  let sliceStart = performance.now();
  for (let i = 0; i < rawPages.length; i++) {
    const next = rawPages[i + 1];
    pages.push({ pageNumber: i + 1, text: reflowPdfPage(rawPages[i], next === undefined ? undefined : firstLine(next)) });
    if (performance.now() - sliceStart > REFLOW_SLICE_MS) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
  }
  return pages;
}

/**
 * Any failure is reported as encryption or damage; the original error is kept as `cause` for logs.
 * Besides PasswordException, an /Encrypt entry means an encryption pdf.js cannot open
 * (e.g. certificate security), which the user also fixes by removing the protection.
 */
function toIngestError(error: unknown, data: Uint8Array): IngestError {
  const message =
    isPasswordError(error) || hasEncryptEntry(data)
      ? "This PDF is password-protected"
      : "This PDF is damaged or not a PDF";
  return Object.assign(new IngestError(message), { cause: error });
}

function hasEncryptEntry(data: Uint8Array): boolean {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).includes("/Encrypt");
}
