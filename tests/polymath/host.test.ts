import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { GET as hostGet, OPTIONS as hostOptions, POST as hostPost } from "@/app/api/polymath/route";
import { PATCH as fileTagPatch } from "@/app/api/polymath/collections/[name]/files/[file_id]/route";
import { GET as settingsGet, PATCH as settingsPatch } from "@/app/api/polymath/settings/route";
import { POST as tokenPost } from "@/app/api/polymath/tokens/route";
import { DELETE as tokenDelete } from "@/app/api/polymath/tokens/[id]/route";
import { GET as exportGet } from "@/app/v1/collections/[name]/export/route";
import { POST as uploadPost } from "@/app/v1/collections/[name]/documents/route";
import { activeIngestor, startWorker, stopWorker } from "@/lib/knowledge";
import type { FileInfo } from "@/lib/knowledge/schemas";
import { searchKnowledge } from "@/lib/knowledge/search";
import { embedderFor } from "@/lib/models/embedder";
import { Library } from "@/lib/polymath/format";
import { resetPolymathSettingsCache } from "@/lib/polymath/settings";
import { freshDataDir } from "../helpers/env";
import { formRequest, HANDBOOK_PAGES, makePdf, TRAVEL_TEXT } from "../helpers/files";
import { waitForJob } from "../helpers/jobs";
import { OPERATOR } from "@/lib/security/principal";

/**
 * The Polymath host end to end, in process: real collections ingested through the upload route,
 * queried through POST /api/polymath as a Polymath client would, exported and imported again.
 */

const ORIGIN = "http://docchat.test:3000";
const PAYROLL = "Payroll\n\nSalaries are paid monthly on the last working day. The executive bonus pool is confidential.";

type Json = Record<string, unknown>;
type Bits = {
  text: string;
  token_count?: number;
  similarity?: number;
  embedding?: string;
  info?: { url: string; title?: string; description?: string };
}[];
type LibraryJson = {
  bits: Bits;
  details: { counts: { bits: number; restricted?: number }; message?: string };
  omit: unknown;
  embedding_model: string;
  sort: string;
};

const params = <T extends Record<string, string>>(value: T) => ({ params: Promise.resolve(value) });

async function polymath(args: Json | string, type = "application/json"): Promise<Json> {
  const body = typeof args === "string" ? args : JSON.stringify(args);
  const response = await hostPost(new Request(`${ORIGIN}/api/polymath`, { method: "POST", body, headers: { "content-type": type } }));
  expect(response.status).toBe(200);
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  return (await response.json()) as Json;
}

async function library(args: Json): Promise<LibraryJson> {
  const result = await polymath(args);
  expect(result.error).toBeUndefined();
  Library.parse(result);
  return result as unknown as LibraryJson;
}

async function expectError(args: Json | string, message: string | RegExp, type?: string) {
  const result = await polymath(args, type);
  expect(result.error).toMatch(message);
  expect(result.bits).toBeUndefined();
}

