/**
 * A PDF worker thread (see ./pdf-thread.ts, which starts and feeds it): reads a PDF with PDFium
 * (./pdfium.mjs, ./load-pdfium.ts) and does the per-page text work there too (../pdf-pages.ts), and chunks it
 * when asked and no page waits for OCR, so the main thread gets pages (or chunks) ready to use.
 * Bundled by Next.js as a worker entry; run from source through tsx (./pdf-thread.ts).
 *
 * Protocol (one task at a time per worker):
 *   out: { type: "ready" } once PDFium has loaded (a worker that dies before
 *        this could not start: the pool then parses on the main thread)
 *   in:  { id, buffer, render?, chunk? }  the PDF bytes, an ArrayBuffer transferred (moved) to
 *        this thread; with `render` ({ minChars, width, maxPages }), pages with less text than
 *        minChars (scanned pages) are also rendered to PNG, `width` pixels wide, for OCR; with
 *        `chunk` (ChunkOptions), the pages are chunked unless a page was rendered for OCR
 *   out: { type: "done", id, pages, garbled, scans, chunks? }   readable text per page, the
 *        number of pages left empty as garbled, the rendered pages: [{ pageNumber, png }]
 *        (ArrayBuffers, transferred), and the chunks when asked for and made
 *   out: { type: "failed", id, error } PDFium could not read the file: { name, message, stack }
 */
import { parentPort, threadId } from "node:worker_threads";
import { chunkDocument } from "../chunk";
import { PDF_MIME_TYPE, readPdfPages } from "../pdf-pages";
import type { ChunkOptions } from "../types";
import type { PdfTask } from "./pdf-extraction";
import { loadPdfiumModule } from "./load-pdfium";

if (!parentPort) throw new Error("pdf-worker.ts must be started as a worker thread");
const port = parentPort;

const { extractPages, loadPdfium } = await loadPdfiumModule();
// PDFium is compiled on first use; compile it now, so "ready" means this thread can parse.
await loadPdfium();
port.on("message", (task: PdfTask) => {
  void run(task);
});
port.postMessage({ type: "ready", threadId });

async function run({ id, buffer, render, chunk }: PdfTask) {
  const startedAt = performance.timeOrigin + performance.now();
  try {
    // The bytes are this thread's own (transferred): no copy.
    const { pages: raw, scans } = await extractPages(new Uint8Array(buffer), render);
    const { pages, garbled } = readPdfPages(raw);
    const chunks = chunk && scans.length === 0 ? chunkPages(pages, chunk) : undefined;
    const finishedAt = performance.timeOrigin + performance.now();
    port.postMessage(
      { type: "done", id, pages, garbled, scans, chunks, threadId, startedAt, finishedAt },
      scans.map((s) => s.png),
    );
  } catch (error) {
    port.postMessage({ type: "failed", id, error: describe(error), threadId });
  }
}

function chunkPages(pages: ReturnType<typeof readPdfPages>["pages"], options: ChunkOptions) {
  return chunkDocument({ pages, pageCount: pages.length, mimeType: PDF_MIME_TYPE }, options);
}

/** Errors (e.g. PasswordException) lose their name when structured-cloned, so send the fields. */
function describe(error: unknown): { name: string; message: string; stack?: string } {
  if (error && typeof error === "object") {
    const { name, message, stack } = error as { name?: unknown; message?: unknown; stack?: unknown };
    return {
      name: typeof name === "string" ? name : "Error",
      message: typeof message === "string" ? message : String(error),
      stack: typeof stack === "string" ? stack : undefined,
    };
  }
  return { name: "Error", message: String(error), stack: undefined };
}
