import Ajv from "ajv";
import { JSONPath } from "jsonpath-plus";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as manifestGet } from "@/app/api/copilot/ai-plugin.json/route";
import { GET as openApiGet } from "@/app/api/copilot/openapi.json/route";
import { GET as searchGet } from "@/app/api/copilot/search/route";
import { GET as contentGet } from "@/app/v1/collections/[name]/documents/[file_id]/content/route";
import { CopilotSearchResponse, snippetOf } from "@/lib/copilot/search";
import { stopWorker } from "@/lib/knowledge";
import { get, knowledgeBase, MANUAL_PAGES, ORIGIN, publish, setEnv } from "./fixture";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const KEY = "copilot-key-0123456789abcdef";

async function search(query: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Json }> {
  const response = await get(searchGet, `/api/copilot/search?${query}`, headers);
  return { status: response.status, body: (await response.json()) as Json };
}

/** The response semantics of the served manifest, applied as Copilot applies them. */
async function semantics(): Promise<{ data_path: string; properties: Record<string, string> }> {
  const manifest = (await (await get(manifestGet, "/api/copilot/ai-plugin.json")).json()) as Json;
  return manifest.functions[0].capabilities.response_semantics;
}

/** Checks a body against the 200 response schema of the served OpenAPI document (Ajv knows `nullable`). */
async function openApiResponseValidator() {
  const openApi = (await (await get(openApiGet, "/api/copilot/openapi.json")).json()) as Json;
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addSchema({ components: openApi.components }, "openapi.json");
  return ajv.compile({ $ref: "openapi.json#/components/schemas/SearchResponse" });
}

beforeAll(async () => {
  setEnv({ PUBLIC_BASE_URL: undefined, COPILOT_API_KEY: undefined, COPILOT_API_KEY_REFERENCE_ID: undefined });
  await knowledgeBase();
  await publish(["handbook", "manual"]); // not "secret"
});
afterAll(async () => {
  setEnv({ COPILOT_API_KEY: undefined, COPILOT_API_KEY_REFERENCE_ID: undefined });
  await stopWorker();
});

