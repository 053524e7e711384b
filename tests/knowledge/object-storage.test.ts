import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as submit } from "@/app/v1/collections/[name]/documents/route";
import { GET as content } from "@/app/v1/collections/[name]/documents/[file_id]/content/route";
import { POST as signUploads } from "@/app/v1/collections/[name]/uploads/route";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { activeIngestor, startWorker, stopWorker } from "@/lib/knowledge";
import { searchKnowledge } from "@/lib/knowledge/search";
import { freshDataDir } from "../helpers/env";
import { makePdf } from "../helpers/files";
import { waitForJob } from "../helpers/jobs";
import { s3Environment, startS3Server, type TestS3Server } from "../helpers/s3-server";
import { OPERATOR } from "@/lib/security/principal";

/**
 * Originals in S3-compatible object storage (ORIGINALS_URL), against a local S3 server that
 * checks every SigV4 signature: multipart uploads stored in the bucket, browser-direct uploads
 * through signed PUT URLs, ingestion reading from the bucket, citations redirected to signed
 * GET URLs, deletes emptying the bucket, and a failing store losing nothing.
 */

const COLLECTION = "bucketed";
const ctx = (name = COLLECTION) => ({ params: Promise.resolve({ name }) });
const fileCtx = (file_id: string) => ({ params: Promise.resolve({ name: COLLECTION, file_id }) });
let s3: TestS3Server;

const multipart = (files: { name: string; data: Uint8Array | string; type: string }[]) => {
  const form = new FormData();
  for (const f of files) form.append("files", new Blob([f.data as BlobPart], { type: f.type }), f.name);
  return new Request("http://localhost/v1/collections/x/documents", { method: "POST", body: form, headers: { "content-length": "1" } });
};
/** FormData bodies have no length until serialised: give the request its real one. */
async function withLength(request: Request): Promise<Request> {
  const body = new Uint8Array(await request.arrayBuffer());
  return new Request(request.url, {
    method: "POST",
    body,
    headers: { "content-type": request.headers.get("content-type")!, "content-length": String(body.byteLength) },
  });
}
const postJson = (url: string, body: unknown) =>
  new Request(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

const objectKeys = () => [...s3.objects.keys()].sort();

beforeAll(async () => {
  s3 = await startS3Server({ pageSize: 2 }); // small pages: listings must follow continuation tokens
  await freshDataDir({ ...s3Environment(s3), MAX_UPLOAD_MB: "8" });
  await activeIngestor().createCollection(COLLECTION);
  startWorker();
});
afterAll(async () => {
  await stopWorker();
  await s3.close();
});

describe("multipart uploads with ORIGINALS_URL", () => {
  let fileId: string;
  let pdf: Uint8Array;

  it("keep the original in the bucket (not on disk), and the job ingests it from there", async () => {
    pdf = await makePdf(["Cover page", "The parking garage opens at 6 am and closes at midnight."]);
    const response = await submit(await withLength(multipart([{ name: "garage.pdf", data: pdf, type: "application/pdf" }])), ctx());
    expect(response.status).toBe(202);
    const { job_id, file_ids } = await response.json();
    fileId = file_ids[0];
    expect((await waitForJob(job_id)).status).toBe("completed");

    const key = `originals/${COLLECTION}/${fileId}/garage.pdf`;
    expect(objectKeys()).toContain(key);
    expect(Buffer.from(s3.objects.get(key)!.body).equals(Buffer.from(pdf))).toBe(true);
    expect(existsSync(path.join(config().uploadDir, COLLECTION))).toBe(false);
    expect((await db().document.findUnique({ where: { id: fileId } }))?.storagePath).toBe(`s3://${s3.bucket}/${key}`);

    const { chunks } = await searchKnowledge({
      principal: OPERATOR,
      query: "When does the parking garage close?",
      collections: [COLLECTION],
      top: 3,
    });
    expect(chunks[0]).toMatchObject({ file_name: "garage.pdf", page_number: 2 });
  });

  it("redirect a citation to a short-lived signed URL that serves the file by name and type", async () => {
    const response = await content(new Request("http://localhost/x"), fileCtx(fileId));
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    expect(location.startsWith(`${s3.url}/${s3.bucket}/originals/${COLLECTION}/${fileId}/`)).toBe(true);
    expect(new URL(location).searchParams.get("X-Amz-Expires")).toBe("300");

    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toBe("inline; filename*=UTF-8''garage.pdf");
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);

    // The signature covers the key: the same URL cannot open another object.
    const tampered = location.replace("garage.pdf", "other.pdf");
    expect((await fetch(tampered)).status).toBe(403);
  });
});

