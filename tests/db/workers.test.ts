import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { closeDb, db } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { activeIngestor } from "@/lib/knowledge";
import { readRows } from "@/lib/knowledge/lancedb/store";
import { waitForJob } from "../helpers/jobs";
import { writeTemp } from "../helpers/files";
import { findPgBin, startPostgres, type TestPostgres } from "../helpers/postgres";

/**
 * `npm run worker` as it runs in production: two worker processes claiming jobs from one real
 * PostgreSQL (skipped where there is none; CI installs Debian's). Every job is run by exactly
 * one of them, every file ingested once.
 */
describe.skipIf(!findPgBin())("separate ingestion workers on PostgreSQL", () => {
  let postgres: TestPostgres | null = null;
  const workers: { child: ChildProcess; output: string[] }[] = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "docchat-workers-"));

  beforeAll(async () => {
    postgres = await startPostgres();
    if (!postgres) return;
    await closeDb();
    for (const key of ["LANCEDB_URI", "UPLOAD_DIR", "OPENAI_API_KEY", "OPENAI_BASE_URL", "EMBEDDER"]) delete process.env[key];
    Object.assign(process.env, { DATABASE_URL: postgres.url, DATA_DIR: dataDir });
    resetConfig();
    await migrate(postgres.url);
  }, 60_000);

  afterAll(async () => {
    for (const w of workers) w.child.kill("SIGTERM");
    await Promise.all(workers.map((w) => new Promise((r) => (w.child.exitCode !== null ? r(null) : w.child.once("exit", r)))));
    await closeDb();
    delete process.env.DATABASE_URL;
    resetConfig();
    postgres?.stop();
  }, 30_000);

  it("runs each job exactly once across two worker processes", async (ctx) => {
    if (!postgres) return ctx.skip();
    await activeIngestor().createCollection("shared_queue");
    for (let i = 0; i < 2; i++) {
      const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/worker.ts"], {
        env: { ...process.env, INGEST_CONCURRENCY: "1" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const output: string[] = [];
      child.stdout!.on("data", (d) => output.push(String(d)));
      child.stderr!.on("data", (d) => output.push(String(d)));
      workers.push({ child, output });
    }
    // Queued once both workers are claiming, so both race for the work: on a busy machine one
    // worker may start seconds after the other and would otherwise find the queue empty.
    await expect
      .poll(() => workers.every((w) => w.output.join("").includes("claiming ingestion jobs")), { timeout: 60_000, interval: 200 })
      .toBe(true);
    const jobs: { jobId: string; fileIds: string[] }[] = [];
    for (let j = 0; j < 8; j++) {
      const files = [0, 1].map((f) => {
        const name = `job${j}-file${f}.md`;
        const text = `# Job ${j} file ${f}\n\n${`Worker handoff paragraph ${j}.${f} about shared queues. `.repeat(40)}`;
        return writeTemp(dataDir, name, text);
      });
      jobs.push(await activeIngestor().submitJob(files, "shared_queue"));
    }

    for (const { jobId } of jobs) expect((await waitForJob(jobId)).status).toBe("completed");

    const files = await db().jobFile.findMany();
    expect(files).toHaveLength(16);
    expect(files.map((f) => f.attempts)).toEqual(Array(16).fill(1)); // each file started once
    const ended = workers.map((w) => [...w.output.join("").matchAll(/\[ingest\] job (\S+) completed/g)].map((m) => m[1]));
    expect(ended.flat().sort()).toEqual(jobs.map((j) => j.jobId).sort()); // each job ended once, by one worker
    expect(ended.every((mine) => mine.length > 0)).toBe(true); // and both took part

    // No file's chunks twice: chunk ids are unique and counts match what the files report.
    // (Read here, in a third process: its open table sees the workers' writes within a second.)
    const reported = (await db().document.findMany()).reduce((sum, d) => sum + d.chunkCount, 0);
    expect(reported).toBeGreaterThan(0);
    await expect.poll(async () => (await readRows("shared_queue")).length, { timeout: 5_000 }).toBe(reported);
    const rows = await readRows("shared_queue");
    expect(new Set(rows.map((r) => r.chunk_id)).size).toBe(rows.length);
  }, 180_000);
});