async function upload(collection: string, files: { name: string; data: Uint8Array | string }[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const f of files) form.append("files", new Blob([f.data as BlobPart]), f.name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const response = await uploadPost(
    await formRequest(`${ORIGIN}/v1/collections/${collection}/documents`, form),
    params({ name: collection }),
  );
  const body = (await response.json()) as Json;
  expect(response.status, JSON.stringify(body)).toBe(202);
  return { status: await waitForJob(body.job_id as string), fileIds: body.file_ids as string[] };
}

async function admin(handler: (r: Request, c: never) => Promise<Response>, path: string, method: string, body?: unknown, ctx?: unknown) {
  const response = await handler(
    new Request(`${ORIGIN}${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { "content-type": "application/json" },
    }),
    (ctx ?? params({})) as never,
  );
  return { status: response.status, body: (await response.json()) as Json };
}

const publish = (published: string[], extra: Json = {}) => admin(settingsPatch, "/api/polymath/settings", "PATCH", { published, ...extra });

async function embed(text: string): Promise<Float32Array> {
  return (await embedderFor("local-hash-v1", 384).embed([text]))[0];
}
const b64 = (array: Float32Array | Float64Array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString("base64");

const QUESTION = "How many days of paid vacation do employees get?";
let payrollId = "";

beforeAll(async () => {
  // Requests here name ORIGIN's host, which an instance without tokens serves only when listed.
  await freshDataDir({ ALLOWED_HOSTS: "docchat.test" });
  resetPolymathSettingsCache();
  startWorker();
  for (const name of ["handbook", "drafts"]) await activeIngestor().createCollection(name, `The ${name}`);
  const first = await upload("handbook", [
    { name: "handbook.pdf", data: await makePdf(HANDBOOK_PAGES) },
    { name: "travel.md", data: TRAVEL_TEXT },
  ]);
  expect(first.status.is_success).toBe(true);
  // The upload's optional field tags its files.
  const payroll = await upload("handbook", [{ name: "payroll.md", data: PAYROLL }], { access_tag: "staff" });
  expect(payroll.status.is_success).toBe(true);
  payrollId = payroll.fileIds[0];
  await upload("drafts", [{ name: "drafts.md", data: "Drafts\n\nThe unpublished vacation plan gives ninety days of leave." }]);
});

afterAll(async () => {
  delete process.env.ALLOWED_HOSTS;
  await stopWorker();
});

afterEach(async () => {
  await publish(["handbook"], { reportRestricted: false, restrictedMessage: "" });
});

describe("host endpoint", () => {
  it("describes itself on GET, listing only published collections, and answers CORS preflights", async () => {
    await publish(["handbook"]);
    const response = await hostGet(new Request(`${ORIGIN}/api/polymath`));
    const body = (await response.json()) as Json;
    expect(body).toMatchObject({ endpoint: `${ORIGIN}/api/polymath`, version: 1, embedding_models: ["docchat:local-hash-v1"] });
    expect((body.collections as Json[]).map((c) => c.name)).toEqual(["handbook"]);
    expect((await hostOptions()).status).toBe(204);
  });

  it("answers a text query with bits: text, token_count, similarity, info (url at the page, title, description)", async () => {
    const result = await library({ version: 1, query: QUESTION, query_embedding_model: "docchat:local-hash-v1" });
    expect(result).toMatchObject({ embedding_model: "docchat:local-hash-v1", omit: "embedding", sort: "similarity" });
    const [best] = result.bits;
    expect(best.text).toContain("twenty days of paid vacation");
    expect(best.embedding).toBeUndefined();
    expect(best.token_count).toBeGreaterThan(0);
    expect(best.similarity).toBeGreaterThan(0);
    expect(best.info).toMatchObject({ title: "handbook.pdf, p.1" });
    expect(best.info!.url).toMatch(new RegExp(`^${ORIGIN}/v1/collections/handbook/documents/[^/]+/content#page=1$`));
    expect(best.info!.description).toBeTruthy();
    expect(result.details.counts.bits).toBe(result.bits.length);
    expect(result.details.counts.restricted).toBeUndefined(); // not divulged unless enabled
    expect(result.bits.map((b) => b.text).join(" ")).not.toContain("ninety days"); // drafts is not published
  });

  it("searches by a float32 or float64 query embedding alike, and by a random one without either", async () => {
    const vector = await embed(QUESTION);
    const f32 = await library({ version: 1, query_embedding: b64(vector), query_embedding_model: "docchat:local-hash-v1", omit: "" });
    const f64 = await library({
      version: 1,
      query_embedding: b64(Float64Array.from(vector)),
      query_embedding_model: "local-hash-v1",
      omit: "",
    });
    expect(f32.bits[0].text).toContain("twenty days of paid vacation");
    expect(f64.bits).toEqual(f32.bits);
    expect(f32.bits[0].embedding).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(f32.bits[0].embedding!, "base64").byteLength).toBe(384 * 4);
    const random = await library({ version: 1, query_embedding_model: "docchat:local-hash-v1", count: 3, count_type: "bit" });
    expect(random.bits.length).toBe(3);
  });

  it("takes form arguments (urlencoded and multipart) as the reference host does", async () => {
    const urlencoded = await polymath(
      `version=1&query=${encodeURIComponent(QUESTION)}&count=1&count_type=bit&omit=embedding&omit=info`,
      "application/x-www-form-urlencoded",
    );
    expect(urlencoded.omit).toBe("embedding,info");
    expect((urlencoded.bits as Bits)[0]).toEqual({
      text: expect.stringContaining("twenty days"),
      token_count: expect.any(Number),
      similarity: expect.any(Number),
    });
    const form = new FormData();
    for (const [k, v] of Object.entries({ version: "1", query: QUESTION, count: "1", count_type: "bit" })) form.append(k, v);
    const multipart = (await (await hostPost(new Request(`${ORIGIN}/api/polymath`, { method: "POST", body: form }))).json()) as LibraryJson;
    expect(multipart.bits[0].text).toBe((urlencoded.bits as Bits)[0].text);
  });

  it("cuts token budgets before the first bit that would exceed them, at the exact boundary", async () => {
    const all = await library({ version: 1, query: QUESTION, count: 100, count_type: "bit" });
    expect(all.bits.length).toBeGreaterThanOrEqual(3);
    const [a, b] = all.bits.map((bit) => bit.token_count!);
    const exact = await library({ version: 1, query: QUESTION, count: a + b });
    expect(exact.bits.map((x) => x.text)).toEqual(all.bits.slice(0, 2).map((x) => x.text));
    const short = await library({ version: 1, query: QUESTION, count: a + b - 1 });
    expect(short.bits.map((x) => x.text)).toEqual([all.bits[0].text]);
    // As the reference host's slice(): a first bit over the whole budget comes cut to `count` characters.
    const cut = await library({ version: 1, query: QUESTION, count: 12 });
    expect(cut.bits.map((x) => x.text)).toEqual([all.bits[0].text.slice(0, 12)]);
    expect(cut.bits[0].token_count).toBeLessThanOrEqual(12);
    const bits = await library({ version: 1, query: QUESTION, count: 2, count_type: "bit" });
    expect(bits.bits.length).toBe(2);
  });

  it("applies omit after counting: *, a key, a list, a comma string", async () => {
    const star = await library({ version: 1, query: QUESTION, count: 2, count_type: "bit", omit: "*" });
    expect(star).toMatchObject({ bits: [], omit: "*", details: { counts: { bits: 2 } } });
    const key = await library({ version: 1, query: QUESTION, count: 1, count_type: "bit", omit: "info" });
    expect(Object.keys(key.bits[0]).sort()).toEqual(["embedding", "similarity", "text", "token_count"]);
    const list = await library({
      version: 1,
      query: QUESTION,
      count: 1,
      count_type: "bit",
      omit: ["embedding", "similarity", "token_count"],
    });
    expect(Object.keys(list.bits[0]).sort()).toEqual(["info", "text"]);
    const comma = await library({ version: 1, query: QUESTION, count: 1, count_type: "bit", omit: "embedding,info" });
    expect(comma.omit).toBe("embedding,info");
    expect(Object.keys(comma.bits[0]).sort()).toEqual(["similarity", "text", "token_count"]);
  });
});

