import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { activeIngestor, startWorker, stopWorker } from "@/lib/knowledge";
import { Rotation } from "@/lib/knowledge/jobs/rotation";
import { countChunks } from "@/lib/knowledge/lancedb/store";
import { freshDataDir } from "../helpers/env";
import { waitForJob } from "../helpers/jobs";
import { writeTemp } from "../helpers/files";

/** Jobs share the ingestion lanes: a small job does not wait behind a large one. */

let tmp: string;
const note = (i: number) => `# Note ${i}\n\nMeeting note number ${i} about the quarterly budget review and travel plans.`;
const files = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => writeTemp(tmp, `${prefix}-${i}.md`, note(i)));
const completedAt = async (jobId: string) => (await db().ingestionJob.findUniqueOrThrow({ where: { id: jobId } })).completedAt!;

beforeAll(async () => {
  await freshDataDir({ INGEST_CONCURRENCY: "2" });
  tmp = mkdtempSync(path.join(os.tmpdir(), "docchat-fair-"));
  await activeIngestor().createCollection("big");
  await activeIngestor().createCollection("small");
});
afterAll(() => stopWorker());

describe("ingestion fairness", () => {
  it("finishes a one-file job submitted after a 30-file job first", async () => {
    startWorker();
    const big = await activeIngestor().submitJob(files("big", 30), "big");
    const small = await activeIngestor().submitJob(files("small", 1), "small");
    const smallStatus = await waitForJob(small.jobId);
    expect(smallStatus.status).toBe("completed");
    // The big job is still going when the small one is done, and ends complete later.
    expect((await activeIngestor().getJobStatus(big.jobId)).is_terminal).toBe(false);
    expect((await waitForJob(big.jobId)).status).toBe("completed");
    expect((await completedAt(small.jobId)).getTime()).toBeLessThan((await completedAt(big.jobId)).getTime());
    // Every file ingested exactly once.
    for (const id of big.fileIds) expect(await countChunks("big", id)).toBe(1);
    await stopWorker();
  });

  it("hands unfinished jobs back on stop and completes them, each file once, after a restart", async () => {
    startWorker();
    const job = await activeIngestor().submitJob(files("again", 30), "big");
    await expect
      .poll(async () => db().jobFile.count({ where: { jobId: job.jobId, status: "success" } }), { timeout: 30_000, interval: 20 })
      .toBeGreaterThan(0);
    await stopWorker();
    const stopped = await db().ingestionJob.findUniqueOrThrow({ where: { id: job.jobId }, include: { files: true } });
    expect(stopped.status).toBe("pending");
    expect(stopped.files.some((f) => f.status === "ingesting")).toBe(false); // files under way were finished
    expect(stopped.files.filter((f) => f.status === "success").length).toBeLessThan(30);

    startWorker();
    expect((await waitForJob(job.jobId)).status).toBe("completed");
    for (const id of job.fileIds) expect(await countChunks("big", id)).toBe(1);
  });
});

describe("Rotation", () => {
  it("hands out one item per queue per round", () => {
    const rotation = new Rotation<{ name: string; queue: number[] }>();
    const a = { name: "a", queue: [1, 2, 3, 4] };
    const b = { name: "b", queue: [1] };
    rotation.add(a);
    expect(rotation.next()).toEqual({ owner: a, item: 1 });
    rotation.add(b);
    const order = [];
    for (let next = rotation.next(); next; next = rotation.next()) order.push(`${next.owner.name}${next.item}`);
    expect(order).toEqual(["a2", "b1", "a3", "a4"]); // b joins the round after a's turn
    rotation.remove(a);
    expect(rotation.size).toBe(1);
  });
});
