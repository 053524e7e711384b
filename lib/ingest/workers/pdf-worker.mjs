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
 *   in:  { id, buffer }     the PDF bytes, an ArrayBuffer transferred (moved) to this thread
 *   out: { type: "done", id, pages }   raw text per page, a plain array of strings
 *   out: { type: "failed", id, error } pdf.js could not read the file: { name, message, stack }
 */
import { parentPort, threadId } from "node:worker_threads";
import { extractText, getDocumentProxy, getResolvedPDFJS } from "unpdf";

if (!parentPort) throw new Error("pdf-worker.mjs must be started as a worker thread");
const port = parentPort;

// unpdf loads pdf.js on first use; load it now, so "ready" means this thread can parse.
await getResolvedPDFJS();
port.on("message", (task) => {
  void run(task);
});
port.postMessage({ type: "ready", threadId });

/** @param {{ id: number, buffer: ArrayBuffer }} task */
async function run({ id, buffer }) {
  const startedAt = performance.timeOrigin + performance.now();
  try {
    const pages = await extractPages(new Uint8Array(buffer));
    port.postMessage({ type: "done", id, pages, threadId, startedAt, finishedAt: performance.timeOrigin + performance.now() });
  } catch (error) {
    port.postMessage({ type: "failed", id, error: describe(error), threadId });
  }
}

/** Same calls as the in-thread path in parsers/pdf.ts. The bytes are this thread's own: no copy. */
async function extractPages(data) {
  // verbosity 0: pdf.js otherwise prints font warnings ("TT: undefined function") to the console.
  const pdf = await getDocumentProxy(data, { verbosity: 0 });
  try {
    return (await extractText(pdf, { mergePages: false })).text;
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
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
