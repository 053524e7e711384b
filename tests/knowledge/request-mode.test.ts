import os from "node:os";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as cron } from "@/app/api/cron/ingest/route";
import { POST as upload } from "@/app/v1/collections/[name]/documents/route";
import { activeIngestor } from "@/lib/knowledge";
import { workerMode } from "@/lib/knowledge/worker-mode";
import { freshDataDir } from "../helpers/env";
import { formRequest, writeTemp } from "../helpers/files";

/**
 * INGEST_WORKER=request, the default on Vercel, where no process outlives its request: the upload's
 * own function ingests after its 202 (Next.js `after()`), and the daily cron of vercel.json
 * resumes what an interrupted function left. Next.js runs `after()` callbacks once the response
 * is sent; here they are collected and run by the test, which is what proves nothing else ingests.
 */
const afterResponse = vi.hoisted(() => [] as (() => unknown)[]);
vi.mock("next/server", async (original) => ({
  ...(await original<typeof import("next/server")>()),
  after: (task: () => unknown) => void afterResponse.push(task),
}));

const SECRET = "cron-secret-of-twenty-chars";
const COLLECTION = "requestmode";

beforeAll(async () => {
  await freshDataDir({ INGEST_WORKER: "request", CRON_SECRET: SECRET });
  await activeIngestor().createCollection(COLLECTION);
});

afterAll(() => {
  delete process.env.INGEST_WORKER;
  delete process.env.CRON_SECRET;
});

async function post(name: string, text: string): Promise<Response> {
  const form = new FormData();
  form.append("files", new Blob([text], { type: "text/plain" }), name);
  const request = await formRequest(`http://localhost/v1/collections/${COLLECTION}/documents`, form);
  return upload(request, { params: Promise.resolve({ name: COLLECTION }) });
}

const status = (jobId: string) => activeIngestor().getJobStatus(jobId);
const cronCall = (authorization?: string) =>
  cron(new Request("http://localhost/api/cron/ingest", { headers: authorization ? { authorization } : {} }));

describe("INGEST_WORKER=request", () => {
  it("is the default on Vercel, and only there", () => {
    const env = (vars: Record<string, string>) => vars as NodeJS.ProcessEnv;
    expect(workerMode(env({ VERCEL: "1" }))).toBe("request");
    expect(workerMode(env({}))).toBe("server");
    expect(workerMode(env({ VERCEL: "1", INGEST_WORKER: "external" }))).toBe("external");
  });

  it("ingests an upload in its own function after the 202 has been sent", async () => {
    afterResponse.length = 0;
    const response = await post("vacation.txt", "Employees receive twenty days of paid vacation each year.");
    expect(response.status).toBe(202);
    const { job_id } = (await response.json()) as { job_id: string };
    // Answered before any ingestion: the job waits for the work scheduled after the response.
    expect((await status(job_id)).is_terminal).toBe(false);
    expect(afterResponse).toHaveLength(1);
    await afterResponse[0]();
    const done = await status(job_id);
    expect(done.status).toBe("completed");
    expect(done.file_details[0]).toMatchObject({ file_name: "vacation.txt", status: "success" });
  });

  it("leaves to the daily cron a job no function finished, and the cron answers only to CRON_SECRET", async () => {
    // An upload whose function ended before ingesting (timed out, crashed): the job stays queued.
    const file = writeTemp(os.tmpdir(), "remote.txt", "Staff may work remotely three days per week.");
    const { jobId } = await activeIngestor().submitJob([file], COLLECTION);

    expect((await cronCall()).status).toBe(401);
    expect((await cronCall("Bearer not-the-secret")).status).toBe(401);
    expect((await status(jobId)).is_terminal).toBe(false);

    const response = await cronCall(`Bearer ${SECRET}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ pending_jobs: 0, audit_pruned: 0 });
    expect((await status(jobId)).status).toBe("completed");
  });
});
