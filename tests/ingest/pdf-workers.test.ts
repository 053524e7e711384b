import path from "node:path";
import { threadId as mainThreadId } from "node:worker_threads";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetConfig } from "@/lib/config";
import { IngestError } from "@/lib/errors";
import { chunkDocument } from "@/lib/ingest/chunk";
import { parseFile } from "@/lib/ingest/parse";
import { PdfWorkerPool, pdfWorkerPool, setPdfWorkerPool } from "@/lib/ingest/workers/pdf-pool";
import { makeEncryptedPdf, makePdf, wrap } from "./helpers/pdf";

const HELPERS = path.join(import.meta.dirname, "helpers");
const pools: PdfWorkerPool[] = [];

/** A pool of `size` workers installed as the one parseFile uses. */
function installPool(size: number, workerFile?: string): PdfWorkerPool {
  const pool = new PdfWorkerPool(size, { workerFile });
  pools.push(pool);
  setPdfWorkerPool(pool);
  return pool;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  setPdfWorkerPool(undefined);
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  resetConfig();
});

/** A PDF of `pages` pages of wrapped prose, `label` in every line's first word. */
function bookPdf(label: string, pages: number): Promise<Uint8Array> {
  const prose = wrap(`${label} text about benefits and coverage, repeated to fill the page. `.repeat(40), 90).slice(0, 40);
  return makePdf(Array.from({ length: pages }, () => prose));
}

function withMarker(pdf: Uint8Array, marker: string): Uint8Array {
  return new Uint8Array(Buffer.concat([Buffer.from(pdf), Buffer.from(`\n${marker}\n`)]));
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e,
  );
}

