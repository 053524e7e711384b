import path from "node:path";
import Database from "better-sqlite3";
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { assertV1 } from "../tests/eri/openapi";
import { makePdf } from "./pages/test-files";

/**
 * The ERI v1 server and the ERI source admin API over HTTP, against the production build:
 * AI Studio's call sequences (every body checked against the v1 schemas, no extra
 * properties), the failure cases, and the loopback (this app as an ERI source of itself).
 */

const COLLECTION = "eri_e2e";
const LOGIN_TOKEN = "e2e-login-token-0123456789";
const USER = "ai-studio";
const PASSWORD = "e2e password 123";

async function jsonOf(response: APIResponse): Promise<unknown> {
  return JSON.parse(await response.text());
}

async function ingest(request: APIRequestContext): Promise<void> {
  const created = await request.post("/v1/collections", { data: { name: COLLECTION, description: "ERI e2e" } });
  expect(created.status()).toBe(201);
  const pdf = await makePdf("handbook.pdf", [
    ["Vacation Policy", "Employees receive twenty days of paid vacation each year."],
    ["Remote Work", "Staff may work remotely up to three days per week."],
    ["Health Benefits", "The annual deductible for in-network care is 1,500 dollars per person."],
  ]);
  const upload = await request.post(`/v1/collections/${COLLECTION}/documents`, { multipart: { files: pdf } });
  expect(upload.status()).toBe(202);
  const { job_id } = (await upload.json()) as { job_id: string };
  await expect
    .poll(async () => ((await (await request.get(`/v1/documents/${job_id}/status`)).json()) as { status: string }).status, {
      timeout: 60_000,
    })
    .toBe("completed");
}

async function login(request: APIRequestContext, method: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await request.post(`/auth?authMethod=${method}`, { headers });
  expect(response.status(), await response.text()).toBe(200);
  const body = await jsonOf(response);
  assertV1("AuthResponse", body);
  return (body as { token: string }).token;
}

const aiStudioRequest = (prompt: string, extra: Record<string, unknown> = {}) => ({
  latestUserPrompt: prompt,
  latestUserPromptType: "TEXT",
  thread: { contentBlocks: [{ content: prompt, role: "USER", type: "TEXT" }] },
  retrievalProcessId: null,
  parameters: null,
  maxMatches: 5,
  ...extra,
});