describe("access tags and tokens", () => {
  const PAYROLL_QUESTION = "When are salaries paid?";
  const texts = (lib: LibraryJson) => lib.bits.map((b) => b.text).join(" ");

  it("withholds tagged bits, counts them when enabled, and shows the message", async () => {
    const hidden = await library({ version: 1, query: PAYROLL_QUESTION, count: 10, count_type: "bit" });
    expect(texts(hidden)).not.toContain("Salaries are paid monthly");
    expect(hidden.details.counts.restricted).toBeUndefined();
    expect(hidden.details.message).toBeUndefined();

    await publish(["handbook"], { reportRestricted: true, restrictedMessage: "Ask HR for a token." });
    const counted = await library({ version: 1, query: PAYROLL_QUESTION, count: 10, count_type: "bit" });
    expect(counted.details.counts.restricted).toBe(1);
    expect(counted.details.message).toBe("Restricted results were omitted. Ask HR for a token.");
    expect(counted.bits.length).toBe(hidden.bits.length);
  });

  it("a token granting the tag sees the bits (shown once, stored hashed); revoked, it is refused", async () => {
    const created = await admin(tokenPost, "/api/polymath/tokens", "POST", { name: "HR", tags: ["staff"] });
    expect(created.status).toBe(201);
    const token = created.body.token as string;
    expect(token).toMatch(/^pm_/);
    const settings = await admin(settingsGet, "/api/polymath/settings", "GET");
    expect(JSON.stringify(settings.body)).not.toContain(token);
    expect(settings.body).toMatchObject({ tags: ["staff"], settings: { tokens: [{ name: "HR", tags: ["staff"] }] } });

    await publish(["handbook"], { reportRestricted: true });
    const seen = await library({ version: 1, query: PAYROLL_QUESTION, count: 10, count_type: "bit", access_token: token });
    expect(texts(seen)).toContain("Salaries are paid monthly");
    expect(seen.details.counts.restricted).toBe(0);

    const other = await admin(tokenPost, "/api/polymath/tokens", "POST", { name: "Board", tags: ["board"] });
    const wrongTag = await library({
      version: 1,
      query: PAYROLL_QUESTION,
      count: 10,
      count_type: "bit",
      access_token: other.body.token as string,
    });
    expect(texts(wrongTag)).not.toContain("Salaries are paid monthly");

    const id = (created.body.record as Json).id as string;
    expect((await admin(tokenDelete, `/api/polymath/tokens/${id}`, "DELETE", undefined, params({ id }))).status).toBe(200);
    // As the reference host: an unknown (or revoked) token grants nothing; the public bits are answered.
    const revoked = await library({ version: 1, query: PAYROLL_QUESTION, count: 10, count_type: "bit", access_token: token });
    expect(texts(revoked)).not.toContain("Salaries are paid monthly");
    expect(revoked.bits.length).toBeGreaterThan(0);
  });

  it("the collection admin sets and removes a file's tag (admin-protected)", async () => {
    const ctx = params({ name: "handbook", file_id: payrollId });
    const cleared = await admin(fileTagPatch, "/x", "PATCH", { access_tag: null }, ctx);
    expect(cleared.status).toBe(200);
    expect((cleared.body as unknown as FileInfo).metadata.access_tag).toBeUndefined();
    const open = await library({ version: 1, query: PAYROLL_QUESTION, count: 10, count_type: "bit" });
    expect(texts(open)).toContain("Salaries are paid monthly");

    const tagged = await admin(fileTagPatch, "/x", "PATCH", { access_tag: "staff" }, ctx);
    expect((tagged.body as unknown as FileInfo).metadata.access_tag).toBe("staff");
    expect((await admin(fileTagPatch, "/x", "PATCH", { access_tag: "no spaces" }, ctx)).status).toBe(400);
    expect((await admin(fileTagPatch, "/x", "PATCH", { access_tag: "x" }, params({ name: "handbook", file_id: "nope" }))).status).toBe(404);

    process.env.ADMIN_TOKEN = "admin-secret";
    try {
      expect((await admin(fileTagPatch, "/x", "PATCH", { access_tag: null }, ctx)).status).toBe(401);
      expect((await admin(settingsPatch, "/x", "PATCH", { published: [] })).status).toBe(401);
      expect((await admin(tokenPost, "/x", "POST", { name: "x", tags: ["y"] })).status).toBe(401);
    } finally {
      delete process.env.ADMIN_TOKEN;
    }
  });

  it("refuses a bad tag at upload", async () => {
    const form = new FormData();
    form.append("files", new Blob(["Some text here."]), "a.md");
    form.append("access_tag", "bad tag!");
    const response = await uploadPost(await formRequest(`${ORIGIN}/v1/collections/drafts/documents`, form), params({ name: "drafts" }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as Json).detail).toMatch(/access_tag/);
  });
});

