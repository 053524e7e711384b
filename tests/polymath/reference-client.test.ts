import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as hostPost } from "@/app/api/polymath/route";
import { PATCH as settingsPatch } from "@/app/api/polymath/settings/route";
import { POST as tokenPost } from "@/app/api/polymath/tokens/route";
import { GET as exportGet } from "@/app/v1/collections/[name]/export/route";
import { activeIngestor, startWorker, stopWorker } from "@/lib/knowledge";
import type { Chunk } from "@/lib/knowledge/schemas";
import { searchKnowledge } from "@/lib/knowledge/search";
import type { SubmittedFile } from "@/lib/knowledge/types";
import { resetEmbedderCache } from "@/lib/models/embedder";
import { LocalHashEmbedder } from "@/lib/models/local-embedder";
import { resetPolymathSettingsCache } from "@/lib/polymath/settings";
import { serveRoutes } from "../eri/route-server";
import { freshDataDir } from "../helpers/env";
import { makePdf, writeTemp } from "../helpers/files";
import { waitForJob } from "../helpers/jobs";
import { OPERATOR } from "@/lib/security/principal";

/**
 * The Polymath host as the reference project (dglazkov/polymath) reads it, on a collection
 * built with the one model its client accepts, openai.com:text-embedding-ada-002 (1536
 * dimensions, from a local server speaking the /v1/embeddings wire format):
 * - always: every check its `Library(data=…)` makes on an answer (polymath/library.py:
 *   Library.validate, Bit.validate, the type asserts of `omit`, `similarity`, `token_count`),
 *   and the bits its `Library.query()` picks from the same passages (every bit by plain dot
 *   product, restricted ones removed, sliced to the budget), against POST /api/polymath;
 * - where a checkout of it is given (POLYMATH_REFERENCE_DIR) and python3 has numpy and urllib3:
 *   its own `sample/client.py`, and its own `Library.query()` over this collection's export.
 *   Its other imports (openai 0.25, transformers, docstring_parser) are not installable here and
 *   are not used on these paths: small stand-ins are put first on PYTHONPATH.
 */

const ADA = "openai.com:text-embedding-ada-002";
const DIMS = 1536;
const QUESTION = "How many vacation days do employees get, and how are vacation requests approved?";

/** Three pages of several passages each at 64-token chunks: a page gives several bits. */
const PAGES = [
  [
    "Vacation Policy",
    "Employees receive twenty days of paid vacation each year, accrued monthly from the first day of employment and shown on every payslip.",
    "Vacation requests must be approved by a manager two weeks in advance; requests for more than ten consecutive vacation days need a director's approval as well.",
    "Unused vacation days carry over into the next year up to a limit of five days; anything above the limit lapses on the first of April without payment.",
    "Employees leaving the company are paid for vacation days accrued and not taken, at the salary in force on their last day.",
  ],
  [
    "Remote Work",
    "Staff may work remotely up to three days per week when their role allows it and their manager agrees to the schedule in writing.",
    "A stipend of 500 dollars covers home office equipment such as a desk, a chair and a monitor, once every three years.",
    "Remote workers keep the same core hours as the office, from ten in the morning until three in the afternoon, for meetings.",
  ],
  [
    "Health Benefits",
    "The annual deductible for in-network care is 1,500 dollars per person; out-of-network care has a deductible of 3,000 dollars.",
    "Preventive care such as yearly check-ups and vaccinations is covered in full in the network, with no deductible and no copay.",
    "Prescription drugs cost ten dollars for generics and forty dollars for brand-name drugs at pharmacies in the network.",
  ],
].map((paragraphs) => paragraphs.join("\n"));
const PAYROLL = "Payroll\n\nVacation pay and salaries are paid monthly on the last working day. The executive bonus pool is confidential.";

type Json = Record<string, unknown>;
interface Bit {
  text: string;
  token_count?: number;
  similarity?: number;
  embedding?: string;
  access_tag?: string;
  info?: { url: string; title?: string };
}

