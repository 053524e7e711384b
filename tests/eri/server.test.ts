import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as authPost } from "@/app/(eri)/auth/route";
import { GET as authMethodsGet } from "@/app/(eri)/auth/methods/route";
import { GET as dataSourceGet } from "@/app/(eri)/dataSource/route";
import { GET as embeddingInfoGet } from "@/app/(eri)/embedding/info/route";
import { POST as retrievalPost } from "@/app/(eri)/retrieval/route";
import { GET as retrievalInfoGet } from "@/app/(eri)/retrieval/info/route";
import { GET as securityGet } from "@/app/(eri)/security/requirements/route";
import { db } from "@/lib/db/client";
import { sha256Hex } from "@/lib/security/hashing";
import { updateServerSettings } from "@/lib/eri/server/settings";
import { stopWorker } from "@/lib/knowledge";
import { assertV1 } from "./openapi";
import { freshEriDataDir, ingestHandbook } from "./knowledge-fixture";

/** This app's ERI server, called in process exactly as AI Studio calls it over HTTP. */

const ORIGIN = "http://docchat.test:3000";
const TOKEN_SECRET = "login-token-0123456789abcdef";
const USER = "ai-studio";
const PASSWORD = "correct horse battery";

type Handler = (request: Request) => Promise<Response>;

async function call(handler: Handler, path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const response = await handler(new Request(`${ORIGIN}${path}`, init));
  return { status: response.status, body: await response.json() };
}

async function login(method = "NONE", headers: Record<string, string> = {}): Promise<string> {
  const { status, body } = await call(authPost, `/auth?authMethod=${method}`, { method: "POST", headers });
  expect(status).toBe(200);
  assertV1("AuthResponse", body);
  return (body as { token: string }).token;
}

