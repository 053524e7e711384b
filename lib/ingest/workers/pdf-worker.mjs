/**
 * PDF text extraction in a worker thread (see ./pdf-pool.ts, which starts and feeds it).
 *
 * Plain ESM JavaScript on purpose: the pool starts this file by path at run time, so it must run
 * as is under vitest, tsx and the Next.js production server, outside any bundler or TS loader.
 * It only extracts; the page reflow (lib/ingest/pdf-reflow.ts) and the error messages users see
 * (lib/ingest/parsers/pdf.ts) stay in TypeScript on the main thread.
 *
 * Protocol (one task at a time per worker):
 *   out: { type: "ready" } once unpdf and pdf.js have loaded (a worker that dies before
 *        this could not start: the pool then parses on the main thread)
 *   in:  { id, buffer, render? }  the PDF bytes, an ArrayBuffer transferred (moved) to this
 *        thread; with `render` ({ minChars, width, maxPages }), pages with less text than
 *        minChars (scanned pages) are also rendered to PNG, `width` pixels wide, for OCR
 *   out: { type: "done", id, pages, scans }   raw text per page, a plain array of strings, and
 *        the rendered pages: [{ pageNumber, png }] (ArrayBuffers, transferred)
 *   out: { type: "failed", id, error } pdf.js could not read the file: { name, message, stack }
 */
import { createRequire } from "node:module";
import path from "node:path";
import { parentPort, threadId } from "node:worker_threads";
import { getDocumentProxy, getResolvedPDFJS, renderPageAsImage } from "unpdf";

if (!parentPort) throw new Error("pdf-worker.mjs must be started as a worker thread");
const port = parentPort;

// CMaps (fonts not embedded: Japanese, Chinese, Korean) and standard font data, read from disk:
// pdfjs-dist ships them for the pdf.js version unpdf bundles. Without them such text is lost.
const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
const DATA_DIRS = { cMapUrl: `${path.join(pdfjsDir, "cmaps")}/`, standardFontDataUrl: `${path.join(pdfjsDir, "standard_fonts")}/` };

// unpdf loads pdf.js on first use; load it now, so "ready" means this thread can parse.
await getResolvedPDFJS();
port.on("message", (task) => {
  void run(task);
});
port.postMessage({ type: "ready", threadId });

/** @param {{ id: number, buffer: ArrayBuffer, render?: { minChars: number, width: number, maxPages: number } }} task */
async function run({ id, buffer, render }) {
  const startedAt = performance.timeOrigin + performance.now();
  try {
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

/** Same calls as the in-thread path in parsers/pdf.ts. The bytes are this thread's own: no copy. */
async function extractPages(data, render) {
  // verbosity 0: pdf.js otherwise prints font warnings ("TT: undefined function") to the console.
  const pdf = await getDocumentProxy(data, { verbosity: 0, ...DATA_DIRS });
  try {
    const pages = await pageTexts(pdf);
    /** @type {{ pageNumber: number, png: ArrayBuffer }[]} */
    const scans = [];
    if (render) {
      for (let i = 0; i < pages.length && scans.length < render.maxPages; i++) {
        if (pages[i].trim().length >= render.minChars) continue;
        const png = await withinTime(
          renderPageAsImage(pdf, i + 1, { canvasImport: () => import("@napi-rs/canvas"), width: render.width }),
          RENDER_PAGE_MS,
        );
        // A render that never settles (pdf.js waiting on font data it cannot load) ends the
        // rendering: the text extracted so far is still returned.
        if (!png) break;
        scans.push({ pageNumber: i + 1, png });
      }
    }
    return { pages, scans };
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

/**
 * The text of each page, as unpdf's extractText joins it, but one page at a time: extractText
 * asks pdf.js for every page at once, and the interleaved pages' work held together costs
 * a third more time here (mostly garbage collection) for the same text.
 */
async function pageTexts(pdf) {
  const pages = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const { items } = await page.getTextContent();
    pages.push(items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""));
    page.cleanup();
  }
  return pages;
}

/** Longest one page may take to render for OCR (about 0.3 s is usual). */
const RENDER_PAGE_MS = 20_000;

/** The promise's value, or null when it takes longer than `ms`. */
function withinTime(promise, ms) {
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** pdf.js errors (e.g. PasswordException) lose their name when structured-cloned, so send the fields. */
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
