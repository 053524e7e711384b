import { expect, test, type APIRequestContext } from "@playwright/test";
import { CollectionInfo, DeleteFilesResult, FileInfo, IngestionJobStatus, RetrievalResult } from "../lib/knowledge/schemas";
import { HANDBOOK_PAGES, makePdf, TRAVEL_TEXT } from "../tests/helpers/files";

/** The SDK's compliance checklist over HTTP against the production server, plus bad input. */

test.describe.configure({ mode: "serial" });
const NAME = "api_handbook";

async function waitForJob(request: APIRequestContext, jobId: string) {
  for (let i = 0; i < 300; i++) {
    const status = IngestionJobStatus.parse(await (await request.get(`/v1/documents/${jobId}/status`)).json());
    if (status.is_terminal) return status;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("job did not finish");
}

const file = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });

test("health", async ({ request }) => {
  const res = await request.get("/v1/knowledge/health");
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: "healthy", backend: "lancedb" });
});

test("collection create, get, list; duplicates and bad names refused", async ({ request }) => {
  const created = await request.post("/v1/collections", { data: { name: NAME, description: "HTTP suite" } });
  expect(created.status()).toBe(201);
  expect(CollectionInfo.parse(await created.json())).toMatchObject({ name: NAME, description: "HTTP suite", backend: "lancedb" });
  expect(CollectionInfo.parse(await (await request.get(`/v1/collections/${NAME}`)).json()).name).toBe(NAME);
  const list = (await (await request.get("/v1/collections")).json()) as unknown[];
  expect(list.map((c) => CollectionInfo.parse(c).name)).toContain(NAME);

  const duplicate = await request.post("/v1/collections", { data: { name: NAME } });
  expect(duplicate.status()).toBe(409);
  expect((await duplicate.json()).detail).toMatch(/already exists/);
  for (const bad of ["Bad-Name", "../etc", "x'; drop", "", "9lives"]) {
    const res = await request.post("/v1/collections", { data: { name: bad } });
    expect(res.status(), bad).toBe(400);
    expect((await res.json()).detail).toMatch(/lowercase/);
  }
  expect((await request.post("/v1/collections", { data: "not json", headers: { "content-type": "application/json" } })).status()).toBe(400);
  expect((await request.get("/v1/collections/missing_one")).status()).toBe(404);
  const searchMissing = await request.post("/v1/collections/missing_one/search", { data: { query: "hotel" } });
  expect(searchMissing.status()).toBe(404);
  expect((await searchMissing.json()).detail).toMatch(/not found/);
  // Another site's page cannot write to the knowledge base (no CORS, and simple requests are refused).
  const crossSite = await request.post("/v1/collections", { data: { name: "evil_one" }, headers: { Origin: "https://evil.example" } });
  expect(crossSite.status()).toBe(403);
  expect((await request.get("/v1/collections/Not%20Valid")).status()).toBe(400);
});

test("upload answers 202 at once, job completes, the broken file fails alone", async ({ request }) => {
  const res = await request.post(`/v1/collections/${NAME}/documents`, {
    multipart: {
      files: file("handbook.pdf", "application/pdf", Buffer.from(await makePdf(HANDBOOK_PAGES))),
    },
  });
  expect(res.status()).toBe(202);
  const first = await res.json();
  expect(first).toMatchObject({ job_id: expect.any(String), file_ids: [expect.any(String)] });
  expect((await waitForJob(request, first.job_id)).status).toBe("completed");

  // Several files in one field: Playwright's multipart takes one value per key, so build the form by hand.
  const form = new FormData();
  form.append("files", new Blob([TRAVEL_TEXT], { type: "text/markdown" }), "travel.md");
  form.append("files", new Blob(["%PDF-1.7 garbage"], { type: "application/pdf" }), "broken.pdf");
  form.append("files", new Blob([""], { type: "text/plain" }), "empty.txt");
  const multi = await fetch(`${test.info().project.use.baseURL}/v1/collections/${NAME}/documents`, { method: "POST", body: form });
  expect(multi.status).toBe(202);
  const job = await waitForJob(request, (await multi.json()).job_id);
  expect(job).toMatchObject({ status: "completed", total_files: 3, processed_files: 3, is_success: true, progress_percent: 100 });
  const byName = Object.fromEntries(job.file_details.map((f) => [f.file_name, f]));
  expect(byName["travel.md"].status).toBe("success");
  expect(byName["broken.pdf"]).toMatchObject({ status: "failed", error_message: expect.stringMatching(/damaged|not a PDF/i) });
  expect(byName["empty.txt"]).toMatchObject({ status: "failed", error_message: expect.stringMatching(/empty/i) });
});