let tmp = "";
let embeddings: { url: string; close: () => Promise<void> };
let host: { url: string; close: () => Promise<void> };
let exported: { bits: Bit[] };
let staffToken = "";

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "polymath-reference-"));
  embeddings = await startAdaEmbeddings();
  await freshDataDir({
    EMBEDDER: "openai",
    EMBEDDING_MODEL: "text-embedding-ada-002",
    OPENAI_API_KEY: "test-key",
    OPENAI_BASE_URL: `${embeddings.url}/v1`,
    CHUNK_TOKENS: "64",
    CHUNK_OVERLAP: "0",
  });
  resetEmbedderCache();
  resetPolymathSettingsCache();
  startWorker();
  await activeIngestor().createCollection("handbook", "The staff handbook");
  await ingest([
    writeTemp(tmp, "handbook.pdf", await makePdf(PAGES)),
    { ...writeTemp(tmp, "payroll.md", PAYROLL), metadata: { access_tag: "staff" } },
  ]);
  await settingsPatch(jsonRequest("/api/polymath/settings", "PATCH", { published: ["handbook"], reportRestricted: true }));
  staffToken = ((await (await tokenPost(jsonRequest("/api/polymath/tokens", "POST", { name: "HR", tags: ["staff"] }))).json()) as Json)
    .token as string;
  host = await serveRoutes({ "/api/polymath": { POST: hostPost } });
  const response = await exportGet(new Request(`${host.url}/v1/collections/handbook/export`), {
    params: Promise.resolve({ name: "handbook" }),
  });
  exported = (await response.json()) as { bits: Bit[] };
}, 120_000);