function retrieval(token: string, body: unknown, headers: Record<string, string> = {}) {
  return call(retrievalPost, "/retrieval", {
    method: "POST",
    headers: { token, "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The request body AI Studio sends for one question. */
const aiStudioRequest = (prompt: string, extra: Record<string, unknown> = {}) => ({
  latestUserPrompt: prompt,
  latestUserPromptType: "TEXT",
  thread: { contentBlocks: [{ content: prompt, role: "USER", type: "TEXT" }] },
  retrievalProcessId: null,
  parameters: null,
  maxMatches: 10,
  ...extra,
});

beforeAll(async () => {
  await freshEriDataDir();
  await ingestHandbook();
});
afterAll(async () => {
  await stopWorker();
});

describe("ERI server: switched off by default", () => {
  it("answers 503 on every route until enabled", async () => {
    expect((await call(authMethodsGet, "/auth/methods")).status).toBe(503);
    const { status, body } = await call(authPost, "/auth?authMethod=NONE", { method: "POST" });
    expect(status).toBe(503);
    assertV1("AuthResponse", body);
  });

  it("refuses to switch on TOKEN without a token, or USERNAME_PASSWORD without credentials", async () => {
    await expect(updateServerSettings({ enabled: true, authMethods: ["TOKEN"] })).rejects.toMatchObject({ status: 400 });
    await expect(updateServerSettings({ enabled: true, authMethods: ["USERNAME_PASSWORD"], username: USER })).rejects.toMatchObject({
      status: 400,
    });
    await expect(updateServerSettings({ token: "short" })).rejects.toMatchObject({ status: 400 });
    await expect(updateServerSettings({ exposedCollections: ["nope"] })).rejects.toMatchObject({ status: 400 });
  });
});

describe("ERI server: AI Studio's call sequence", () => {
  beforeAll(async () => {
    await updateServerSettings({
      enabled: true,
      authMethods: ["NONE", "TOKEN", "USERNAME_PASSWORD"],
      token: TOKEN_SECRET,
      username: USER,
      password: PASSWORD,
      exposedCollections: ["handbook"],
      allowedProviderType: "SELF_HOSTED",
      dataSourceName: "Handbook",
      dataSourceDescription: "The company handbook",
    });
  });

  it("lists the auth methods with the header names AI Studio uses", async () => {
    const { status, body } = await call(authMethodsGet, "/auth/methods");
    expect(status).toBe(200);
    assertV1("AuthScheme", body, { array: true });
    expect(body).toEqual([
      { authMethod: "NONE", authFieldMappings: [] },
      { authMethod: "TOKEN", authFieldMappings: [{ authField: "TOKEN", fieldName: "Authorization" }] },
      {
        authMethod: "USERNAME_PASSWORD",
        authFieldMappings: [
          { authField: "USERNAME", fieldName: "user" },
          { authField: "PASSWORD", fieldName: "password" },
        ],
      },
    ]);
  });

  it("logs in with NONE, TOKEN and USERNAME_PASSWORD, each time with a fresh random token", async () => {
    const tokens = [
      await login("NONE"),
      await login("TOKEN", { Authorization: `Bearer ${TOKEN_SECRET}` }),
      await login("USERNAME_PASSWORD", { user: USER, password: PASSWORD }),
    ];
    expect(new Set(tokens).size).toBe(3);
    for (const token of tokens) expect(token.length).toBeGreaterThanOrEqual(40);
    // Stored hashed, never in clear.
    const rows = await db().eriSession.findMany();
    expect(rows.map((r) => r.tokenHash)).toEqual(expect.arrayContaining(tokens.map(sha256Hex)));
    expect(rows.some((r) => tokens.includes(r.tokenHash))).toBe(false);
  });

  it.each([
    ["TOKEN", { Authorization: "Bearer wrong-token-0123456789" }],
    ["TOKEN", {}],
    ["TOKEN", { Authorization: TOKEN_SECRET }],
    ["USERNAME_PASSWORD", { user: USER, password: "wrong password" }],
    ["USERNAME_PASSWORD", { user: "someone-else", password: PASSWORD }],
    ["USERNAME_PASSWORD", {}],
    ["KERBEROS", {}],
  ])("answers 401 {success:false, message} to wrong credentials (%s %j)", async (method, headers) => {
    const { status, body } = await call(authPost, `/auth?authMethod=${method}`, { method: "POST", headers });
    expect(status).toBe(401);
    assertV1("AuthResponse", body);
    expect(body).toMatchObject({ success: false, message: expect.any(String) });
    expect(body).not.toHaveProperty("token");
  });

  it("answers 400 to a missing or unknown authMethod", async () => {
    for (const query of ["", "?authMethod=", "?authMethod=PASSWORD", "?authMethod=none"]) {
      const { status, body } = await call(authPost, `/auth${query}`, { method: "POST" });
      expect(status, query).toBe(400);
      assertV1("AuthResponse", body);
    }
  });

  it("requires a valid session token everywhere but /auth*, and never accepts a login secret", async () => {
    const guarded: [Handler, string][] = [
      [dataSourceGet, "/dataSource"],
      [embeddingInfoGet, "/embedding/info"],
      [retrievalInfoGet, "/retrieval/info"],
      [securityGet, "/security/requirements"],
    ];
    for (const [handler, path] of guarded) {
      const attempts: Record<string, string>[] = [
        {},
        { token: "" },
        { token: "bogus" },
        { token: TOKEN_SECRET },
        { token: `eri_${"x".repeat(43)}` },
        { Authorization: `Bearer ${TOKEN_SECRET}` },
      ];
      for (const headers of attempts) {
        const { status, body } = await call(handler, path, { headers });
        expect(status, `${path} ${JSON.stringify(headers)}`).toBe(401);
        assertV1("AuthResponse", body);
      }
    }
    const { status } = await retrieval(TOKEN_SECRET, aiStudioRequest("vacation"));
    expect(status).toBe(401);
  });

  it("rejects an expired session token", async () => {
    const token = await login("NONE");
    expect((await call(dataSourceGet, "/dataSource", { headers: { token } })).status).toBe(200);
    await db().eriSession.update({ where: { tokenHash: sha256Hex(token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await call(dataSourceGet, "/dataSource", { headers: { token } })).status).toBe(401);
  });

  it("serves data source, security requirements and embedding info as exact v1 objects", async () => {
    const token = await login();
    const dataSource = await call(dataSourceGet, "/dataSource", { headers: { token } });
    assertV1("DataSourceInfo", dataSource.body);
    expect(dataSource.body).toEqual({ name: "Handbook", description: "The company handbook" });

    const started = Date.now();
    const security = await call(securityGet, "/security/requirements", { headers: { token } });
    expect(Date.now() - started).toBeLessThan(1000);
    assertV1("SecurityRequirements", security.body);
    expect(security.body).toEqual({ allowedProviderType: "SELF_HOSTED" });

    const embeddings = await call(embeddingInfoGet, "/embedding/info", { headers: { token } });
    assertV1("EmbeddingInfo", embeddings.body, { array: true });
    expect(embeddings.body).toEqual([expect.objectContaining({ embeddingName: "local-hash-v1" })]);
  });

  it("lists hybrid, vectors and text retrieval processes with their parameters", async () => {
    const token = await login();
    const { status, body } = await call(retrievalInfoGet, "/retrieval/info", { headers: { token } });
    expect(status).toBe(200);
    assertV1("RetrievalInfo", body, { array: true });
    const processes = body as { id: string; parametersDescription: Record<string, string>; embeddings: unknown[] }[];
    expect(processes.map((p) => p.id)).toEqual(["hybrid", "vectors", "text"]);
    for (const p of processes) expect(Object.keys(p.parametersDescription)).toEqual(expect.arrayContaining(["collections", "top_k"]));
    expect(processes[0].parametersDescription.collections).toContain("handbook");
    expect(processes[0].parametersDescription.collections).not.toContain("secret");
    expect(processes[2].embeddings).toEqual([]);
  });

  it("returns Contexts with file name, a URL to the page, neighbouring passages and links", async () => {
    const token = await login();
    const { status, body } = await retrieval(token, aiStudioRequest("What is the annual deductible for in-network care?"));
    expect(status).toBe(200);
    assertV1("Context", body, { array: true });
    const contexts = body as {
      name: string;
      path: string;
      type: string;
      matchedContent: string;
      surroundingContent: string[];
      links: string[];
      category: string;
    }[];
    expect(contexts.length).toBeGreaterThan(0);
    const top = contexts[0];
    expect(top).toMatchObject({ name: "handbook.pdf", type: "TEXT" });
    expect(top.matchedContent).toContain("1,500 dollars");
    expect(top.path).toMatch(new RegExp(`^${ORIGIN}/v1/collections/handbook/documents/[^/]+/content#page=3$`));
    expect(top.links).toEqual([top.path.replace(/#page=3$/, "")]);
    expect(top.category).toContain("PDF");
    // The neighbouring passage (page 2) comes along as surrounding content.
    expect(top.surroundingContent.join(" ")).toContain("Remote Work");
    expect(contexts.some((c) => c.matchedContent.includes("99 dollars"))).toBe(false); // "secret" is not exposed
  });

  it("builds paths from x-forwarded-host and x-forwarded-proto", async () => {
    const token = await login();
    const { body } = await retrieval(token, aiStudioRequest("annual deductible"), {
      "x-forwarded-host": "docs.example.com",
      "x-forwarded-proto": "https",
    });
    expect((body as { path: string }[])[0].path).toMatch(/^https:\/\/docs\.example\.com\/v1\/collections\/handbook\//);
  });

  it("honours maxMatches, and top_k when maxMatches is below 1", async () => {
    const token = await login();
    const one = await retrieval(token, aiStudioRequest("vacation remote work deductible travel", { maxMatches: 1 }));
    expect(one.body).toHaveLength(1);
    const two = await retrieval(
      token,
      aiStudioRequest("vacation remote work deductible travel", { maxMatches: 0, parameters: { top_k: "2" } }),
    );
    expect(two.body).toHaveLength(2);
    const many = await retrieval(token, aiStudioRequest("vacation remote work deductible travel", { maxMatches: -1 }));
    expect((many.body as unknown[]).length).toBeGreaterThan(2);
  });

  it("accepts null, empty and named retrieval process ids; rejects unknown ones with 400", async () => {
    const token = await login();
    for (const id of [null, "", "hybrid", "vectors", "text"]) {
      const { status, body } = await retrieval(token, aiStudioRequest("vacation days", { retrievalProcessId: id }));
      expect(status, String(id)).toBe(200);
      assertV1("Context", body, { array: true });
      expect((body as unknown[]).length, String(id)).toBeGreaterThan(0);
    }
    const { status, body } = await retrieval(token, aiStudioRequest("vacation days", { retrievalProcessId: "bm42" }));
    expect(status).toBe(400);
    assertV1("AuthResponse", body);
    expect((body as { message: string }).message).toMatch(/Unknown retrievalProcessId 'bm42'.*hybrid, vectors, text/);
  });

  it("accepts both UNKNOW and UNKNOWN, and searches a follow-up with the thread's subject", async () => {
    const token = await login();
    const thread = {
      contentBlocks: [
        { content: "You are helpful.", role: "SYSTEM", type: "TEXT" },
        { content: "What is the annual deductible for in-network care?", role: "USER", type: "TEXT" },
        { content: "It is 1,500 dollars.", role: "AI", type: "TEXT" },
        { content: "noise", role: "UNKNOW", type: "UNKNOWN" },
        { content: "noise", role: "UNKNOWN", type: "UNKNOW" },
        { content: "and out-of-network?", role: "USER", type: "TEXT" },
      ],
    };
    const { status, body } = await retrieval(token, { ...aiStudioRequest("and out-of-network?"), thread });
    expect(status).toBe(200);
    expect((body as { matchedContent: string }[])[0].matchedContent).toContain("3,000 dollars");
  });

  it("searches a new topic in the same thread on its own", async () => {
    const token = await login();
    const thread = {
      contentBlocks: [
        { content: "What is the annual deductible for in-network care?", role: "USER", type: "TEXT" },
        { content: "It is 1,500 dollars.", role: "AI", type: "TEXT" },
        { content: "Who approves vacation?", role: "USER", type: "TEXT" },
      ],
    };
    const { status, body } = await retrieval(token, { ...aiStudioRequest("Who approves vacation?"), thread });
    expect(status).toBe(200);
    expect((body as { matchedContent: string }[]).map((c) => c.matchedContent)[0]).toContain("approved by a manager");
  });

  it("searches only the named exposed collections and refuses others", async () => {
    const token = await login();
    const ok = await retrieval(token, aiStudioRequest("deductible", { parameters: { collections: "handbook" } }));
    expect(ok.status).toBe(200);
    const refused = await retrieval(token, aiStudioRequest("deductible", { parameters: { collections: "handbook,secret" } }));
    expect(refused.status).toBe(400);
    expect((refused.body as { message: string }).message).toContain("secret");
    const badNumber = await retrieval(token, aiStudioRequest("deductible", { parameters: { top_k: "lots" } }));
    expect(badNumber.status).toBe(400);
  });

  it("answers 400 to malformed requests and [] to prompts it cannot search", async () => {
    const token = await login();
    for (const body of [
      "{not json",
      JSON.stringify({ maxMatches: "ten" }),
      JSON.stringify({ thread: { contentBlocks: [{ role: "ROBOT" }] } }),
      JSON.stringify([1, 2]),
    ]) {
      const res = await retrieval(token, body);
      expect(res.status, body).toBe(400);
      assertV1("AuthResponse", res.body);
    }
    for (const body of [
      aiStudioRequest("", { thread: { contentBlocks: [] } }),
      aiStudioRequest("aGVsbG8=", { latestUserPromptType: "IMAGE" }),
      {},
    ]) {
      const res = await retrieval(token, body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
  });

  it("ends every session when credentials change", async () => {
    const token = await login();
    await updateServerSettings({ token: "another-login-token-0123456789" });
    expect((await call(dataSourceGet, "/dataSource", { headers: { token } })).status).toBe(401);
    const old = await call(authPost, "/auth?authMethod=TOKEN", { method: "POST", headers: { Authorization: `Bearer ${TOKEN_SECRET}` } });
    expect(old.status).toBe(401);
  });

  it("stops offering a method that was switched off", async () => {
    await updateServerSettings({ authMethods: ["TOKEN"] });
    const { status } = await call(authPost, "/auth?authMethod=NONE", { method: "POST" });
    expect(status).toBe(401);
  });
});
