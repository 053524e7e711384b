import { afterEach, describe, expect, it, vi } from "vitest";
import { resetConfig } from "@/lib/config";
import { warmUpIngestion } from "@/lib/ingest/warm-up";
import { PdfWorkerPool, setPdfWorkerPool } from "@/lib/ingest/workers/pdf-pool";

const pools: PdfWorkerPool[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  setPdfWorkerPool(undefined);
  resetConfig();
  vi.restoreAllMocks();
});

describe("ingestion warm-up at server start", () => {
  it("starts every PDF worker thread, each reading a document, and runs once per process", async () => {
    const pool = new PdfWorkerPool(2);
    pools.push(pool);
    setPdfWorkerPool(pool);
    const warn = vi.spyOn(console, "warn");
    const warming = warmUpIngestion();
    expect(warmUpIngestion()).toBe(warming);
    await warming;
    const stats = pool.stats();
    expect(stats.threads).toBe(2);
    // Both read their document at the same time: each thread has run PDFium, not just started.
    expect(stats.peakBusy).toBe(2);
    expect(stats.crashes).toBe(0);
    expect(warn).not.toHaveBeenCalled(); // a failed warm-up is only logged
  });
});
