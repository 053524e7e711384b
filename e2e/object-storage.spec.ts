import { randomBytes } from "node:crypto";
import { expect, test, type Request } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { ChatPage } from "./pages/chat-page";
import { CollectionPage } from "./pages/collection-page";
import { CollectionsPage } from "./pages/collections-page";
import { S3_URL, STORAGE_URL } from "./pages/protected";
import { makePdf, type TestFile } from "./pages/test-files";

/**
 * The instance with originals in object storage (ORIGINALS_URL, a local S3 server): a file
 * larger than a Vercel request body (4.5 MB) is dropped in the browser, goes straight to the
 * bucket through a signed URL, is ingested, and its citation opens from the bucket.
 */
test.use({ baseURL: STORAGE_URL });

const VERCEL_BODY_LIMIT = 4.5 * 1024 * 1024;

/** A real PDF made larger than a request body may be by an attachment of random bytes. */
async function largePdf(): Promise<TestFile> {
  const small = await makePdf("bike-policy.pdf", [
    ["Bicycle policy", "This handbook covers commuting by bicycle."],
    ["Lockers", "Lockers on level two are free for cyclists who register at reception."],
  ]);
  const pdf = await PDFDocument.load(small.buffer);
  await pdf.attach(randomBytes(6 * 1024 * 1024), "survey-data.bin", { mimeType: "application/octet-stream" });
  return { ...small, buffer: Buffer.from(await pdf.save()) };
}

test("a 6 MB PDF goes from the browser straight to object storage, is ingested, and its citation opens from there", async ({ page }) => {
  const file = await largePdf();
  expect(file.buffer.byteLength).toBeGreaterThan(VERCEL_BODY_LIMIT);
  const sent: Request[] = [];
  page.on("request", (r) => sent.push(r));

  const collections = new CollectionsPage(page);
  const collection = new CollectionPage(page);
  await collections.goto();
  await collections.create("bucket_docs");
  await collections.open("bucket_docs");
  await expect(page.getByTestId("accepted-types")).toContainText("per file");
  await collection.dropFiles([file]);
  await collection.expectFileStatus("bike-policy.pdf", "success");

  // The bytes went to the bucket, not through the app.
  const puts = sent.filter((r) => r.method() === "PUT" && r.url().startsWith(`${S3_URL}/docchat-test/originals/bucket_docs/`));
  expect(puts).toHaveLength(1);
  const posts = sent.filter((r) => r.method() === "POST" && r.url().startsWith(STORAGE_URL));
  for (const post of posts) expect(post.postDataBuffer()?.byteLength ?? 0).toBeLessThan(64 * 1024);
  expect(posts.map((r) => new URL(r.url()).pathname)).toEqual([
    "/v1/collections",
    "/v1/collections/bucket_docs/uploads",
    "/v1/collections/bucket_docs/documents",
  ]);

  const chat = new ChatPage(page);
  await chat.goto();
  await chat.ask("Are lockers free for cyclists?");
  await chat.waitForAnswer();
  await expect(chat.lastAnswer()).toContainText("Lockers on level two are free for cyclists");
  await chat.openCitation(0);
  // The cited page is fetched through the app's redirect to a signed URL on the bucket.
  await expect(chat.pdfPage()).toHaveAttribute("data-page", "2");
  await expect(chat.pdfPage()).toHaveAttribute("data-state", "ready");
  expect(
    sent.some(
      (r) =>
        r.method() === "GET" && r.url().startsWith(`${S3_URL}/docchat-test/originals/bucket_docs/`) && r.url().includes("X-Amz-Signature="),
    ),
  ).toBe(true);
});
