import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { activeIngestor } from "@/lib/knowledge";
import { startWorker, stopWorker } from "@/lib/knowledge";
import { addChunks, countChunks } from "@/lib/knowledge/lancedb/store";
import { getEmbedder } from "@/lib/models/embedder";
import { freshDataDir } from "../helpers/env";
import { HANDBOOK_PAGES, makePdf, writeTemp } from "../helpers/files";

/**
 * A crash mid-ingestion leaves a job "processing", a file "ingesting" and some of its chunks
 * written. On the next start the job must resume and the file end with exactly its own chunks.
 */
describe("restart during ingestion", () => {
  let tmp: string;
  beforeAll(async () => {
    await freshDataDir();
    tmp = mkdtempSync(path.join(os.tmpdir(), "docchat-resume-"));
  });
  afterAll(() => stopWorker());

  it("resumes an interrupted job without duplicate or half-written chunks", async () => {
    const ingestor = activeIngestor();
    await ingestor.createCollection("resume");
    // Reference: how many chunks the file yields when ingested normally.
    startWorker();
    const pdf = await makePdf(HANDBOOK_PAGES);
    const normal = await ingestor.submitJob([writeTemp(tmp, "a.pdf", pdf)], "resume");
    for (let s = await ingestor.getJobStatus(normal.jobId); !s.is_terminal; s = await ingestor.getJobStatus(normal.jobId)) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const expected = await countChunks("resume", normal.fileIds[0]);
    expect(expected).toBeGreaterThan(0);
    await stopWorker();

    // Simulate the crash: a job claimed, one file mid-way (its attempt counted, as every attempt
    // is before it writes) with two stray chunks stored.
    const crashed = await ingestor.submitJob(
      [writeTemp(tmp, "b.pdf", pdf), writeTemp(tmp, "c.md", "# Notes\n\nSome notes about vacation policy and holidays.")],
      "resume",
    );
    const [fileB] = crashed.fileIds;
    await db().ingestionJob.update({ where: { id: crashed.jobId }, data: { status: "processing", startedAt: new Date() } });
    await db().jobFile.updateMany({
      where: { jobId: crashed.jobId, documentId: fileB },
      data: { status: "ingesting", progressPercent: 40, attempts: 1 },
    });
    await db().document.update({ where: { id: fileB }, data: { status: "ingesting" } });
    const [vector] = await getEmbedder().embed(["stray"]);
    const stray = (i: number) => ({
      chunk_id: `${fileB}:${i}`,
      file_id: fileB,
      file_name: "b.pdf",
      page_number: 1,
      chunk_index: i,
      heading: null,
      content: "half-written",
      search_text: "half-written",
      content_type: "text",
      token_count: 2,
      vector,
    });
    await addChunks("resume", [stray(0), stray(1)]);
    expect(await countChunks("resume", fileB)).toBe(2);

    // Restart.
    startWorker();
    let status = await ingestor.getJobStatus(crashed.jobId);
    for (let i = 0; i < 200 && !status.is_terminal; i++) {
      await new Promise((r) => setTimeout(r, 50));
      status = await ingestor.getJobStatus(crashed.jobId);
    }
    expect(status).toMatchObject({ status: "completed", processed_files: 2 });
    expect(status.file_details.map((f) => f.status)).toEqual(["success", "success"]);
    expect(await countChunks("resume", fileB)).toBe(expected);
    const rows = await db().document.findUnique({ where: { id: fileB } });
    expect(rows).toMatchObject({ status: "success", chunkCount: expected });
  });
});
