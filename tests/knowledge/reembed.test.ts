import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as reembedRoute } from "@/app/v1/collections/[name]/reembed/route";
import { GET as jobStatusRoute } from "@/app/v1/documents/[job_id]/status/route";
import { db } from "@/lib/db/client";
import { activeIngestor } from "@/lib/knowledge";
import { tableExists } from "@/lib/knowledge/lancedb/tables";
import { IngestionJobStatus } from "@/lib/knowledge/schemas";
import { searchKnowledge } from "@/lib/knowledge/search";
import { OPERATOR } from "@/lib/security/principal";
import { modelSettingsView, saveModelSettings } from "@/lib/models/settings";
import type { FakeOpenAI } from "../helpers/fake-openai";
import { startModelTestBed, type ModelTestBed } from "../helpers/model-env";
import { HANDBOOK_PAGES, TRAVEL_TEXT, makePdf, writeTemp } from "../helpers/files";
import { ingestAndWait, waitForJob } from "../helpers/jobs";

/** Re-embedding a collection after the embedding model changed, against a local OpenAI-compatible server. */
let bed: ModelTestBed;
let fake: FakeOpenAI;
let tmp: string;

beforeAll(async () => {
  bed = await startModelTestBed();
  ({ fake, tmp } = bed);
});
afterAll(() => bed.close());

const embeddingCalls = () => fake.requests.filter((r) => r.path === "/v1/embeddings");
const search = (query: string) => searchKnowledge({ principal: OPERATOR, query, top: 3, collections: ["hr"] });
const status = async (jobId: string) =>
  IngestionJobStatus.parse(
    await (
      await jobStatusRoute(new Request(`http://local/v1/documents/${jobId}/status`), { params: Promise.resolve({ job_id: jobId }) })
    ).json(),
  );

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("re-embedding a collection", () => {
  it("copies the stored chunks with the new model into a fresh table, searched from the swap on", async () => {
    await saveModelSettings({ base_url: fake.url, api_key: "sk-test", chat_model: "", embedding_model: "fake-embed" });
    expect((await modelSettingsView()).needs_reembedding).toEqual([{ name: "hr", embedding_model: "local-hash-v1", job_id: null }]);

    const hold = () => {
      let release: () => void = () => undefined;
      fake.holdEmbeddings = new Promise<void>((resolve) => (release = resolve));
      return () => release();
    };
    const releaseProbe = hold();
    const res = await reembedRoute(new Request("http://local/v1/collections/hr/reembed", { method: "POST" }), {
      params: Promise.resolve({ name: "hr" }),
    });
    expect(res.status).toBe(202);
    const { job_id: jobId } = (await res.json()) as { job_id: string };
    expect((await modelSettingsView()).needs_reembedding[0].job_id).toBe(jobId);

    // A file uploaded meanwhile waits for the re-embedding, then is ingested with the new model.
    const upload = await activeIngestor().submitJob([writeTemp(tmp, "travel.pdf", await makePdf([TRAVEL_TEXT]))], "hr");

    // The job asks the server its vector size, then embeds the file's chunks.
    const inputs = () => embeddingCalls().map((r) => (Array.isArray(r.body.input) ? r.body.input.length : 1));
    await until(async () => inputs().length > 0, "the vector size probe");
    const releaseChunks = hold();
    releaseProbe();
    await until(async () => inputs().includes(3), "the re-embedding's request");
    // Mid-job: search still reads the old table with the old model.
    expect(await status(jobId)).toMatchObject({ status: "processing", total_files: 1, processed_files: 0 });
    const during = await search("How much is the home office stipend?");
    expect(during.failures).toEqual([]);
    expect(during.chunks[0]?.content).toContain("500 dollars");
    expect((await db().ingestionJob.findUnique({ where: { id: upload.jobId } }))?.status).toBe("pending");

    releaseChunks();
    const done = await waitForJob(jobId);
    expect(done).toMatchObject({
      status: "completed",
      is_success: true,
      total_files: 1,
      processed_files: 1,
      file_details: [{ status: "success", chunks_created: 3 }],
    });
    const collection = await db().collection.findUnique({ where: { name: "hr" } });
    expect(collection).toMatchObject({ embeddingModel: "fake-embed", embeddingDims: 8, tableName: `hr-${jobId.slice(0, 8)}` });
    expect((await modelSettingsView()).needs_reembedding).toEqual([]);

    // Queries are now embedded by the server and search the fresh table.
    const before = embeddingCalls().length;
    const after = await search("home office stipend");
    expect(after.failures).toEqual([]);
    expect(after.chunks.map((c) => c.content).join(" ")).toContain("500 dollars");
    expect(embeddingCalls().length).toBeGreaterThan(before);

    expect((await waitForJob(upload.jobId)).is_success).toBe(true);
    const travel = await search("hotel per night");
    expect(travel.chunks[0]?.file_name).toBe("travel.pdf");

    // The old table goes once searches that were reading it have had time to end.
    await until(async () => !(await tableExists("hr")), "the old table's drop");
  });

  it("fails without swapping when the model server refuses, and search keeps the old model", async () => {
    await saveModelSettings({ base_url: fake.url, api_key: "sk-test", chat_model: "", embedding_model: "local-hash-v1" });
    await activeIngestor().createCollection("ops");
    await ingestAndWait("ops", [writeTemp(tmp, "ops.pdf", await makePdf(HANDBOOK_PAGES))]);
    // The server is switched off between the choice of model and the job.
    await saveModelSettings({ base_url: "http://127.0.0.1:9/v1", api_key: "sk-test", chat_model: "", embedding_model: "fake-embed" });
    const { jobId } = await activeIngestor().reembedCollection!("ops");
    const failed = await waitForJob(jobId);
    expect(failed.status).toBe("failed");
    expect(failed.error_message).toMatch(/re-embedded/);
    expect(await db().collection.findUnique({ where: { name: "ops" } })).toMatchObject({
      embeddingModel: "local-hash-v1",
      tableName: null,
    });
    expect(await tableExists(`ops-${jobId.slice(0, 8)}`)).toBe(false);
    const found = await searchKnowledge({ principal: OPERATOR, query: "vacation days", top: 3, collections: ["ops"] });
    expect(found.failures).toEqual([]);
    expect(found.chunks[0]?.content).toContain("twenty days");
  });
});