describe("errors: HTTP 200 with {error}", () => {
  it("an oversized body is refused before it is read as 413 {error}, the key Polymath clients read", async () => {
    const response = await hostPost(
      new NextRequest(`${ORIGIN}/api/polymath`, {
        method: "POST",
        headers: { host: new URL(ORIGIN).host, "content-length": String(2 * 1024 * 1024) },
      }),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/too large/) });
  });

  const model = "docchat:local-hash-v1";

  it("covers every argument the reference host checks, and this host's own", async () => {
    const vector = await embed(QUESTION);
    await expectError({ version: 1, query_embedding: "not base64!", query_embedding_model: model }, "query_embedding is not valid base64");
    await expectError(
      { version: 1, query_embedding: b64(vector.subarray(0, 100)), query_embedding_model: model },
      /query_embedding has 400 bytes; .*1536 bytes as float32 or 3072 as float64/,
    );
    await expectError(
      { version: 1, query_embedding: b64(vector), query_embedding_model: "openai.com:text-embedding-ada-002" },
      `Embedding model was openai.com:text-embedding-ada-002 but expected ${model}`,
    );
    await expectError({ version: 1, query_embedding: b64(vector) }, "query_embedding_model is required");
    await expectError({ version: 1, query: "x", count_type: "paragraph" }, "count_type paragraph is not one of the legal options");
    await expectError({ version: 0, query: "x" }, "version must be at least 1");
    await expectError({ query: "x" }, "version must be at least 1");
    await expectError({ version: 1, query: "x", count: 0 }, "count must be greater than 0");
    await expectError({ version: 1, query: "x", omit: "colour" }, "Illegal omit key type: colour");
    await expectError("{broken", "not valid JSON");
    await publish([]);
    await expectError({ version: 1, query: "x" }, "This host publishes no collections");
  });
});