describe("GET /api/copilot/search", () => {
  it("answers with the documented fields, valid against the OpenAPI response schema", async () => {
    const { status, body } = await search("query=annual+deductible+in-network&top=5");
    expect(status).toBe(200);
    expect(CopilotSearchResponse.parse(body)).toEqual(body);
    const validate = await openApiResponseValidator();
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    const [first] = body.results;
    expect(first).toMatchObject({
      title: "handbook: Health Benefits",
      citation: "handbook.pdf, p.3",
      file_name: "handbook.pdf",
      page_number: 3,
      collection: "handbook",
    });
    expect(first.snippet).toContain("annual deductible for in-network care is 1,500 dollars");
    expect(first.score).toBeGreaterThan(0);
    expect(first.score).toBeLessThanOrEqual(1);
  });

  it("the response semantics' JSONPath yields at most 25 items, each with title, subtitle and url", async () => {
    const { data_path, properties } = await semantics();
    const { status, body } = await search("query=maintenance+interval+pump+seals&top=100");
    expect(status).toBe(200);
    const items = JSONPath({ path: data_path, json: body, wrap: false }) as Json[];
    expect(Array.isArray(items)).toBe(true);
    // The manual alone has 30 matching pages: the cap, not the documents, limits the answer.
    expect(MANUAL_PAGES).toBeGreaterThan(25);
    expect(items).toHaveLength(25);
    for (const item of items) {
      for (const [name, path] of Object.entries(properties)) {
        const [value] = JSONPath({ path, json: item }) as unknown[];
        expect(typeof value === "string" && value.length > 0, `${name} (${path}) of ${JSON.stringify(item)}`).toBe(true);
      }
      expect(item.url).toMatch(new RegExp(`^${ORIGIN}/v1/collections/manual/documents/[^/]+/content#page=\\d+$`));
    }
    expect(new Set(items.map((i) => i.url)).size).toBe(25); // one result per page
  });

  it("each url opens the source document at its page", async () => {
    const { body } = await search("query=twenty+days+of+paid+vacation&collection=handbook&top=1");
    const url = new URL(body.results[0].url);
    expect(url.hash).toBe("#page=1");
    const [, , , name, , fileId] = url.pathname.split("/").map(decodeURIComponent);
    const response = await contentGet(new Request(url), { params: Promise.resolve({ name, file_id: fileId }) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/pdf/);
  });

  it("searches the named published collections only, every published one by default, and defaults top to 10", async () => {
    const some = await search("query=deductible&collection=handbook");
    expect(new Set(some.body.results.map((r: Json) => r.collection))).toEqual(new Set(["handbook"]));
    const both = await search("query=deductible+maintenance&collection=manual,handbook");
    expect(new Set(both.body.results.map((r: Json) => r.collection))).toEqual(new Set(["manual", "handbook"]));
    // "secret" holds a deductible too, but is not published to Copilot.
    const all = await search("query=annual+deductible+executive+plan&top=25");
    expect(all.body.results.map((r: Json) => r.collection)).not.toContain("secret");
    expect((await search("query=maintenance+interval+pump")).body.results).toHaveLength(10);
  });

  it("with nothing published, says so (503)", async () => {
    await publish([]);
    try {
      expect(await search("query=deductible")).toEqual({
        status: 503,
        body: { error: expect.stringMatching(/No collection is published for Copilot/) },
      });
    } finally {
      await publish(["handbook", "manual"]);
    }
  });

  it("answers bad input with 400 and an error field the model can read", async () => {
    for (const query of ["", "query=", "query=x&top=0", "query=x&top=many", "query=x&top=2.5"]) {
      const { status, body } = await search(query);
      expect(status, query).toBe(400);
      expect(typeof body.error, query).toBe("string");
    }
    // Each says what is wrong.
    expect((await search("query=")).body.error).toMatch(/query is required/);
    expect(await search(`query=${"a".repeat(1001)}`)).toEqual({
      status: 400,
      body: { error: expect.stringMatching(/query must have at most 1000 characters/) },
    });
    const unknown = await search("query=deductible&collection=nope");
    expect(unknown).toEqual({ status: 400, body: { error: "Unknown collection: nope. Available: handbook, manual" } });
    // An existing collection not published to Copilot is as unknown.
    expect((await search("query=deductible&collection=secret")).body.error).toBe("Unknown collection: secret. Available: handbook, manual");
  });

  it("takes any larger top as the 25 it can show, however many digits", async () => {
    for (const top of ["26", "99999", "12345678901234567890"]) {
      const { status, body } = await search(`query=maintenance+interval+pump&top=${top}`);
      expect(status, top).toBe(200);
      expect(body.results, top).toHaveLength(25);
    }
  });

  it("reports a word the documents spell differently", async () => {
    const { status, body } = await search("query=how+big+is+the+stipned&collection=handbook");
    expect(status).toBe(200);
    expect(body.spelling_corrections).toEqual({ stipned: "stipend" });
    expect(body.results[0].citation).toBe("handbook.pdf, p.2");
  });
});

describe("API key (COPILOT_API_KEY)", () => {
  it("is not needed when no key is configured", async () => {
    expect((await search("query=deductible")).status).toBe(200);
  });

  it("is enforced when configured: 401 without it or with a wrong one, 200 with it", async () => {
    setEnv({ COPILOT_API_KEY: KEY, COPILOT_API_KEY_REFERENCE_ID: "ref-123" });
    try {
      const missing = await search("query=deductible");
      expect(missing.status).toBe(401);
      expect(missing.body.error).toMatch(/API key required/);
      // RFC 6750: the 401 names the scheme it wants.
      expect((await get(searchGet, "/api/copilot/search?query=deductible")).headers.get("www-authenticate")).toMatch(/^Bearer\b/);
      expect((await search("query=deductible", { authorization: `Bearer ${KEY}x` })).status).toBe(401);
      expect((await search("query=deductible", { authorization: KEY })).status).toBe(401);
      expect((await search("query=deductible", { authorization: "Basic abc" })).status).toBe(401);
      const ok = await search("query=deductible", { authorization: `Bearer ${KEY}` });
      expect(ok.status).toBe(200);
      expect(ok.body.results.length).toBeGreaterThan(0);
      // The key is checked before the input: nothing is revealed to a caller without it.
      expect((await search("collection=nope")).status).toBe(401);
    } finally {
      setEnv({ COPILOT_API_KEY: undefined, COPILOT_API_KEY_REFERENCE_ID: undefined });
    }
  });
});

describe("snippetOf", () => {
  it("collapses whitespace and cuts long passages at a word boundary", () => {
    expect(snippetOf("a  b\n\nc")).toBe("a b c");
    const long = snippetOf("word ".repeat(300), 50);
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long).toMatch(/word…$/);
  });
});