afterAll(async () => {
  await stopWorker();
  await host?.close();
  await embeddings?.close();
  delete process.env.CHUNK_TOKENS;
  delete process.env.CHUNK_OVERLAP;
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe("the reference client's checks", () => {
  it("every answer parses as its Library: float similarities, a string omit, int token counts, info urls", async () => {
    for (const args of await clientCases()) {
      const raw = await postForm(args);
      expect(() => referenceLibraryChecks(raw), JSON.stringify(args)).not.toThrow();
    }
    // An exact similarity is still written as a float, as numpy's float() is.
    expect(await postForm({ query_embedding: base64(unusedAxis()), count: 1, count_type: "bit" })).toMatch(/"similarity":0\.0[,}]/);
  });

  it("gives the bits its Library.query() gives: every passage by plain dot product, several per page", async () => {
    const vector = await embedQuestion();
    for (const args of [{ count: 1000 }, { count: 150 }, { count: 7, count_type: "bit" }, { count: 40 }]) {
      const answer = JSON.parse(await postForm({ query_embedding: base64(vector), omit: "", ...args })) as { bits: Bit[] };
      const expected = referenceQuery(exported.bits, vector, args.count, args.count_type === "bit", new Set());
      expect(answer.bits.map((b) => b.text)).toEqual(expected.map((b) => b.text));
      answer.bits.forEach((bit, i) => expect(bit.similarity).toBeCloseTo(expected[i].similarity!, 5));
    }
    // Pages give several bits each, as in the reference (chat cites one passage a page).
    const answer = JSON.parse(await postForm({ query_embedding: base64(vector), count: 1000 })) as { bits: Bit[] };
    const pages = answer.bits.map((b) => b.info!.url);
    expect(pages.filter((url) => url.endsWith("#page=1")).length).toBeGreaterThanOrEqual(2);
    expect(new Set(pages).size).toBeLessThan(pages.length - 2);
  });

  it("reports the plain dot product below zero too, in order (no clamping to 0)", async () => {
    const vector = await embedQuestion();
    const answer = JSON.parse(await postForm({ query_embedding: base64(vector), count: -1 })) as { bits: Bit[] };
    const expected = referenceQuery(exported.bits, vector, -1, false, new Set());
    expect(answer.bits.map((b) => b.text)).toEqual(expected.map((b) => b.text));
    const similarities = answer.bits.map((b) => b.similarity!);
    expect(Math.min(...similarities)).toBeLessThan(0);
    expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
  });

  it("an unknown access_token grants nothing and gets the public bits; a known one its tag's bits", async () => {
    const query = base64(await embedQuestion());
    const open = JSON.parse(await postForm({ query_embedding: query, count: 50, count_type: "bit", access_token: "pm_unknown" })) as {
      bits: Bit[];
    };
    expect(open.bits.some((b) => b.text.includes("Payroll"))).toBe(false);
    expect(open.bits.length).toBe(exported.bits.length - 1);
    const granted = JSON.parse(await postForm({ query_embedding: query, count: 50, count_type: "bit", access_token: staffToken })) as {
      bits: Bit[];
    };
    expect(granted.bits.some((b) => b.text.includes("Payroll"))).toBe(true);
  });
});

describe("the read door's perPage (what the host asks for)", () => {
  it("gives up to that many passages of a page, in every search mode; chat's default stays one", async () => {
    for (const mode of ["hybrid", "text", "vectors"] as const) {
      const one = await searchKnowledge({ principal: OPERATOR, query: QUESTION, top: 6, collections: ["handbook"], mode });
      const pageKeys = (chunks: Chunk[]) => chunks.map((c) => `${String(c.metadata.file_id)}#${c.page_number}`);
      expect(new Set(pageKeys(one.chunks)).size, mode).toBe(one.chunks.length);
      const several = await searchKnowledge({ principal: OPERATOR, query: QUESTION, top: 6, collections: ["handbook"], mode, perPage: 2 });
      const keys = pageKeys(several.chunks);
      expect(keys.filter((k) => k === keys[0]).length, mode).toBe(2);
      expect(Math.max(...keys.map((k) => keys.filter((x) => x === k).length)), mode).toBe(2);
    }
  });
});

const reference = process.env.POLYMATH_REFERENCE_DIR;
const python = reference && existsSync(path.join(reference, "polymath", "library.py")) && pythonHas(["numpy", "urllib3", "dotenv"]);

describe.runIf(python)("the reference project's own code (POLYMATH_REFERENCE_DIR)", () => {
  it("sample/client.py queries the host and prints its passages and their sources", async () => {
    // Its config loader cannot read hosts on Python 3.11 (dict[str, EndpointConfig] is no class there): --server.
    const config = path.join(tmp, "directory.json");
    writeFileSync(config, "{}");
    const server = ["--server", `${host.url}/api/polymath`];
    const answer = await runPython(["-m", "sample.client", QUESTION, ...server, "--config", config, "--no-completion", "--verbose"]);
    expect(answer).toContain("Employees receive twenty days of paid vacation");
    expect(answer).toMatch(/Sources:\n\s+http:\/\/127\.0\.0\.1:\d+\/v1\/collections\/handbook\/documents\/[^/]+\/content#page=1/);
    expect(answer).not.toContain("Payroll");
  });

  it("its Library(data=…) reads every answer of the checks above", async () => {
    // (`sample/client.py --random` asks omit "similarity,embedding" and then fails in its own
    // Library.extend(), which stores the omit it copies as a list: on any host, its own too.)
    const answers: string[] = [];
    for (const args of await clientCases()) answers.push(await postForm(args));
    const script = [
      "import json, sys",
      "from polymath import Library",
      "for data in json.load(sys.stdin):",
      "    library = Library(data=data)",
      "    for bit in library.bits:",
      "        _ = [bit.similarity for _ in ['similarity'] if 'similarity' in bit._data], [bit.token_count for _ in ['token_count'] if 'token_count' in bit._data]",
      "    if ',' not in library.omit:", // as sample/client.py combines its hosts' answers
      "        combined = Library()",
      "        combined.extend(library)",
      "        combined.slice(1000)",
      "    print(len(library.bits))",
    ].join("\n");
    // The answers as the host wrote them (parsed and written again here, 1.0 would become 1).
    const counts = (await runPython(["-c", script], `[${answers.join(",")}]`)).trim().split("\n").map(Number);
    expect(counts).toEqual(answers.map((raw) => (JSON.parse(raw) as { bits: unknown[] }).bits.length));
  });

  it("its Library.query() over this collection's export answers the bits this host answers", async () => {
    const library = path.join(tmp, "handbook.polymath.json");
    writeFileSync(library, JSON.stringify(exported));
    const args = { version: 1, query_embedding: base64(await embedQuestion()), query_embedding_model: ADA, count: 400, omit: "embedding" };
    const script =
      "import json,sys\nfrom polymath import Library\nlib = Library(filename=sys.argv[1])\nprint(json.dumps(lib.query(json.loads(sys.argv[2])).serializable()))";
    const theirs = JSON.parse(await runPython(["-c", script, library, JSON.stringify(args)])) as { bits: Bit[]; omit: string };
    const ours = JSON.parse(await postForm(args)) as { bits: Bit[]; omit: string };
    expect(ours.bits.map((b) => [b.text, b.token_count, b.info])).toEqual(theirs.bits.map((b) => [b.text, b.token_count, b.info]));
    ours.bits.forEach((bit, i) => expect(bit.similarity).toBeCloseTo(theirs.bits[i].similarity!, 5));
    expect(ours.omit).toBe(theirs.omit);
  });
});

// ─── The reference client's checks, and its Library.query(), in TypeScript ───

/** Arguments the reference client sends, or may: each answer must parse. */
async function clientCases(): Promise<Json[]> {
  const query = base64(await embedQuestion());
  return [
    { query_embedding: query },
    { query_embedding: query, omit: "" },
    { query_embedding: query, omit: "similarity,embedding" }, // the sample client's --random
    { omit: "similarity,embedding", count: 300 }, // no embedding: a random one
    { query_embedding: query, omit: ["embedding", "info"], count: 5, count_type: "bit" },
    { query_embedding: query, omit: "*" },
    { query_embedding: query, access_token: "not-a-token-this-host-knows" },
    { query_embedding: base64(unusedAxis()), count: 3, count_type: "bit" }, // orthogonal to every passage: exact 0
  ];
}

/** What `Library(data=json.loads(body))` checks (polymath/library.py), in its order. */
function referenceLibraryChecks(raw: string): void {
  const obj = JSON.parse(raw) as Json;
  if ("error" in obj) throw new Error(`Server returned an error: ${String(obj.error)}`);
  if (obj.version !== 1) throw new Error("Version invalid");
  if (obj.embedding_model !== ADA) throw new Error("Invalid model name");
  const omit = obj.omit ?? "";
  if (typeof omit !== "string") throw new Error("omit not str as expected");
  const keys = omit.split(",");
  const omitAll = keys.length === 1 && keys[0] === "*";
  const omitted = new Set(omitAll ? [] : keys.filter(Boolean));
  if (!Array.isArray(obj.bits)) throw new Error("bits not list as expected");
  if (omitAll && obj.bits.length) throw new Error("omit configured to omit all bits but they were present");
  for (const bit of obj.bits as Json[]) {
    for (const field of omitted) if (field in bit) throw new Error(`Expected ${field} to be omitted but it was included`);
    if (!("text" in bit)) throw new Error("missing text");
    if (!omitted.has("embedding")) {
      if (!bit.embedding) throw new Error("missing embedding");
      if (Buffer.from(bit.embedding as string, "base64").byteLength !== DIMS * 4) throw new Error("had the wrong length of embedding");
    }
    if (!omitted.has("token_count") && !Number.isInteger(bit.token_count)) throw new Error("token_count not int as expected");
    if (!omitted.has("info") && typeof (bit.info as Json | undefined)?.url !== "string") throw new Error("info is missing required url");
  }
  // Python's json reads `1` as an int: `similarity` must be written as a float.
  for (const [, value] of raw.matchAll(/"similarity":(-?[\d.eE+-]+)/g)) {
    if (!/[.eE]/.test(value)) throw new Error("similarity not float as expected");
  }
}

/** Library.query(): similarity = dot product for every bit, sorted, restricted removed, slice(). */
function referenceQuery(bits: Bit[], query: Float32Array, count: number, countTypeIsBit: boolean, granted: Set<string>): Bit[] {
  const ranked = bits
    .map((bit) => ({ ...bit, similarity: dot(query, embeddingOf(bit)) }))
    .sort((a, b) => b.similarity - a.similarity)
    .filter((bit) => !bit.access_tag || granted.has(bit.access_tag));
  const result: Bit[] = [];
  let tokens = 0;
  for (const bit of ranked) {
    if (countTypeIsBit && count >= 0 && result.length >= count) break;
    tokens += bit.token_count!;
    if (!countTypeIsBit && count >= 0 && tokens > count) {
      if (result.length === 0) result.push({ ...bit, text: bit.text.slice(0, count) });
      break;
    }
    result.push(bit);
  }
  return result;
}

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i], 0);
const embeddingOf = (bit: Bit) => new Float32Array(new Uint8Array(Buffer.from(bit.embedding!, "base64")).buffer);