test.describe.serial("ERI server and sources over HTTP", () => {
  test("the ERI server is off until switched on in the settings", async ({ request }) => {
    await ingest(request);
    const off = await request.get("/auth/methods");
    expect(off.status()).toBe(503);
    assertV1("AuthResponse", await jsonOf(off));

    const incomplete = await request.patch("/api/eri/server", { data: { enabled: true, authMethods: ["TOKEN"] } });
    expect(incomplete.status()).toBe(400);

    const saved = await request.patch("/api/eri/server", {
      data: {
        enabled: true,
        authMethods: ["NONE", "TOKEN", "USERNAME_PASSWORD"],
        token: LOGIN_TOKEN,
        username: USER,
        password: PASSWORD,
        exposedCollections: [COLLECTION],
        allowedProviderType: "SELF_HOSTED",
        dataSourceName: "E2E handbook",
        dataSourceDescription: "Generated during the e2e run",
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const view = await saved.text();
    expect(view).not.toContain(LOGIN_TOKEN);
    expect(view).not.toContain(PASSWORD);
    expect(view).not.toMatch(/Hash/);
    const { settings, address } = JSON.parse(view) as {
      settings: Record<string, unknown>;
      address: { url: string; hostname: string; port: number };
    };
    expect(settings).toMatchObject({ enabled: true, hasToken: true, hasPassword: true, exposedCollections: [COLLECTION] });
    const base = new URL(test.info().project.use.baseURL!);
    expect(address).toEqual({ url: base.origin, hostname: `http://${base.hostname}`, port: Number(base.port) });
  });

  for (const [method, headers] of [
    ["NONE", {}],
    ["TOKEN", { Authorization: `Bearer ${LOGIN_TOKEN}` }],
    ["USERNAME_PASSWORD", { user: USER, password: PASSWORD }],
  ] as const) {
    test(`AI Studio's sequence with ${method}: methods → auth → security → data source → info → retrieval`, async ({ request }) => {
      const methods = await request.get("/auth/methods");
      expect(methods.status()).toBe(200);
      assertV1("AuthScheme", await jsonOf(methods), { array: true });

      const started = Date.now();
      const token = await login(request, method, headers);
      const security = await request.get("/security/requirements", { headers: { token } });
      expect(Date.now() - started).toBeLessThan(6000); // AI Studio's limit for both calls
      expect(await jsonOf(security)).toEqual({ allowedProviderType: "SELF_HOSTED" });
      assertV1("SecurityRequirements", await jsonOf(security));

      const dataSource = await request.get("/dataSource", { headers: { token } });
      assertV1("DataSourceInfo", await jsonOf(dataSource));
      expect(await jsonOf(dataSource)).toEqual({ name: "E2E handbook", description: "Generated during the e2e run" });

      const embeddings = await request.get("/embedding/info", { headers: { token } });
      assertV1("EmbeddingInfo", await jsonOf(embeddings), { array: true });

      const info = await request.get("/retrieval/info", { headers: { token } });
      const processes = (await jsonOf(info)) as { id: string }[];
      assertV1("RetrievalInfo", processes, { array: true });
      expect(processes.map((p) => p.id)).toEqual(["hybrid", "vectors", "text"]);

      // AI Studio logs in again before every retrieval.
      const again = await login(request, method, headers);
      const retrieval = await request.post("/retrieval", {
        headers: { token: again },
        data: aiStudioRequest("What is the annual deductible for in-network care?"),
      });
      expect(retrieval.status()).toBe(200);
      const contexts = (await jsonOf(retrieval)) as { name: string; path: string; matchedContent: string }[];
      assertV1("Context", contexts, { array: true });
      expect(contexts[0].name).toBe("handbook.pdf");
      expect(contexts[0].matchedContent).toContain("1,500 dollars");
      expect(contexts[0].path).toMatch(new RegExp(`/v1/collections/${COLLECTION}/documents/[^/]+/content#page=3$`));
      const opened = await request.get(contexts[0].path.replace(/#.*$/, ""));
      expect(opened.status()).toBe(200);
      expect(opened.headers()["content-type"]).toBe("application/pdf");
    });
  }

  test("paths follow x-forwarded-host and x-forwarded-proto", async ({ request }) => {
    const token = await login(request, "NONE");
    const response = await request.post("/retrieval", {
      headers: { token, "x-forwarded-host": "docs.example.com", "x-forwarded-proto": "https" },
      data: aiStudioRequest("annual deductible", { maxMatches: 1, retrievalProcessId: "" }),
    });
    const contexts = (await jsonOf(response)) as { path: string }[];
    expect(contexts).toHaveLength(1);
    expect(contexts[0].path.startsWith(`https://docs.example.com/v1/collections/${COLLECTION}/`)).toBe(true);
  });

  test("wrong credentials answer 401 and an unknown method 400", async ({ request }) => {
    for (const [method, headers] of [
      ["TOKEN", { Authorization: "Bearer not-the-token" }],
      ["TOKEN", {}],
      ["USERNAME_PASSWORD", { user: USER, password: "wrong" }],
      ["USERNAME_PASSWORD", { user: "intruder", password: PASSWORD }],
      ["KERBEROS", {}],
    ] as const) {
      const response = await request.post(`/auth?authMethod=${method}`, { headers });
      expect(response.status(), `${method} ${JSON.stringify(headers)}`).toBe(401);
      const body = await jsonOf(response);
      assertV1("AuthResponse", body);
      expect(body).toMatchObject({ success: false });
    }
    expect((await request.post("/auth?authMethod=MAGIC")).status()).toBe(400);
    expect((await request.post("/auth")).status()).toBe(400);
  });

  test("bad and login-secret tokens answer 401 everywhere but /auth*", async ({ request }) => {
    for (const token of ["", "bogus", LOGIN_TOKEN, `eri_${"A".repeat(43)}`]) {
      for (const route of ["/dataSource", "/embedding/info", "/retrieval/info", "/security/requirements"]) {
        const response = await request.get(route, { headers: token ? { token } : {} });
        expect(response.status(), `${route} with '${token}'`).toBe(401);
        assertV1("AuthResponse", await jsonOf(response));
      }
      expect((await request.post("/retrieval", { headers: token ? { token } : {}, data: aiStudioRequest("x") })).status()).toBe(401);
    }
  });

  test("an expired session token answers 401", async ({ request }) => {
    const token = await login(request, "NONE");
    expect((await request.get("/dataSource", { headers: { token } })).status()).toBe(200);
    // Age every session in the app's own database (the e2e server runs on SQLite in E2E_DATA_DIR).
    const conn = new Database(path.join(process.env.E2E_DATA_DIR!, "app.db"));
    const sample = conn.prepare(`SELECT expiresAt FROM EriSession LIMIT 1`).get() as { expiresAt: string | number };
    const past = typeof sample.expiresAt === "number" ? Date.now() - 60_000 : new Date(Date.now() - 60_000).toISOString();
    conn.prepare(`UPDATE EriSession SET expiresAt = ?`).run(past);
    conn.close();
    expect((await request.get("/dataSource", { headers: { token } })).status()).toBe(401);
  });

  test("unknown process ids and malformed requests answer 400", async ({ request }) => {
    const token = await login(request, "NONE");
    const unknown = await request.post("/retrieval", {
      headers: { token },
      data: aiStudioRequest("vacation", { retrievalProcessId: "semantic-v9" }),
    });
    expect(unknown.status()).toBe(400);
    expect(((await jsonOf(unknown)) as { message: string }).message).toContain("semantic-v9");
    const malformed: [string, string][] = [
      ["{not json", "application/json"],
      [JSON.stringify({ maxMatches: "five" }), "application/json"],
      [JSON.stringify({ latestUserPromptType: "HOLOGRAM" }), "application/json"],
      [JSON.stringify({ parameters: { top_k: 5 } }), "application/json"],
      [JSON.stringify({ parameters: { collections: "not_exposed" } }), "application/json"],
    ];
    for (const [body, type] of malformed) {
      const response = await request.post("/retrieval", { headers: { token, "Content-Type": type }, data: body });
      expect(response.status(), body).toBe(400);
      assertV1("AuthResponse", await jsonOf(response));
    }
    const unknowSpelling = await request.post("/retrieval", {
      headers: { token },
      data: aiStudioRequest("vacation days", { thread: { contentBlocks: [{ content: "hi", role: "UNKNOW", type: "UNKNOWN" }] } }),
    });
    expect(unknowSpelling.status()).toBe(200);
  });

  test.describe.serial("loopback: this app as an ERI source of itself", () => {
    let sourceId = "";

    test("the admin API refuses bad sources and cross-site writes", async ({ request, baseURL }) => {
      expect(
        (await request.post("/api/eri/sources", { data: { name: "x", baseUrl: "ftp://example.com", authMethod: "NONE" } })).status(),
      ).toBe(400);
      expect((await request.post("/api/eri/sources", { data: { name: "x", baseUrl: baseURL, authMethod: "TOKEN" } })).status()).toBe(400);
      const crossSite = await request.post("/api/eri/sources", {
        headers: { Origin: "https://evil.example" },
        data: { name: "x", baseUrl: baseURL, authMethod: "NONE" },
      });
      expect(crossSite.status()).toBe(403);
      expect((await request.post("/api/eri/sources/nope/test")).status()).toBe(404);
    });

    test("test connection succeeds", async ({ request, baseURL }) => {
      const created = await request.post("/api/eri/sources", {
        data: { name: "Myself", baseUrl: baseURL, authMethod: "TOKEN", secret: LOGIN_TOKEN, maxMatches: 3 },
      });
      expect(created.status(), await created.text()).toBe(201);
      expect(await created.text()).not.toContain(LOGIN_TOKEN);
      sourceId = ((await created.json()) as { id: string }).id;

      const report = (await (await request.post(`/api/eri/sources/${sourceId}/test`)).json()) as Record<string, unknown>;
      expect(report).toMatchObject({
        ok: true,
        error: null,
        securityRequirement: "SELF_HOSTED",
        dataSource: { name: "E2E handbook" },
        authMethods: ["NONE", "TOKEN", "USERNAME_PASSWORD"],
      });
      const listed = await request.get("/api/eri/sources");
      expect(await listed.text()).not.toContain(LOGIN_TOKEN);
      const [source] = (await listed.json()) as { lastStatus: { ok: boolean } }[];
      expect(source.lastStatus.ok).toBe(true);
    });

    test("a search through the eri retriever returns its citations", async ({ request, baseURL }) => {
      const response = await request.post(`/api/eri/sources/${sourceId}/search`, {
        data: { query: "annual deductible for in-network care", top_k: 5 },
      });
      expect(response.status(), await response.text()).toBe(200);
      const result = (await response.json()) as {
        success: boolean;
        backend: string;
        chunks: { file_name: string; page_number: number; display_citation: string; metadata: Record<string, unknown> }[];
      };
      expect(result).toMatchObject({ success: true, backend: "eri" });
      expect(result.chunks.length).toBeLessThanOrEqual(3);
      expect(result.chunks[0]).toMatchObject({ file_name: "handbook.pdf", page_number: 3, display_citation: "handbook.pdf, p.3" });
      expect(result.chunks[0].metadata).toMatchObject({ source_id: sourceId, source_name: "Myself" });
      expect(String(result.chunks[0].metadata.url)).toMatch(
        new RegExp(`^${baseURL}/v1/collections/${COLLECTION}/documents/[^/]+/content#page=3$`),
      );
    });

    test("a test of a draft reports wrong credentials without saving", async ({ request, baseURL }) => {
      const report = (await (
        await request.post("/api/eri/test", { data: { name: "draft", baseUrl: baseURL, authMethod: "TOKEN", secret: "wrong-token-value" } })
      ).json()) as { ok: boolean; failedStep: string; error: string };
      expect(report).toMatchObject({ ok: false, failedStep: "auth" });
      expect(report.error).toContain("refused the login");
      expect(report.error).not.toContain("wrong-token-value");
    });

    test("a chat using only the loopback source answers with its citations", async ({ request }) => {
      const response = await request.post("/api/chat", {
        data: {
          messages: [{ role: "user", content: "What is the annual deductible for in-network care?" }],
          context: { overrides: { sources: [sourceId], collections: [] } },
        },
      });
      expect(response.status(), await response.text()).toBe(200);
      const body = (await response.json()) as {
        message: { content: string };
        context: {
          data_points: { citations: string[]; sources: { url: string | null }[] };
          thoughts: { title: string; props?: { collections?: string[] } }[];
        };
      };
      expect(body.message.content).toContain("1,500");
      expect(body.message.content).toContain("[handbook.pdf#page=3]");
      expect(body.context.data_points.citations).toContain("handbook.pdf#page=3");
      // It came through the ERI source (absolute URL to this app), not from a local collection.
      expect(body.context.data_points.sources[0].url).toMatch(/^http:\/\/.+\/v1\/collections\/eri_e2e\/documents\/.+#page=3$/);
      expect(body.context.thoughts.find((t) => t.title === "Generated search query")?.props?.collections).toEqual([]);
    });

    test("a deleted source is gone", async ({ request }) => {
      expect((await request.delete(`/api/eri/sources/${sourceId}`)).status()).toBe(200);
      expect((await request.get(`/api/eri/sources/${sourceId}`)).status()).toBe(404);
    });
  });
});
