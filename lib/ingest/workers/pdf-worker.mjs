/**
 * PDF text extraction in a worker thread (see ./pdf-thread.ts, which starts and feeds it), with
 * PDFium (./pdfium.mjs).
 *
 * Plain ESM JavaScript on purpose: the pool starts this file by path at run time, so it must run
 * as is under vitest, tsx and the Next.js production server, outside any bundler or TS loader.
 * It only extracts; the page reflow (lib/ingest/pdf-reflow.ts) and the error messages users see
 * (lib/ingest/parsers/pdf.ts) stay in TypeScript on the main thread.
 *
 * Protocol (one task at a time per worker):
 *   out: { type: "ready" } once PDFium has loaded (a worker that dies before
 *        this could not start: the pool then parses on the main thread)
 *   in:  { id, buffer, render? }  the PDF bytes, an ArrayBuffer transferred (moved) to this
 *        thread; with `render` ({ minChars, width, maxPages }), pages with less text than
 *        minChars (scanned pages) are also rendered to PNG, `width` pixels wide, for OCR
 *   out: { type: "done", id, pages, scans }   raw text per page, a plain array of strings, and
 *        the rendered pages: [{ pageNumber, png }] (ArrayBuffers, transferred)
 *   out: { type: "failed", id, error } PDFium could not read the file: { name, message, stack }
 */
import { parentPort, threadId } from "node:worker_threads";
import { extractPages, loadPdfium } from "./pdfium.mjs";

if (!parentPort) throw new Error("pdf-worker.mjs must be started as a worker thread");
const port = parentPort;

// PDFium is compiled on first use; compile it now, so "ready" means this thread can parse.
await loadPdfium();
port.on("message", (task) => {
  void run(task);
});
port.postMessage({ type: "ready", threadId });

/** @param {{ id: number, buffer: ArrayBuffer, render?: { minChars: number, width: number, maxPages: number } }} task */
async function run({ id, buffer, render }) {
  const startedAt = performance.timeOrigin + performance.now();
  try {
    // The bytes are this thread's own (transferred): no copy.
    const { pages, scans } = await extractPages(new Uint8Array(buffer), render);
    const finishedAt = performance.timeOrigin + performance.now();
    port.postMessage(
      { type: "done", id, pages, scans, threadId, startedAt, finishedAt },
      scans.map((s) => s.png),
    );
  } catch (error) {
    port.postMessage({ type: "failed", id, error: describe(error), threadId });
  }
}

/** Errors (e.g. PasswordException) lose their name when structured-cloned, so send the fields. */
function describe(error) {
  if (error && typeof error === "object") {
    const { name, message, stack } = /** @type {{ name?: unknown, message?: unknown, stack?: unknown }} */ (error);
    return {
      name: typeof name === "string" ? name : "Error",
      message: typeof message === "string" ? message : String(error),
      stack: typeof stack === "string" ? stack : undefined,
    };
  }
  return { name: "Error", message: String(error), stack: undefined };
}