/** A unit query along an axis no passage uses: every similarity is exactly 0. */
function unusedAxis(): Float32Array {
  const vectors = exported.bits.map(embeddingOf);
  const axis = Array.from({ length: DIMS }, (_, i) => i).find((i) => vectors.every((v) => v[i] === 0));
  if (axis === undefined) throw new Error("every axis is used");
  const query = new Float32Array(DIMS);
  query[axis] = 1;
  return query;
}

// ─── Plumbing ───

const base64 = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64");
const adaEmbedder = new LocalHashEmbedder({ dimensions: DIMS });
const embedQuestion = async () => (await adaEmbedder.embed([QUESTION]))[0];

/** As the sample client posts: form fields, the model and version always. */
async function postForm(args: Json): Promise<string> {
  const form = new FormData();
  for (const [key, value] of Object.entries({ version: 1, query_embedding_model: ADA, ...args })) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, String(item));
  }
  const response = await fetch(`${host.url}/api/polymath`, { method: "POST", body: form });
  expect(response.status).toBe(200);
  return response.text();
}

function jsonRequest(pathname: string, method: string, body: unknown): Request {
  return new Request(`http://host.test${pathname}`, {
    method,
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
}

async function ingest(files: SubmittedFile[]) {
  const { jobId } = await activeIngestor().submitJob(files, "handbook");
  const status = await waitForJob(jobId);
  expect(status.is_success, JSON.stringify(status.file_details)).toBe(true);
}

/** /v1/embeddings answering 1536-dimensional vectors of this app's own offline embedder. */
async function startAdaEmbeddings(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c));
    req.on("end", async () => {
      const body = JSON.parse(raw || "{}") as { model: string; input: string | string[] };
      if (req.url !== "/v1/embeddings") {
        // Summaries ask for a chat model: there is none, and they fall back to the document's sentences.
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "no chat model here", type: "invalid_request_error", param: null, code: null } }));
        return;
      }
      const inputs = Array.isArray(body.input) ? body.input : [body.input];
      const vectors = await adaEmbedder.embed(inputs);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          object: "list",
          data: vectors.map((v, index) => ({ object: "embedding", index, embedding: Array.from(v) })),
          model: body.model,
          usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

