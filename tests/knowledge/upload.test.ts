import { readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { receiveUpload } from "@/lib/knowledge/upload";
import { freshDataDir } from "../helpers/env";

/** The HTTP half of an upload: size and type checks happen before anything is stored. */
describe("receiveUpload", () => {
  beforeAll(() => freshDataDir({ MAX_UPLOAD_MB: "1" }));
  const tempFiles = () => {
    try {
      return readdirSync(path.join(os.tmpdir(), "docchat-uploads")).length;
    } catch {
      return 0;
    }
  };

  it("refuses a body without a declared length (411) before reading it", async () => {
    const body = new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode("x")), c.close()) });
    const request = new Request("http://local/upload", { method: "POST", body, headers: { "content-type": "multipart/form-data; boundary=x" }, duplex: "half" } as RequestInit);
    await expect(receiveUpload(request)).rejects.toMatchObject({ status: 411 });
  });

  it("refuses a declared length above the limit (413) and stores nothing", async () => {
    const before = tempFiles();
    const form = new FormData();
    form.append("files", new Blob(["a".repeat(2 * 1024 * 1024)], { type: "text/plain" }), "big.txt");
    const probe = new Request("http://local/upload", { method: "POST", body: form });
    const bytes = new Uint8Array(await probe.arrayBuffer());
    const request = new Request("http://local/upload", {
      method: "POST",
      body: bytes,
      headers: { "content-type": probe.headers.get("content-type")!, "content-length": String(bytes.byteLength) },
    });
    await expect(receiveUpload(request)).rejects.toMatchObject({ status: 413 });
    expect(tempFiles()).toBe(before);
  });
});