describe("PDF worker pool", () => {
  it("is on by default, one worker per core at most, and PARSE_WORKERS=0 turns it off", () => {
    setPdfWorkerPool(undefined);
    resetConfig();
    const pool = pdfWorkerPool();
    expect(pool).not.toBeNull();
    expect(pool!.size).toBeGreaterThanOrEqual(1);
    void pool!.close();

    vi.stubEnv("PARSE_WORKERS", "0");
    resetConfig();
    setPdfWorkerPool(undefined);
    expect(pdfWorkerPool()).toBeNull();
  });

  it("parses two PDFs at the same time in two different worker threads", async () => {
    const pool = installPool(2);
    const [a, b] = await Promise.all([bookPdf("Alpha", 40), bookPdf("Bravo", 40)]);

    const both = Promise.all([parseFile(a, "a.pdf"), parseFile(b, "b.pdf")]);
    // Both files were handed to a worker at once; neither waits for the other.
    expect(pool.stats()).toMatchObject({ threads: 2, busy: 2, queued: 0 });
    const [docA, docB] = await both;
    expect(docA.pageCount).toBe(40);
    expect(docB.pageCount).toBe(40);
    expect(docA.pages[39].text).toMatch(/^Alpha text about benefits/);
    expect(docB.pages[0].text).toMatch(/^Bravo text about benefits/);
    expect(pool.stats().peakBusy).toBe(2);

    // The same, one level down: distinct threads (not this one), working in overlapping time.
    const [x, y] = await Promise.all([pool.extract(a.slice().buffer), pool.extract(b.slice().buffer)]);
    expect(new Set([x.threadId, y.threadId]).size).toBe(2);
    expect([x.threadId, y.threadId]).not.toContain(mainThreadId);
    expect(x.startedAt).toBeLessThan(y.finishedAt);
    expect(y.startedAt).toBeLessThan(x.finishedAt);
    expect(x.pages).toHaveLength(40);
  });

  it("chunks a PDF in its worker thread when asked, as chunkDocument chunks its pages", async () => {
    installPool(1);
    const pdf = await bookPdf("Chunked", 6);
    const options = { chunkTokens: 64, overlapTokens: 8 };
    const { chunks, ...doc } = await parseFile(pdf, "c.pdf", { chunk: options });
    expect(chunks!.length).toBeGreaterThan(6);
    expect(chunks).toEqual(chunkDocument(doc, options));
    expect((await parseFile(pdf, "d.pdf")).chunks).toBeUndefined();
  });

  it("queues files beyond the pool size and reuses the same workers", async () => {
    const pool = installPool(1);
    const pdfs = await Promise.all(["One", "Two", "Three"].map((label) => bookPdf(label, 3)));
    const parsing = Promise.all(pdfs.map((pdf, i) => parseFile(pdf, `${i}.pdf`)));
    expect(pool.stats()).toMatchObject({ threads: 1, busy: 1, queued: 2 });
    const docs = await parsing;
    expect(docs.map((d) => d.pages[0].text.split(" ")[0])).toEqual(["One", "Two", "Three"]);
    expect(pool.stats()).toMatchObject({ threads: 1, busy: 0, queued: 0, peakBusy: 1 });
  });

  it("ends idle workers after a while and starts a new one for the next file", async () => {
    const pool = new PdfWorkerPool(1, { idleMs: 50 });
    pools.push(pool);
    setPdfWorkerPool(pool);
    const pdf = await makePdf([["Idle test."]]);
    await parseFile(pdf, "a.pdf");
    await vi.waitFor(() => expect(pool.stats().threads).toBe(0), { timeout: 5000 });
    expect((await parseFile(pdf, "b.pdf")).pages[0].text).toBe("Idle test.");
    expect(pool.stats()).toMatchObject({ crashes: 0 });
  });

  it("transfers a copy: the caller's bytes are neither detached nor changed", async () => {
    installPool(1);
    const pdf = await makePdf([["Some text."]]);
    const copy = pdf.slice();
    await parseFile(pdf, "a.pdf");
    expect(pdf.byteLength).toBe(copy.byteLength);
    expect(Buffer.from(pdf).equals(Buffer.from(copy))).toBe(true);
  });

  it("copies only the file's bytes when given a view into a larger buffer (e.g. a request body)", async () => {
    installPool(1);
    const pdf = await makePdf([["Bytes in the middle."]]);
    const body = Buffer.alloc(pdf.byteLength + 200, 0x20);
    body.set(pdf, 100);
    const view = body.subarray(100, 100 + pdf.byteLength); // a Buffer: its slice() is a view too
    const doc = await parseFile(view, "view.pdf");
    expect(doc.pages).toEqual([{ pageNumber: 1, text: "Bytes in the middle." }]);
    expect(body.byteLength).toBe(pdf.byteLength + 200); // not detached
    expect(view.equals(pdf)).toBe(true);
  });

  it("keeps the parser's error messages when the work runs in a worker", async () => {
    installPool(2);
    const locked = makeEncryptedPdf({ text: "Top secret plan", userPassword: "secret", ownerPassword: "owner" });
    const random = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 251);
    const [lockedError, randomError, scanError] = await Promise.all([
      rejection(parseFile(locked, "locked.pdf")),
      rejection(parseFile(random, "random.pdf")),
      rejection(makePdf([[], []]).then((scan) => parseFile(scan, "scan.pdf"))),
    ]);
    expect(lockedError).toBeInstanceOf(IngestError);
    expect((lockedError as IngestError).message).toBe("This PDF is password-protected");
    expect((lockedError as IngestError).cause).toMatchObject({ name: "PasswordException" });
    expect((randomError as IngestError).message).toBe("This PDF is damaged or not a PDF");
    expect((scanError as IngestError).message).toBe(
      "No text could be extracted from this PDF (it may be scanned images without legible text)",
    );
  });

  it.each(["exit", "throw"])("fails only the file whose worker crashed (%s) and replaces the worker", async (how) => {
    const pool = installPool(2, path.join(HELPERS, "crashing-pdf-worker.mjs"));
    const errorLog = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const good = await bookPdf("Healthy", 20);
    const deadly = withMarker(await makePdf([["Never read."]]), `%docchat-test-crash:${how}`);

    const [crashed, parsed] = await Promise.allSettled([parseFile(deadly, "deadly.pdf"), parseFile(good, "good.pdf")]);
    const before = pool.stats();
    expect(crashed.status).toBe("rejected");
    const error = (crashed as PromiseRejectedResult).reason as IngestError;
    expect(error).toBeInstanceOf(IngestError);
    expect(error.message).toBe("The PDF reader crashed on this file. It may be damaged or too complex to read");
    expect(error.cause).toMatchObject({ name: "WorkerCrashedError", exitCode: how === "exit" ? 3 : 1 });
    expect(parsed.status).toBe("fulfilled");
    expect((parsed as PromiseFulfilledResult<Awaited<ReturnType<typeof parseFile>>>).value.pageCount).toBe(20);
    expect(before).toMatchObject({ crashes: 1, threads: 1, busy: 0 });
    expect(errorLog).toHaveBeenCalledOnce();

    // The pool is still in service: two files at once get two live workers again.
    const again = await Promise.all([parseFile(good, "good-1.pdf"), parseFile(good, "good-2.pdf")]);
    expect(again.map((d) => d.pageCount)).toEqual([20, 20]);
    const after = pool.stats();
    expect(after).toMatchObject({ threads: 2, crashes: 1 });
    expect(after.threadIds).toEqual(expect.arrayContaining(before.threadIds));
  });

  it("ends a worker stuck on one file after the time limit; that file fails alone", async () => {
    const pool = new PdfWorkerPool(2, { workerFile: path.join(HELPERS, "crashing-pdf-worker.mjs"), taskTimeoutMs: 1_500 });
    pools.push(pool);
    setPdfWorkerPool(pool);
    const good = await bookPdf("Healthy", 5);
    const stuck = withMarker(await makePdf([["Never read."]]), "%docchat-test-crash:hang");

    const [hung, parsed] = await Promise.allSettled([parseFile(stuck, "stuck.pdf"), parseFile(good, "good.pdf")]);
    expect(hung.status).toBe("rejected");
    expect(((hung as PromiseRejectedResult).reason as IngestError).message).toMatch(/took too long/);
    expect(parsed.status).toBe("fulfilled");
    expect((await parseFile(good, "again.pdf")).pageCount).toBe(5);
  });

  it("falls back to parsing on the main thread when workers cannot start", async () => {
    const pool = installPool(2, path.join(HELPERS, "broken-pdf-worker.mjs"));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const doc = await parseFile(await makePdf([["Still parsed."]]), "a.pdf");
    expect(doc.pages).toEqual([{ pageNumber: 1, text: "Still parsed." }]);
    expect(pool.available).toBe(false);
    expect(pdfWorkerPool()).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/PDF worker thread failed to start.*simulated worker start-up failure/));
    // Error messages are the same on the fallback path.
    const random = new Uint8Array(1024).map((_, i) => (i * 31) % 256);
    expect(((await rejection(parseFile(random, "r.pdf"))) as Error).message).toBe("This PDF is damaged or not a PDF");
  });

  it("keeps the event loop responsive while a large PDF parses", async () => {
    installPool(1);
    const big = await bookPdf("Responsive", 150);
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    try {
      const doc = await parseFile(big, "big.pdf");
      expect(doc.pageCount).toBe(150);
    } finally {
      clearInterval(timer);
    }
    // In-thread, pdf.js holds the thread for the whole file (seconds); in a worker only the
    // reflow runs here, in slices of ~10 ms.
    expect(longestGap).toBeLessThan(250);
  });
});
