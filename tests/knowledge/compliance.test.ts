import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeIngestor, activeRetriever } from "@/lib/knowledge";
import { startWorker, stopWorker } from "@/lib/knowledge";
import { Chunk, CollectionInfo, FileInfo, IngestionJobStatus, RetrievalResult } from "@/lib/knowledge/schemas";
import { AppError } from "@/lib/errors";
import { freshDataDir } from "../helpers/env";
import { waitForJob } from "../helpers/jobs";
import { HANDBOOK_PAGES, makePdf, TRAVEL_TEXT, writeTemp } from "../helpers/files";

/** The SDK's adapter compliance checklist, run in process against the real LanceDB adapter. */

const ingestor = () => activeIngestor();
const retriever = () => activeRetriever();
let tmp: string;

beforeAll(async () => {
  await freshDataDir();
  tmp = mkdtempSync(path.join(os.tmpdir(), "docchat-files-"));
  startWorker();
});
afterAll(async () => {
  await stopWorker();
});

describe("Knowledge Layer compliance (lancedb)", () => {
  let jobId = "";
  let pdfId = "";
  let txtId = "";

  it("reports healthy", async () => {
    expect(await ingestor().healthCheck()).toBe(true);
    expect(await retriever().healthCheck()).toBe(true);
  });

  it("creates, gets and lists a collection", async () => {
    const created = CollectionInfo.parse(await ingestor().createCollection("handbook", "Company handbook"));
    expect(created).toMatchObject({ name: "handbook", description: "Company handbook", file_count: 0, backend: "lancedb" });
    expect(created.metadata).toMatchObject({ embedding_model: "local-hash-v1" });
    expect((await ingestor().getCollection("handbook"))?.name).toBe("handbook");
    expect((await ingestor().listCollections()).map((c) => c.name)).toContain("handbook");
    expect(await ingestor().getCollection("missing")).toBeNull();
  });

  it("refuses a duplicate collection with 409", async () => {
    await expect(ingestor().createCollection("handbook")).rejects.toMatchObject({ status: 409 });
    await expect(ingestor().createCollection("handbook")).rejects.toBeInstanceOf(AppError);
  });

  it("submits a job at once and ingests good files while a broken one fails alone", async () => {
    const started = Date.now();
    const submitted = await ingestor().submitJob(
      [
        writeTemp(tmp, "handbook.pdf", await makePdf(HANDBOOK_PAGES)),
        writeTemp(tmp, "travel.md", TRAVEL_TEXT),
        writeTemp(tmp, "broken.pdf", "this is not a pdf at all"),
      ],
      "handbook",
    );
    expect(Date.now() - started).toBeLessThan(2000);
    jobId = submitted.jobId;
    [pdfId, txtId] = submitted.fileIds;
    const status = IngestionJobStatus.parse(await waitForJob(jobId));
    expect(status).toMatchObject({ status: "completed", total_files: 3, processed_files: 3, is_terminal: true, is_success: true });
    expect(status.progress_percent).toBe(100);
    const byName = Object.fromEntries(status.file_details.map((f) => [f.file_name, f]));
    expect(byName["handbook.pdf"]).toMatchObject({ status: "success", progress_percent: 100 });
    expect(byName["handbook.pdf"].chunks_created).toBeGreaterThanOrEqual(3);
    expect(byName["travel.md"].status).toBe("success");
    expect(byName["broken.pdf"].status).toBe("failed");
    expect(byName["broken.pdf"].error_message).toMatch(/damaged|not a PDF/i);
  });

  it("lists files with their status and counts", async () => {
    const files = (await ingestor().listFiles("handbook")).map((f) => FileInfo.parse(f));
    expect(files).toHaveLength(3);
    const pdf = files.find((f) => f.file_id === pdfId)!;
    expect(pdf).toMatchObject({ file_name: "handbook.pdf", status: "success", collection_name: "handbook" });
    expect(pdf.metadata).toMatchObject({ page_count: 3 });
    expect(pdf.ingested_at).not.toBeNull();
    expect((await ingestor().getCollection("handbook"))?.file_count).toBe(3);
  });

  it.each(["hybrid", "vectors", "text"] as const)("retrieves valid chunks in %s mode", async (mode) => {
    const result = RetrievalResult.parse(
      await retriever().retrieve("annual deductible for in-network care", "handbook", 5, null, { mode }),
    );
    expect(result.success).toBe(true);
    expect(result.chunks.length).toBeGreaterThan(0);
    for (const chunk of result.chunks) {
      Chunk.parse(chunk);
      expect(chunk.score).toBeGreaterThanOrEqual(0);
      expect(chunk.score).toBeLessThanOrEqual(1);
      expect(chunk.display_citation.length).toBeGreaterThan(0);
    }
    const top = result.chunks[0];
    expect(top.file_name).toBe("handbook.pdf");
    expect(top.page_number).toBe(3);
    expect(top.display_citation).toBe("handbook.pdf, p.3");
    expect(result.total_tokens).toBeGreaterThan(0);
  });

  it("matches a word the documents never use to its closest spelling, below exact matches", async () => {
    const typo = await retriever().retrieve("stipned", "handbook", 3, null, { mode: "text" });
    expect(typo.chunks[0]?.content).toContain("A stipend of 500 dollars");
    const mixed = await retriever().retrieve("vacation stipned", "handbook", 3, null, { mode: "text" });
    expect(mixed.chunks.map((c) => c.page_number)).toEqual([1, 2]);
  });

  it("filters by known fields and cannot be injected", async () => {
    const onlyTravel = await retriever().retrieve("deductible vacation flights", "handbook", 10, { file_name: "travel.md" });
    expect(onlyTravel.chunks.length).toBeGreaterThan(0);
    expect(onlyTravel.chunks.every((c) => c.file_name === "travel.md")).toBe(true);
    const pages = await retriever().retrieve("remote work stipend", "handbook", 10, { page_number: [1, 2] });
    expect(pages.chunks.every((c) => c.page_number === 1 || c.page_number === 2)).toBe(true);
    const injected = await retriever().retrieve("vacation", "handbook", 10, { file_name: "x' OR '1'='1" });
    expect(injected).toMatchObject({ success: true, chunks: [] });
    const unknown = await retriever().retrieve("vacation", "handbook", 10, { "1=1 OR file_name": "x" });
    expect(unknown.success).toBe(false);
    expect(unknown.error_message).toMatch(/Unknown filter field/);
  });

  it("never throws from retrieve: a missing collection is success=false", async () => {
    const result = await retriever().retrieve("anything", "no_such_collection");
    expect(result).toMatchObject({ success: false, chunks: [] });
    expect(result.error_message).toMatch(/not found/);
  });

  it("answers an unknown job id with a FAILED status saying so", async () => {
    const status = await ingestor().getJobStatus("nope");
    expect(status).toMatchObject({ status: "failed", is_terminal: true, is_success: false });
    expect(status.error_message).toMatch(/not found/);
  });

  it("deletes files in a batch, then they are gone", async () => {
    const result = await ingestor().deleteFiles([txtId, "missing-id"], "handbook");
    expect(result).toEqual({
      successful: [txtId],
      failed: [{ file_id: "missing-id", error: "Not found" }],
      total_deleted: 1,
      message: "Deleted 1 of 2 files",
    });
    const after = await retriever().retrieve("flights hotel travel", "handbook", 10);
    expect(after.chunks.some((c) => c.file_name === "travel.md")).toBe(false);
    expect((await ingestor().listFiles("handbook")).map((f) => f.file_id)).not.toContain(txtId);
  });

  it("deletes the collection, then it is gone", async () => {
    expect(await ingestor().deleteCollection("handbook")).toBe(true);
    expect(await ingestor().getCollection("handbook")).toBeNull();
    expect(await ingestor().deleteCollection("handbook")).toBe(false);
    expect((await retriever().retrieve("vacation", "handbook")).success).toBe(false);
  });
});