function pythonHas(modules: string[]): boolean {
  try {
    execFileSync("python3", ["-c", `import ${modules.join(", ")}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Stand-ins for the reference's imports that are not installable here and unused on these paths. */
const STAND_INS: Record<string, string> = {
  "openai.py": [
    "import json, os, urllib.request",
    "api_key = None",
    "class Embedding:",
    "    @staticmethod",
    "    def create(model, input):",
    "        request = urllib.request.Request(os.environ['DOCCHAT_TEST_EMBEDDINGS'], data=json.dumps({'model': model, 'input': input}).encode(), headers={'content-type': 'application/json'})",
    "        with urllib.request.urlopen(request) as response:",
    "            return json.load(response)",
  ].join("\n"),
  "transformers.py":
    "class GPT2TokenizerFast:\n    @classmethod\n    def from_pretrained(cls, name):\n        raise RuntimeError('no tokenizer in this test')\n",
  "docstring_parser.py": "def parse(doc):\n    raise RuntimeError('no docstring_parser in this test')\n",
};

async function runPython(args: string[], input?: string): Promise<string> {
  const shims = path.join(tmp, "stand-ins");
  if (!existsSync(shims)) {
    mkdirSync(shims);
    for (const [name, code] of Object.entries(STAND_INS)) writeFileSync(path.join(shims, name), code);
  }
  const env = {
    ...process.env,
    PYTHONPATH: [shims, reference].join(path.delimiter),
    OPENAI_API_KEY: "test-key",
    DOCCHAT_TEST_EMBEDDINGS: `${embeddings.url}/v1/embeddings`,
  };
  // cwd: no host.SECRET.json / directory.SECRET.json there, so the reference's defaults apply.
  const child = spawn("python3", args, { cwd: tmp, env, timeout: 60_000 });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c));
  child.stderr.on("data", (c: Buffer) => (stderr += c));
  child.stdin.end(input ?? "");
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`python3 ${args.slice(0, 2).join(" ")} exited ${code}:\n${stderr}`);
  return stdout;
}