test("upload refusals: 415 unsupported, 413 too large, 400 no files, 404 unknown collection", async ({ request }) => {
  const unsupported = await request.post(`/v1/collections/${NAME}/documents`, {
    multipart: { files: file("tool.exe", "application/octet-stream", Buffer.from("MZ")) },
  });
  expect(unsupported.status()).toBe(415);
  expect((await unsupported.json()).detail).toMatch(/Unsupported file type/);
  const big = await request.post(`/v1/collections/${NAME}/documents`, {
    multipart: { files: file("big.txt", "text/plain", Buffer.alloc(6 * 1024 * 1024, "a")) }, // MAX_UPLOAD_MB=5 in e2e
  });
  expect(big.status()).toBe(413);
  const none = await request.post(`/v1/collections/${NAME}/documents`, { multipart: { other: "x" } });
  expect(none.status()).toBe(400);
  const missing = await request.post(`/v1/collections/nope_nope/documents`, {
    multipart: { files: file("a.txt", "text/plain", Buffer.from("hello world")) },
  });
  expect(missing.status()).toBe(404);
  expect((await request.get(`/v1/documents/00000000-0000-0000-0000-000000000000/status`)).status()).toBe(404);
  // The server keeps serving and stored data is intact.
  expect((await request.get(`/v1/collections/${NAME}`)).status()).toBe(200);
});

test("list files, search valid chunks, open the original", async ({ request }) => {
  const files = ((await (await request.get(`/v1/collections/${NAME}/documents`)).json()) as unknown[]).map((f) => FileInfo.parse(f));
  expect(files.map((f) => f.file_name).sort()).toEqual(["broken.pdf", "empty.txt", "handbook.pdf", "travel.md"]);

  for (const mode of ["hybrid", "vectors", "text"]) {
    const res = await request.post(`/v1/collections/${NAME}/search`, {
      data: { query: "annual deductible for in-network care", top_k: 3, retrieval_mode: mode },
    });
    expect(res.status()).toBe(200);
    const result = RetrievalResult.parse(await res.json());
    expect(result.chunks[0]).toMatchObject({ file_name: "handbook.pdf", page_number: 3, display_citation: "handbook.pdf, p.3" });
    for (const c of result.chunks) expect(c.score).toBeGreaterThanOrEqual(0);
  }
  const filtered = RetrievalResult.parse(
    await (
      await request.post(`/v1/collections/${NAME}/search`, { data: { query: "flights", filters: { file_name: ["travel.md"] } } })
    ).json(),
  );
  expect(filtered.chunks.every((c) => c.file_name === "travel.md")).toBe(true);
  const badFilter = await request.post(`/v1/collections/${NAME}/search`, { data: { query: "x", filters: { secret: 1 } } });
  expect(badFilter.status()).toBe(400);
  expect((await request.post(`/v1/collections/${NAME}/search`, { data: { query: "" } })).status()).toBe(400);
  expect((await request.post(`/v1/collections/${NAME}/search`, { data: { query: "x", retrieval_mode: "magic" } })).status()).toBe(400);

  const pdf = files.find((f) => f.file_name === "handbook.pdf")!;
  const original = await request.get(`/v1/collections/${NAME}/documents/${pdf.file_id}/content`);
  expect(original.status()).toBe(200);
  expect(original.headers()["content-type"]).toBe("application/pdf");
  expect((await original.body()).subarray(0, 5).toString()).toBe("%PDF-");
  expect((await request.get(`/v1/collections/${NAME}/documents/nope/content`)).status()).toBe(404);
});

test("delete a file, then it is gone; delete the collection, then it is gone", async ({ request }) => {
  const files = ((await (await request.get(`/v1/collections/${NAME}/documents`)).json()) as unknown[]).map((f) => FileInfo.parse(f));
  const travel = files.find((f) => f.file_name === "travel.md")!;
  const res = await request.delete(`/v1/collections/${NAME}/documents`, { data: { file_ids: [travel.file_id, "missing"] } });
  expect(DeleteFilesResult.parse(await res.json())).toMatchObject({ successful: [travel.file_id], total_deleted: 1 });
  const after = RetrievalResult.parse(
    await (await request.post(`/v1/collections/${NAME}/search`, { data: { query: "flights hotel" } })).json(),
  );
  expect(after.chunks.some((c) => c.file_name === "travel.md")).toBe(false);
  expect((await request.delete(`/v1/collections/${NAME}/documents`, { data: { file_ids: [] } })).status()).toBe(400);

  expect((await request.delete(`/v1/collections/${NAME}`)).status()).toBe(200);
  expect((await request.get(`/v1/collections/${NAME}`)).status()).toBe(404);
  expect((await request.delete(`/v1/collections/${NAME}`)).status()).toBe(404);
});
