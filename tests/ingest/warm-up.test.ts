import { afterEach, describe, expect, it, vi } from "vitest";
import { resetConfig } from "@/lib/config";
import { warmUpIngestion } from "@/lib/ingest/warm-up";
import { PdfWorkerPool, setPdfWorkerPool } from "@/lib/ingest/workers/pdf-pool";
import { warmUpPdfWorkers } from "@/lib/ingest/workers/pdf-warm-up";

const pools: PdfWorkerPool[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  setPdfWorkerPool(undefined);
  resetConfig();
  vi.restoreAllMocks();
});

describe("ingestion warm-up at server start", () => {
  it("starts every PDF worker thread, each reading a document, runs the caller's work on passages, once per process", async () => {
    const pool = new PdfWorkerPool(2);
    pools.push(pool);
    setPdfWorkerPool(pool);
    const warn = vi.spyOn(console, "warn");
    const alsoWith = vi.fn();
    const warming = warmUpIngestion(alsoWith);
    expect(warmUpIngestion()).toBe(warming);
    await warming;
    const stats = pool.stats();
    expect(stats.threads).toBe(2);
    // Both read their document at the same time: each thread has run PDFium, not just started.
    expect(stats.peakBusy).toBe(2);
    expect(stats.crashes).toBe(0);
    // The PDF part was begun once (with the server) and is shared.
    expect(await warmUpPdfWorkers()).toBe(2);
    expect(alsoWith).toHaveBeenCalledOnce();
    const texts = alsoWith.mock.calls[0][0] as string[];
    expect(texts.length).toBeGreaterThan(10);
    expect(texts.every((t) => t.length > 300)).toBe(true);
    expect(warn).not.toHaveBeenCalled(); // a failed warm-up is only logged
  });
});
