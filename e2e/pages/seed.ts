import { expect, type APIRequestContext } from "@playwright/test";
import type { TestFile } from "./test-files";

/** A collection holding these files, made through the Knowledge API (for specs about the chat, not about uploading). */
export async function seedCollection(request: APIRequestContext, name: string, files: TestFile[]): Promise<void> {
  if ((await request.get(`/v1/collections/${name}`)).ok()) return;
  expect((await request.post("/v1/collections", { data: { name } })).ok()).toBe(true);
  const upload = await request.post(`/v1/collections/${name}/documents`, { multipart: { files: files[0] } });
  expect(upload.status()).toBe(202);
  const { job_id } = (await upload.json()) as { job_id: string };
  await expect
    .poll(async () => ((await (await request.get(`/v1/documents/${job_id}/status`)).json()) as { status: string }).status, {
      timeout: 60_000,
    })
    .toBe("completed");
}

export const markdownFile = (name: string, text: string): TestFile => ({ name, mimeType: "text/markdown", buffer: Buffer.from(text) });