describe("browser-direct uploads", () => {
  // Larger than a Vercel request body may be (4.5 MB), which is why it goes around the app.
  const bigPage = `<html><body><main><h1>Lockers</h1><p>Lockers on level two are free for cyclists.</p></main><!-- ${"x".repeat(5 * 1024 * 1024)} --></body></html>`;

  async function sign(files: { name: string; size: number; type?: string }[]) {
    const response = await signUploads(postJson("http://localhost/x", { files }), ctx());
    return { response, body: await response.json() };
  }

  it("sign one PUT per file, the store takes exactly the signed bytes, and the submitted job ingests them", async () => {
    const size = Buffer.byteLength(bigPage);
    const { response, body } = await sign([{ name: "lockers.html", size, type: "text/html" }]);
    expect(response.status).toBe(200);
    const [upload] = body.uploads;
    expect(upload).toMatchObject({ file_name: "lockers.html", method: "PUT", headers: { "content-type": "text/html" } });
    expect(new URL(upload.url).searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;content-type;host");

    // Another length than the one signed is refused by the store itself.
    const short = await fetch(upload.url, { method: "PUT", headers: upload.headers, body: bigPage.slice(0, 1000) });
    expect(short.status).toBe(403);
    const put = await fetch(upload.url, { method: "PUT", headers: upload.headers, body: bigPage });
    expect(put.status).toBe(200);

    const submitted = await submit(
      postJson("http://localhost/x", { files: [{ file_id: upload.file_id, file_name: upload.file_name }] }),
      ctx(),
    );
    expect(submitted.status).toBe(202);
    const { job_id, file_ids } = await submitted.json();
    expect(file_ids).toEqual([upload.file_id]);
    expect((await waitForJob(job_id)).status).toBe("completed");
    const doc = await db().document.findUnique({ where: { id: upload.file_id } });
    expect(doc).toMatchObject({ fileName: "lockers.html", fileSize: size, status: "success" });
    const { chunks } = await searchKnowledge({
      principal: OPERATOR,
      query: "Are lockers free for cyclists?",
      collections: [COLLECTION],
      top: 3,
    });
    expect(chunks[0]).toMatchObject({ file_name: "lockers.html" });

    // A web page is served by the app under its sandbox policy, never from the bucket.
    const page = await content(new Request("http://localhost/x"), fileCtx(upload.file_id));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("sandbox");
  });

  it("keep the submission's other fields as the multipart form's (a Polymath access tag)", async () => {
    const text = "# Staff room\n\nThe staff room code changes every Monday.";
    const { body } = await sign([{ name: "staff.md", size: Buffer.byteLength(text), type: "text/markdown" }]);
    const [upload] = body.uploads;
    expect((await fetch(upload.url, { method: "PUT", headers: upload.headers, body: text })).status).toBe(200);
    const files = [{ file_id: upload.file_id, file_name: upload.file_name }];
    expect((await submit(postJson("http://localhost/x", { files, access_tag: "not a tag!" }), ctx())).status).toBe(400);
    const accepted = await submit(postJson("http://localhost/x", { files, access_tag: "staff" }), ctx());
    expect(accepted.status).toBe(202);
    await waitForJob((await accepted.json()).job_id);
    const doc = await db().document.findUniqueOrThrow({ where: { id: upload.file_id } });
    expect(JSON.parse(doc.metadata)).toMatchObject({ access_tag: "staff" });
  });

  it("refuse what an upload would refuse, before signing anything", async () => {
    expect((await sign([{ name: "tool.exe", size: 10 }])).response.status).toBe(415);
    expect((await sign([{ name: "huge.pdf", size: 9 * 1024 * 1024 }])).response.status).toBe(413);
    expect((await sign([])).response.status).toBe(400);
    const missing = await signUploads(postJson("http://localhost/x", { files: [{ name: "a.md", size: 1 }] }), ctx("no_such_collection"));
    expect(missing.status).toBe(404);
  });

  it("refuse a submission of files that never arrived, of ids already used, and store nothing", async () => {
    const before = await db().document.count();
    const { body } = await sign([{ name: "late.md", size: 5, type: "text/markdown" }]);
    const [upload] = body.uploads;
    const early = await submit(postJson("http://localhost/x", { files: [{ file_id: upload.file_id, file_name: "late.md" }] }), ctx());
    expect(early.status).toBe(400);
    expect((await early.json()).detail).toMatch(/has not arrived/);

    const existing = (await db().document.findFirstOrThrow({ where: { collectionName: COLLECTION } })).id;
    const reused = await submit(postJson("http://localhost/x", { files: [{ file_id: existing, file_name: "garage.pdf" }] }), ctx());
    expect(reused.status).toBe(409);
    const malformed = await submit(postJson("http://localhost/x", { files: [{ file_id: "../../etc", file_name: "x.md" }] }), ctx());
    expect(malformed.status).toBe(400);
    expect(await db().document.count()).toBe(before);
  });
});

describe("a failing store", () => {
  it("answers 502, leaves no row or object behind, and the next upload works", async () => {
    const documents = await db().document.count();
    const objects = objectKeys();
    s3.failWith(500);
    try {
      const response = await submit(
        await withLength(multipart([{ name: "notes.md", data: "# Notes\n\nThe canteen opens at noon.", type: "text/markdown" }])),
        ctx(),
      );
      expect(response.status).toBe(502);
      expect((await response.json()).detail).toMatch(/Object storage PUT .* failed: InternalError/);
    } finally {
      s3.failWith(null);
    }
    expect(await db().document.count()).toBe(documents);
    expect(objectKeys()).toEqual(objects);

    const retry = await submit(
      await withLength(multipart([{ name: "notes.md", data: "# Notes\n\nThe canteen opens at noon.", type: "text/markdown" }])),
      ctx(),
    );
    expect(retry.status).toBe(202);
    expect((await waitForJob((await retry.json()).job_id)).status).toBe("completed");
  });
});

describe("deleting", () => {
  it("a file removes its original; a collection removes all of its originals", async () => {
    const files = await activeIngestor().listFiles(COLLECTION);
    expect(files.length).toBeGreaterThanOrEqual(3); // more than one listing page
    await activeIngestor().deleteFile(files[0].file_id, COLLECTION);
    expect(objectKeys().some((k) => k.includes(files[0].file_id))).toBe(false);
    expect(objectKeys().filter((k) => k.startsWith(`originals/${COLLECTION}/`)).length).toBeGreaterThanOrEqual(2);

    await activeIngestor().deleteCollection(COLLECTION);
    expect(objectKeys().filter((k) => k.startsWith(`originals/${COLLECTION}/`))).toEqual([]);
  });
});
