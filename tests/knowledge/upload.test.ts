import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as upload } from "@/app/v1/collections/[name]/documents/route";
import { POST as signUploads } from "@/app/v1/collections/[name]/uploads/route";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { activeIngestor } from "@/lib/knowledge";
import { MAX_NAME_BYTES, safeFileName } from "@/lib/knowledge/file-names";
import { incomingDir } from "@/lib/knowledge/storage";
import { receiveUpload } from "@/lib/knowledge/upload";
import { freshDataDir } from "../helpers/env";
import { formRequest, writeTemp } from "../helpers/files";

/** The HTTP half of an upload: size and type checks happen before anything is stored. */
describe("receiveUpload", () => {
  beforeAll(() => freshDataDir({ MAX_UPLOAD_MB: "1" }));
  const tempFiles = () => {
    try {
      return readdirSync(incomingDir()).length;
    } catch {
      return 0;
    }
  };

  it("refuses a body without a declared length (411) before reading it", async () => {
    const body = new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode("x")), c.close()) });
    const request = new Request("http://localhost/upload", {
      method: "POST",
      body,
      headers: { "content-type": "multipart/form-data; boundary=x" },
      duplex: "half",
    } as RequestInit);
    await expect(receiveUpload(request)).rejects.toMatchObject({ status: 411 });
  });

  it("refuses a declared length above the limit (413) and stores nothing", async () => {
    const before = tempFiles();
    const form = new FormData();
    form.append("files", new Blob(["a".repeat(2 * 1024 * 1024)], { type: "text/plain" }), "big.txt");
    const request = await formRequest("http://localhost/upload", form);
    await expect(receiveUpload(request)).rejects.toMatchObject({ status: 413 });
    expect(tempFiles()).toBe(before);
  });
});

const bytes = (text: string) => Buffer.byteLength(text);
const CJK = "文档名称测试中文字符"; // 10 characters, 30 UTF-8 bytes

describe("safeFileName", () => {
  it("keeps an 80-character CJK name (240 bytes) whole", () => {
    const name = `${CJK.repeat(8)}.pdf`;
    expect(safeFileName(name)).toBe(name);
  });

  it("shortens a longer non-ASCII name to the byte limit at a character boundary, keeping the extension", () => {
    const name = safeFileName(`${CJK.repeat(20)}.pdf`); // 600 bytes of stem
    expect(bytes(name)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(name).toMatch(/^[文档名称测试中文字符]+\.pdf$/);
    expect(Buffer.from(name).toString()).toBe(name); // no half character (U+FFFD) anywhere
  });

  it("never splits an emoji sequence or a letter from its accent", () => {
    const family = "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}"; // one grapheme, 18 bytes
    for (let pad = 0; pad < 20; pad++) {
      const name = safeFileName(`${"a".repeat(230 + pad)}${family.repeat(3)}e\u0301.txt`);
      expect(bytes(name)).toBeLessThanOrEqual(MAX_NAME_BYTES);
      const stem = name.slice(0, -4).replace(/^a+/, "");
      expect(stem.replaceAll(family, "")).toMatch(/^(é)?$/);
    }
  });

  it("strips control and bidi characters, and directories", () => {
    expect(safeFileName("invoice\u202Egpj.exe")).toBe("invoicegpj.exe");
    expect(safeFileName("a\u0000b\u0085c\u200Fd\u2066e\u2069\u061C.txt\u200E")).toBe("abcde.txt");
    expect(safeFileName("../../etc/passwd")).toBe("passwd");
    expect(safeFileName("\u202E\u0007")).toBe("file");
  });
});

describe("an upload with hostile file names", () => {
  const collection = "names";
  const collectionUploads = () => path.join(config().uploadDir, collection);
  beforeAll(async () => {
    await freshDataDir();
    await activeIngestor().createCollection(collection);
  });

  async function post(files: [string, string][]) {
    const form = new FormData();
    for (const [name, text] of files) form.append("files", new Blob([text], { type: "text/plain" }), name);
    const request = await formRequest(`http://localhost/v1/collections/${collection}/documents`, form);
    return upload(request, { params: Promise.resolve({ name: collection }) });
  }

  it("accepts 200 CJK characters (600 bytes) and stores the shortened, cleaned names on disk and in rows", async () => {
    const long = `${CJK.repeat(20)}.txt`;
    const res = await post([
      ["plain.txt", "Plain text."],
      [long, "A long name."],
      ["report\u202Etxt.exe.txt", "Bidi override."],
    ]);
    expect(res.status).toBe(202);
    const { file_ids } = (await res.json()) as { file_ids: string[] };
    const docs = await db().document.findMany({ where: { id: { in: file_ids } } });
    const names = file_ids.map((id) => docs.find((d) => d.id === id)!.fileName);
    expect(names[0]).toBe("plain.txt");
    expect(bytes(names[1])).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(names[1].endsWith(".txt") && long.startsWith(names[1].slice(0, -4))).toBe(true);
    expect(names[2]).toBe("reporttxt.exe.txt");
    for (const doc of docs) {
      expect(existsSync(doc.storagePath)).toBe(true);
      expect(path.basename(doc.storagePath)).toBe(doc.fileName);
    }
  });

  it("leaves no file of a failed upload on disk without a row", async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), "docchat-names-"));
    const before = readdirSync(collectionUploads()).length;
    const rowsBefore = await db().document.count({ where: { collectionName: collection } });
    const good = [writeTemp(tmp, "one.txt", "One."), writeTemp(tmp, "two.txt", "Two.")];
    // The middle file's temp copy is gone (a disk error, a crash of the reader): storing it fails.
    const missing = { path: path.join(tmp, "vanished"), fileName: "three.txt", size: 3 };
    await expect(activeIngestor().submitJob([good[0], missing, good[1]], collection)).rejects.toThrow(/ENOENT/);
    expect(readdirSync(collectionUploads()).length).toBe(before);
    expect(await db().document.count({ where: { collectionName: collection } })).toBe(rowsBefore);
  });
});

describe("direct uploads without object storage", () => {
  it("are refused with 501, pointing to multipart", async () => {
    await freshDataDir();
    await activeIngestor().createCollection("no_bucket");
    const request = new Request("http://localhost/x", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ files: [{ name: "a.md", size: 3 }] }),
    });
    const response = await signUploads(request, { params: Promise.resolve({ name: "no_bucket" }) });
    expect(response.status).toBe(501);
    expect((await response.json()).detail).toMatch(/ORIGINALS_URL.*multipart/);
  });
});
