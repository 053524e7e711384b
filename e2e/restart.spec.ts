import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { makePdf } from "../tests/helpers/files";

/**
 * A real crash mid-ingestion: the production server is killed (SIGKILL) while a job runs, then
 * started again on the same data. The job must resume and finish with exactly the chunks a clean
 * ingestion of the same files produces — nothing lost, nothing doubled.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100) + 50;
const BASE = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "docchat-restart-"));

function startServer(): ChildProcess {
  const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(PORT), "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      OPENAI_API_KEY: "",
      OPENAI_BASE_URL: "",
      INGEST_CONCURRENCY: "1",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: "ignore",
    detached: true,
  });
  return child;
}

async function waitUntilUp() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${BASE}/v1/knowledge/health`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

const status = async (jobId: string) =>
  (await (await fetch(`${BASE}/v1/documents/${jobId}/status`)).json()) as {
    status: string;
    file_details: { file_name: string; status: string; chunks_created: number }[];
  };

async function upload(collection: string, files: { name: string; data: Uint8Array }[]) {
  await fetch(`${BASE}/v1/collections`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: collection }),
  });
  const form = new FormData();
  for (const f of files) form.append("files", new Blob([f.data as BlobPart], { type: "application/pdf" }), f.name);
  const res = await fetch(`${BASE}/v1/collections/${collection}/documents`, { method: "POST", body: form });
  expect(res.status).toBe(202);
  return ((await res.json()) as { job_id: string }).job_id;
}

async function finished(jobId: string) {
  await expect.poll(async () => (await status(jobId)).status, { timeout: 120_000, intervals: [200] }).toBe("completed");
  return status(jobId);
}

test("a job interrupted by a crash resumes after restart without duplicates", async () => {
  test.setTimeout(240_000);
  const book = (label: string) =>
    makePdf(
      Array.from(
        { length: 120 },
        (_, p) => `${label} section ${p + 1}\n${`The ${label} policy paragraph ${p + 1} explains rules for page ${p + 1}. `.repeat(12)}`,
      ),
    );
  const files = [
    { name: "alpha.pdf", data: await book("alpha") },
    { name: "beta.pdf", data: await book("beta") },
    { name: "gamma.pdf", data: await book("gamma") },
  ];

  let server = startServer();
  try {
    await waitUntilUp();
    const jobId = await upload("crashed", files);
    // Kill it while the job is under way (some files not finished yet).
    await expect
      .poll(async () => (await status(jobId)).file_details.some((f) => f.status === "ingesting"), { timeout: 60_000, intervals: [50] })
      .toBe(true);
    const before = await status(jobId);
    expect(before.status).toBe("processing");
    process.kill(-server.pid!, "SIGKILL");
    await new Promise((r) => server.once("exit", r));

    server = startServer();
    await waitUntilUp();
    const resumed = await finished(jobId);
    expect(resumed.file_details.map((f) => f.status)).toEqual(["success", "success", "success"]);

    // Reference: the same files ingested cleanly on the restarted server.
    const clean = await finished(await upload("clean", files));
    expect(resumed.file_details.map((f) => f.chunks_created)).toEqual(clean.file_details.map((f) => f.chunks_created));
    const count = async (c: string) => ((await (await fetch(`${BASE}/v1/collections/${c}`)).json()) as { chunk_count: number }).chunk_count;
    expect(await count("crashed")).toBe(await count("clean"));
    const search = await fetch(`${BASE}/v1/collections/crashed/search`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "beta policy paragraph 7", top_k: 20, retrieval_mode: "text" }),
    });
    const chunks = ((await search.json()) as { chunks: { chunk_id: string }[] }).chunks;
    expect(new Set(chunks.map((c) => c.chunk_id)).size).toBe(chunks.length);
  } finally {
    try {
      process.kill(-server.pid!, "SIGKILL");
    } catch {
      /* already gone */
    }
  }
});