describe("export and import", () => {
  let exported: LibraryJson;

  it("exports a collection as a library file with embeddings (attachment)", async () => {
    const response = await exportGet(new Request(`${ORIGIN}/v1/collections/handbook/export?format=polymath`), params({ name: "handbook" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="handbook.polymath.json"');
    exported = Library.parse(await response.json()) as unknown as LibraryJson;
    expect(exported).toMatchObject({ version: 1, embedding_model: "docchat:local-hash-v1", sort: "manual" });
    expect(exported.bits.length).toBe(exported.details.counts.bits);
    expect(exported.bits.length).toBeGreaterThanOrEqual(5);
    for (const bit of exported.bits) {
      expect(Buffer.from(bit.embedding!, "base64").byteLength).toBe(384 * 4);
      expect(bit.info!.url).toMatch(/^http:\/\/docchat\.test:3000\/v1\/collections\/handbook\/documents\//);
    }
    const bad = await exportGet(new Request(`${ORIGIN}/v1/collections/handbook/export?format=csv`), params({ name: "handbook" }));
    expect(bad.status).toBe(400);
    const missing = await exportGet(new Request(`${ORIGIN}/v1/collections/nowhere/export`), params({ name: "nowhere" }));
    expect(missing.status).toBe(404);
  });

  it("imported into a fresh collection, the same query returns the same bits, citing the original sources", async () => {
    await activeIngestor().createCollection("copy", "Imported");
    const { status } = await upload("copy", [{ name: "handbook.polymath.json", data: JSON.stringify(exported) }]);
    expect(status.is_success, JSON.stringify(status.file_details)).toBe(true);
    expect(status.file_details[0].chunks_created).toBe(exported.bits.length);

    const query = {
      version: 1,
      query_embedding: b64(await embed(QUESTION)),
      query_embedding_model: "docchat:local-hash-v1",
      omit: "embedding",
      count: 2000,
    };
    await publish(["handbook"]);
    const before = await library(query);
    await publish(["copy"]);
    const after = await library(query);
    expect(after.bits).toEqual(before.bits);
    // The tagged payroll file's bits carried their tag: still withheld, still granted by a token.
    expect(exported.bits.filter((b) => (b as { access_tag?: string }).access_tag === "staff").map((b) => b.text)).toEqual([
      expect.stringContaining("Salaries"),
    ]);
    const token = (await admin(tokenPost, "/api/polymath/tokens", "POST", { name: "HR again", tags: ["staff"] })).body.token as string;
    const granted = await library({ ...query, access_token: token });
    expect(granted.bits.map((b) => b.text).join(" ")).toContain("Salaries are paid monthly");

    // Chat and the other read paths see the original source: its title and url.
    const { chunks } = await searchKnowledge({ principal: OPERATOR, query: QUESTION, top: 1, collections: ["copy"] });
    expect(chunks[0].display_citation).toBe("handbook.pdf, p.1");
    expect(chunks[0].metadata.url).toBe(before.bits[0].info!.url);
  });

  it("embeds the text when the library's model is not the collection's", async () => {
    await activeIngestor().createCollection("other_model", null);
    const foreign = {
      ...exported,
      embedding_model: "openai.com:text-embedding-ada-002",
      bits: exported.bits.map((b) => ({ ...b, embedding: "AAAA" })),
    };
    const { status } = await upload("other_model", [{ name: "foreign.json", data: JSON.stringify(foreign) }]);
    expect(status.is_success, JSON.stringify(status.file_details)).toBe(true);
    const { chunks } = await searchKnowledge({ principal: OPERATOR, query: QUESTION, top: 1, collections: ["other_model"] });
    expect(chunks[0].content).toContain("twenty days of paid vacation");
  });

  it("refuses broken library files with a reason", async () => {
    await activeIngestor().createCollection("broken", null);
    const cases: [string, string, RegExp][] = [
      ["not-library.json", JSON.stringify({ version: 1, bits: [{ text: "x" }] }), /Not a valid Polymath library: embedding_model/],
      ["future.json", JSON.stringify({ ...exported, version: 2 }), /Library version 2 is not supported/],
      [
        "short.json",
        JSON.stringify({ ...exported, bits: [{ ...exported.bits[0], embedding: "AAAAAA==" }] }),
        /bits\[0\]\.embedding has 4 bytes/,
      ],
      [
        "bad64.json",
        JSON.stringify({ ...exported, bits: [{ ...exported.bits[0], embedding: "%%%" }] }),
        /bits\[0\]\.embedding is not valid base64/,
      ],
      ["empty.json", JSON.stringify({ ...exported, bits: [] }), /no bits with text/],
    ];
    for (const [name, data, message] of cases) {
      const { status } = await upload("broken", [{ name, data }]);
      expect(status.file_details[0].status, name).toBe("failed");
      expect(status.file_details[0].error_message, name).toMatch(message);
    }
    // Ordinary JSON that happens to have a `bits` key is a document, not a broken library.
    const { status } = await upload("broken", [{ name: "flags.json", data: JSON.stringify({ version: 3, bits: "read-write" }) }]);
    expect(status.file_details[0].status).toBe("success");
  });
});
