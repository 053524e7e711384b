import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, request as newRequest, test, type APIRequestContext } from "@playwright/test";
import { IngestionJobStatus } from "../lib/knowledge/schemas";
import { streamBody } from "../tests/helpers/stream-body";
import { startInstance } from "./pages/instance";
import { ADMIN_TOKEN, CHAT_TOKEN, OPEN_PORT, PROTECTED_PORT, PROTECTED_URL } from "./pages/protected";

/**
 * Hostile input against the protected instance (ADMIN_TOKEN and CHAT_TOKEN set), as an attacker
 * would try it: every write without the admin token, other people's chats, forged sessions,
 * oversized and malformed requests, login floods, foreign Host headers. Each case must end in
 * a 4xx (or a per-file failure), the server must keep serving, and what is stored must be
 * exactly as before: the same collections and counts, the same top results for a fixed query.
 */

test.describe.configure({ mode: "serial" });

const COLLECTION = "vault";
/** The API-key test's own instance (it creates an account). */
const KEYS_PORT = OPEN_PORT + 11;
const FIXED_QUERY = { query: "reimbursement limit for hotel nights", top_k: 5 };

const context = (token?: string) =>
  newRequest.newContext({ baseURL: PROTECTED_URL, extraHTTPHeaders: token ? { Authorization: `Bearer ${token}` } : {} });

let admin: APIRequestContext;
let user: APIRequestContext;
let anonymous: APIRequestContext;

/** What must not change: the collections with their counts, and a fixed query's results. */
async function snapshot() {
  const collections = (await (await admin.get("/v1/collections")).json()) as { name: string; file_count: number; chunk_count: number }[];
  const search = await (await admin.post(`/v1/collections/${COLLECTION}/search`, { data: FIXED_QUERY })).json();
  return {
    collections: collections.map((c) => [c.name, c.file_count, c.chunk_count]),
    top: (search.chunks as { chunk_id: string; score: number }[]).map((c) => c.chunk_id),
  };
}

async function waitForJob(jobId: string) {
  for (let i = 0; i < 300; i++) {
    const status = IngestionJobStatus.parse(await (await admin.get(`/v1/documents/${jobId}/status`)).json());
    if (status.is_terminal) return status;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("job did not finish");
}

/** A request exactly as given (Host header, chunked body): Playwright's client normalises those. */
function raw(port: number, path: string, options: { method?: string; headers?: Record<string, string>; chunks?: Buffer[] } = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    // A connection of its own each time (no keep-alive pool): some of these the server closes.
    const req = http.request(
      { host: "127.0.0.1", port, path, method: options.method ?? "GET", headers: options.headers, agent: false },
      (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end();
  });
}

let before: Awaited<ReturnType<typeof snapshot>>;

test.beforeAll(async () => {
  [admin, user, anonymous] = await Promise.all([context(ADMIN_TOKEN), context(CHAT_TOKEN), context()]);
  expect((await admin.post("/v1/collections", { data: { name: COLLECTION } })).status()).toBe(201);
  const upload = await admin.post(`/v1/collections/${COLLECTION}/documents`, {
    multipart: {
      files: {
        name: "travel.md",
        mimeType: "text/markdown",
        buffer: Buffer.from(
          "# Travel policy\n\nThe reimbursement limit for hotel nights is 200 dollars per night.\n\nFlights are booked in economy class.",
        ),
      },
    },
  });
  expect(upload.status()).toBe(202);
  expect((await waitForJob((await upload.json()).job_id)).status).toBe("completed");
  before = await snapshot();
  expect(before.top.length).toBeGreaterThan(0);
});

test.afterAll(async () => {
  expect((await admin.get("/v1/knowledge/health")).status()).toBe(200);
  expect(await snapshot()).toEqual(before);
});

test("every write and every admin page needs the admin token", async () => {
  const writes: [string, string, unknown][] = [
    ["POST", "/v1/collections", { name: "intruder" }],
    ["DELETE", `/v1/collections/${COLLECTION}`, undefined],
    ["DELETE", `/v1/collections/${COLLECTION}/documents`, { file_ids: ["x"] }],
    ["POST", `/v1/collections/${COLLECTION}/documents`, undefined],
    ["PATCH", "/api/eri/server", { enabled: true }],
    ["POST", "/api/eri/sources", { name: "x", baseUrl: "http://127.0.0.1:9", authMethod: "NONE" }],
    ["PATCH", "/api/polymath/settings", { published: [COLLECTION] }],
    ["POST", "/api/polymath/tokens", { name: "x", tags: ["a"] }],
    ["POST", "/api/users", { email: "eve@example.org", name: "eve", password: "x".repeat(12), role: "admin" }],
    ["PATCH", "/api/users/x", { role: "admin" }],
    ["PUT", `/v1/collections/${COLLECTION}/access`, { grants: [] }],
    ["POST", "/api/invites", { role: "admin" }],
    ["DELETE", "/api/invites/x", undefined],
    ["DELETE", "/api/users/x/sessions", undefined],
    ["DELETE", "/api/users/x/sessions/y", undefined],
  ];
  for (const client of [anonymous, user]) {
    for (const [method, path, data] of writes) {
      const res = await client.fetch(path, { method, data });
      expect(res.status(), `${method} ${path}`).toBe(401);
    }
    // Reading the admin configuration is admin work too.
    expect((await client.get("/api/eri/sources")).status()).toBe(401);
    for (const path of ["/api/audit", "/api/invites", "/api/users/x/sessions"]) expect((await client.get(path)).status(), path).toBe(401);
    expect((await client.get(`/v1/collections/${COLLECTION}/export?format=polymath`)).status()).toBe(401);
    for (const page of [
      "/collections",
      `/collections/${COLLECTION}`,
      "/settings/eri",
      "/settings/users",
      "/settings/audit",
      "/integrations",
    ]) {
      const res = await client.get(page, { maxRedirects: 0 });
      expect(res.status(), page).toBe(307);
      expect(res.headers().location).toContain(`/login?next=${encodeURIComponent(page)}`);
    }
  }
  // A forged or raw-token session cookie is no session.
  for (const cookie of ["docchat_session=admin.forged", `docchat_session=${ADMIN_TOKEN}`, `admin_token=${ADMIN_TOKEN}`]) {
    expect((await anonymous.post("/v1/collections", { data: { name: "intruder" }, headers: { cookie } })).status()).toBe(401);
  }
});

test("chat needs a token; a chat user reads collections but writes nothing", async () => {
  const ask = { messages: [{ role: "user", content: "What is the hotel limit?" }] };
  const refused = await anonymous.post("/api/chat", { data: ask });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error).toMatch(/CHAT_TOKEN/);
  expect((await anonymous.get("/v1/collections")).status()).toBe(401);
  expect((await anonymous.get("/", { maxRedirects: 0 })).status()).toBe(307);

  const answered = await user.post("/api/chat", { data: ask });
  expect(answered.status()).toBe(200);
  expect((await answered.json()).message.content).toMatch(/200 dollars/);
  expect((await user.get("/v1/collections")).status()).toBe(200);
  expect((await user.post(`/v1/collections/${COLLECTION}/search`, { data: FIXED_QUERY })).status()).toBe(200);
});

test("the login form sets an http-only, same-site session cookie; a wrong token gets 401", async () => {
  const browserLike = await context();
  expect((await browserLike.post("/api/auth/login", { data: { token: "wrong-token" } })).status()).toBe(401);
  const ok = await browserLike.post("/api/auth/login", { data: { token: CHAT_TOKEN } });
  expect(await ok.json()).toEqual({ role: "user" });
  const cookie = ok.headers()["set-cookie"];
  expect(cookie).toMatch(/docchat_session=user\./);
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Strict/i);
  expect(cookie).not.toContain(CHAT_TOKEN);
  expect((await browserLike.get("/v1/collections")).status()).toBe(200);
  expect((await browserLike.post("/v1/collections", { data: { name: "intruder" } })).status()).toBe(401);
  expect((await browserLike.post("/api/auth/logout")).status()).toBe(200);
  expect((await browserLike.get("/v1/collections")).status()).toBe(401);
  await browserLike.dispose();
});

test("chat history belongs to its owner: no reading, renaming, deleting or appending to another's chat", async () => {
  const [alice, mallory] = await Promise.all([context(CHAT_TOKEN), context(CHAT_TOKEN)]);
  await alice.get("/login"); // each browser gets its own owner cookie
  await mallory.get("/login");
  const first = await (await alice.post("/api/chat", { data: { messages: [{ role: "user", content: "Hotel limit?" }] } })).json();
  const chatId: string = first.sessionState;

  expect((await mallory.get(`/api/history/${chatId}`)).status()).toBe(404);
  expect((await mallory.patch(`/api/history/${chatId}`, { data: { title: "owned" } })).status()).toBe(404);
  expect((await mallory.delete(`/api/history/${chatId}`)).status()).toBe(404);
  expect(((await (await mallory.get("/api/history")).json()) as { id: string }[]).map((c) => c.id)).not.toContain(chatId);
  const hijack = await (
    await mallory.post("/api/chat", { data: { messages: [{ role: "user", content: "Flights?" }], session_state: chatId } })
  ).json();
  expect(hijack.sessionState).not.toBe(chatId);

  const mine = await (await alice.get(`/api/history/${chatId}`)).json();
  expect(mine.messages).toHaveLength(2);
  expect(mine.title).toMatch(/Hotel limit/);
  await Promise.all([alice.dispose(), mallory.dispose()]);
});

test("a chat user cannot make the server log in to an admin-only ERI source", async () => {
  const source = await (
    await admin.post("/api/eri/sources", {
      data: { name: "Admin archive", baseUrl: "http://127.0.0.1:9", authMethod: "TOKEN", secret: "stored-secret" },
    })
  ).json();
  const ask = (client: APIRequestContext) =>
    client.post("/api/chat", {
      data: { messages: [{ role: "user", content: "Hotel limit?" }], context: { overrides: { sources: [source.id] } } },
    });
  const thoughts = async (client: APIRequestContext) =>
    ((await (await ask(client)).json()).context.thoughts as { title: string; description: unknown }[]).map(
      (t) => `${t.title}: ${String(t.description)}`,
    );
  expect((await thoughts(user)).join("\n")).toMatch(/ERI source skipped: Admin archive: This source is available to admins only/);
  // The admin's turn does try it (and records the failure of the unreachable address).
  expect((await thoughts(admin)).join("\n")).not.toMatch(/admins only/);
  expect((await admin.delete(`/api/eri/sources/${source.id}`)).status()).toBe(200);
});

test("login floods are throttled per client (429); the server keeps answering the others", async () => {
  // Each flood comes from its own address, as a proxy in front would forward it.
  const from = (address: string) => ({ "X-Forwarded-For": address });
  const attempts = await Promise.all(
    Array.from({ length: 40 }, () => anonymous.post("/api/auth/login", { data: { token: "guess" }, headers: from("203.0.113.7") })),
  );
  const statuses = attempts.map((r) => r.status());
  expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  expect(statuses).toContain(429);
  expect(attempts.find((r) => r.status() === 429)!.headers()["retry-after"]).toMatch(/^\d+$/);

  // The ERI server's login too (switched on by the admin for this).
  expect(
    (await admin.patch("/api/eri/server", { data: { enabled: true, authMethods: ["TOKEN"], token: "eri-login-token-123456" } })).status(),
  ).toBe(200);
  const eri = await Promise.all(
    Array.from({ length: 40 }, () =>
      anonymous.post("/auth?authMethod=TOKEN", { headers: { Authorization: "Bearer wrong", ...from("203.0.113.8") } }),
    ),
  );
  expect(eri.map((r) => r.status())).toContain(429);
  expect(eri.every((r) => [401, 429].includes(r.status()))).toBe(true);
  // The right ERI token from another client still logs in.
  expect((await anonymous.post("/auth?authMethod=TOKEN", { headers: { Authorization: "Bearer eri-login-token-123456" } })).status()).toBe(
    200,
  );
  expect((await admin.patch("/api/eri/server", { data: { enabled: false } })).status()).toBe(200);

  expect((await user.post(`/v1/collections/${COLLECTION}/search`, { data: FIXED_QUERY })).status()).toBe(200);
});

test("Bearer guesses are throttled per client; the correct admin still gets in during a flood", async () => {
  const from = (address: string) => ({ "X-Forwarded-For": address });
  const guesses = [];
  for (let i = 0; i < 12; i++)
    guesses.push(
      (await anonymous.get("/v1/collections", { headers: { Authorization: `Bearer guess-${i}`, ...from("203.0.113.9") } })).status(),
    );
  expect(guesses.slice(0, 10).every((s) => s === 401)).toBe(true);
  expect(guesses.slice(10)).toEqual([429, 429]);
  // Even the right token is not checked for that client now; for everyone else it works.
  expect(
    (await anonymous.get("/v1/collections", { headers: { Authorization: `Bearer ${CHAT_TOKEN}`, ...from("203.0.113.9") } })).status(),
  ).toBe(429);
  expect((await user.get("/v1/collections")).status()).toBe(200);

  // A guesser spreading itself over many addresses: past the account's limit only clients that
  // signed in before are checked. This test's admin has (its Bearer requests above).
  const flood = Promise.all(
    Array.from({ length: 80 }, (_, i) =>
      anonymous.post("/api/auth/login", { data: { token: `guess-${i}` }, headers: from(`198.51.100.${i}`) }),
    ),
  );
  const browser = await context();
  const started = performance.now();
  const adminLogin = await browser.post("/api/auth/login", { data: { token: ADMIN_TOKEN } });
  const adminMs = performance.now() - started;
  expect(adminLogin.status()).toBe(200);
  expect((await adminLogin.json()).role).toBe("admin");
  const statuses = (await flood).map((r) => r.status());
  expect(statuses).toContain(401);
  expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  test.info().annotations.push({ type: "admin login during a flood", description: `${adminMs.toFixed(0)} ms` });
  // After the flood, the admin (a known client) still logs in; a new address is held back.
  expect((await browser.post("/api/auth/login", { data: { token: ADMIN_TOKEN } })).status()).toBe(200);
  expect((await anonymous.post("/api/auth/login", { data: { token: ADMIN_TOKEN }, headers: from("192.0.2.1") })).status()).toBe(429);
  await browser.dispose();
});

test("oversized and malformed requests get a clear 4xx", async () => {
  const big = JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) });
  const declared = await admin.post("/v1/collections", { data: big, headers: { "content-type": "application/json" } });
  expect(declared.status()).toBe(413);
  // A chunked body declares no length: it is counted while read.
  const chunked = await raw(PROTECTED_PORT, "/api/history/x", {
    method: "PATCH",
    headers: { Authorization: `Bearer ${CHAT_TOKEN}`, "content-type": "application/json", "transfer-encoding": "chunked" },
    chunks: Array.from({ length: 40 }, () => Buffer.alloc(64 * 1024, 0x20)),
  });
  expect(chunked.status).toBe(413);
  expect((await admin.get("/v1/collections/%E0%A4%A")).status()).toBe(400);
  expect((await admin.post("/v1/collections", { data: "{not json", headers: { "content-type": "application/json" } })).status()).toBe(400);
  expect((await admin.post("/v1/collections", { data: { name: "ok_name" }, headers: { Origin: "https://evil.example" } })).status()).toBe(
    403,
  );
});

test("long non-ASCII and bidi-spoofed file names are stored safely, next to a good file of the same upload", async () => {
  const longName = `${"報告書".repeat(27)}.md`; // 81 CJK characters: 243 bytes before the extension
  const spoofed = "invoice\u202Egpj.md";
  const upload = await admin.post(`/v1/collections/${COLLECTION}/documents`, {
    multipart: {
      files: { name: longName, mimeType: "text/markdown", buffer: Buffer.from("# 報告\n\nQuarterly numbers in detail.") },
    },
  });
  expect(upload.status()).toBe(202);
  const spoof = await admin.post(`/v1/collections/${COLLECTION}/documents`, {
    multipart: { files: { name: spoofed, mimeType: "text/markdown", buffer: Buffer.from("# Invoice\n\nAmount due.") } },
  });
  expect(spoof.status()).toBe(202);
  for (const res of [upload, spoof]) expect((await waitForJob((await res.json()).job_id)).status).toBe("completed");
  const files = (await (await admin.get(`/v1/collections/${COLLECTION}/documents`)).json()) as { file_id: string; file_name: string }[];
  const names = files.map((f) => f.file_name);
  expect(names.some((n) => n.startsWith("報告書") && Buffer.byteLength(n) <= 255)).toBe(true);
  expect(names).toContain("invoicegpj.md");
  // Take them back out so the stored data is as before.
  const added = files.filter((f) => f.file_name !== "travel.md").map((f) => f.file_id);
  expect((await admin.delete(`/v1/collections/${COLLECTION}/documents`, { data: { file_ids: added } })).status()).toBe(200);
});

test("pages carry a nonce CSP and the security headers; the open instance refuses foreign Host names", async () => {
  const page = await user.get("/login");
  const headers = page.headers();
  const csp = headers["content-security-policy"];
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'self'");
  const nonce = /'nonce-([^']+)'/.exec(csp)![1];
  expect(await page.text()).toContain(`nonce="${nonce}"`);
  expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  expect((await user.get("/v1/collections")).headers()["x-content-type-options"]).toBe("nosniff");

  // DNS rebinding: a page on attacker.example resolving to 127.0.0.1 reaches the open instance
  // with its own Host name; without a token configured, that is refused.
  const rebound = await raw(OPEN_PORT, "/v1/collections", { headers: { host: `attacker.example:${OPEN_PORT}` } });
  expect(rebound.status).toBe(403);
  expect(rebound.body).toMatch(/ADMIN_TOKEN/);
  expect((await raw(OPEN_PORT, "/v1/collections", { headers: { host: `localhost:${OPEN_PORT}` } })).status).toBe(200);
});

test("reading needs a reader whatever the integration: Copilot search without its own key", async () => {
  const search = `/api/copilot/search?query=${encodeURIComponent("hotel limit")}`;
  expect((await anonymous.get(search)).status()).toBe(401);
  // A body-declaring header does not take it past the checks either.
  expect((await raw(PROTECTED_PORT, search, { headers: { "content-length": "0" } })).status).toBe(401);
  // Copilot searches only what an admin published to it.
  expect((await admin.patch("/api/copilot/settings", { data: { published: [COLLECTION] } })).status()).toBe(200);
  const read = await user.get(search);
  expect(read.status()).toBe(200);
  expect(JSON.stringify(await read.json())).toMatch(/200 dollars/);
});

/** What a refused body's client learnt: its status, or the reset that hid it. */
const outcome = ({ status, reset }: { status: number; reset?: string }) => (reset ? `${reset} before the answer was read` : status);

test("bodies without credentials, or declared over the limit, are refused before they are read", async () => {
  // Each client reads why, though it is still sending: the server answers from the headers, then
  // lingers a moment before it closes (lib/http/lingering-close.ts).
  const anonymousFlood = await Promise.all(
    Array.from({ length: 8 }, () =>
      streamBody(PROTECTED_PORT, "/api/chat", 64, { "content-type": "application/json", "transfer-encoding": "chunked" }),
    ),
  );
  for (const result of anonymousFlood) {
    expect(outcome(result)).toBe(401);
    expect(result.sentMb).toBeLessThan(64);
  }
  // With the right token but a declared length over the route's limit: 413 before the body.
  const declared = await streamBody(PROTECTED_PORT, "/v1/collections", 64, {
    Authorization: `Bearer ${ADMIN_TOKEN}`,
    "content-type": "application/json",
    "content-length": String(64 * 1024 * 1024),
  });
  expect(outcome(declared)).toBe(413);
  expect(declared.sentMb).toBeLessThan(64);
  // An upload declared over MAX_UPLOAD_MB (5 MB here) likewise.
  const upload = await streamBody(PROTECTED_PORT, `/v1/collections/${COLLECTION}/documents`, 64, {
    Authorization: `Bearer ${ADMIN_TOKEN}`,
    "content-type": "multipart/form-data; boundary=x",
    "content-length": String(64 * 1024 * 1024),
  });
  expect(outcome(upload)).toBe(413);
  expect(upload.sentMb).toBeLessThan(64);
  expect((await admin.get("/v1/knowledge/health")).status()).toBe(200);
});

test("after signing in, ?next= cannot send the browser to another origin", async ({ page }) => {
  for (const next of ["%2F%09%2Fevil.example", "%2F%0A%2Fevil.example", "%2F%5Cevil.example", "https%3A%2F%2Fevil.example"]) {
    await page.context().clearCookies();
    await page.goto(`${PROTECTED_URL}/login?next=${next}`);
    await page.getByLabel("Access token").fill(CHAT_TOKEN);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    expect(new URL(page.url()).origin, next).toBe(PROTECTED_URL);
  }
});

test("deeply nested JSON answers 400, on every JSON input", async () => {
  const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
  const asJson = { "content-type": "application/json" };
  const collection = await admin.post("/v1/collections", { data: `{"name":"deep","metadata":${deep}}`, headers: asJson });
  expect(collection.status()).toBe(400);
  expect((await collection.json()).detail).toMatch(/nests deeper/);
  expect(
    (await user.post("/api/chat", { data: `{"messages":[{"role":"user","content":"hi"}],"context":${deep}}`, headers: asJson })).status(),
  ).toBe(400);
  const polymath = await anonymous.post("/api/polymath", { data: `{"version":1,"query":${deep}}`, headers: asJson });
  expect((await polymath.json()).error).toMatch(/nests deeper/);
});

test("/v1 writes take JSON only as application/json (a cross-site form cannot send it)", async () => {
  for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
    const res = await admin.post("/v1/collections", { data: '{"name":"plain_text"}', headers: { "content-type": type } });
    expect(res.status(), type).toBe(415);
  }
  expect(
    (
      await user.post(`/v1/collections/${COLLECTION}/search`, {
        data: JSON.stringify(FIXED_QUERY),
        headers: { "content-type": "text/plain" },
      })
    ).status(),
  ).toBe(415);
});

test("only http(s) and the app's own links leave the server: search, chat, Polymath, ERI", async () => {
  const LINKS = "imported_links";
  expect((await admin.post("/v1/collections", { data: { name: LINKS } })).status()).toBe(201);
  const library = {
    version: 1,
    embedding_model: "openai.com:text-embedding-3-small",
    bits: [
      {
        text: "The parking garage opens at six in the morning.",
        info: { url: "javascript:alert(document.cookie)", image_url: "data:text/html,<script>alert(1)</script>", title: "Parking" },
      },
      { text: "The parking garage closes at ten in the evening.", info: { url: "https://example.com/parking", title: "Parking hours" } },
    ],
  };
  const upload = await admin.post(`/v1/collections/${LINKS}/documents`, {
    multipart: { files: { name: "links.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(library)) } },
  });
  expect(upload.status()).toBe(202);
  expect((await waitForJob((await upload.json()).job_id)).status).toBe("completed");
  const noBadLink = (text: string) => {
    expect(text).not.toMatch(/javascript:|data:text/i);
    expect(text).toContain("https://example.com/parking");
  };
  try {
    noBadLink(await (await user.post(`/v1/collections/${LINKS}/search`, { data: { query: "parking garage opens", top_k: 5 } })).text());
    const chat = await user.post("/api/chat", {
      data: {
        messages: [{ role: "user", content: "When does the parking garage open?" }],
        context: { overrides: { collections: [LINKS] } },
      },
    });
    noBadLink(JSON.stringify((await chat.json()).context.data_points));

    expect((await admin.patch("/api/polymath/settings", { data: { published: [LINKS] } })).status()).toBe(200);
    noBadLink(await (await anonymous.post("/api/polymath", { form: { version: "1", query: "parking garage" } })).text());

    const eriSettings = { enabled: true, authMethods: ["NONE"], exposedCollections: [LINKS], allowedProviderType: "ANY" };
    expect((await admin.patch("/api/eri/server", { data: eriSettings })).status()).toBe(200);
    const { token } = await (await anonymous.post("/auth?authMethod=NONE")).json();
    const prompt = "When does the parking garage open?";
    const retrieval = await anonymous.post("/retrieval", {
      headers: { token },
      data: {
        latestUserPrompt: prompt,
        latestUserPromptType: "TEXT",
        thread: { contentBlocks: [{ content: prompt, role: "USER", type: "TEXT" }] },
        retrievalProcessId: null,
        parameters: null,
        maxMatches: 5,
      },
    });
    expect(retrieval.status()).toBe(200);
    noBadLink(await retrieval.text());
  } finally {
    await admin.patch("/api/eri/server", { data: { enabled: false, exposedCollections: null } });
    await admin.patch("/api/polymath/settings", { data: { published: [] } });
    expect((await admin.delete(`/v1/collections/${LINKS}`)).status()).toBeLessThan(300);
  }
});

test("an invalid setting stops the start with one message naming it", async () => {
  const port = OPEN_PORT + 9;
  const server = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(port)], {
    env: {
      ...process.env,
      COPILOT_API_KEY: "short",
      DATA_DIR: path.join(os.tmpdir(), `docchat-badconfig-${Date.now()}`),
      NEXT_TELEMETRY_DISABLED: "1",
    },
  });
  let output = "";
  server.stdout.on("data", (d) => (output += d));
  server.stderr.on("data", (d) => (output += d));
  try {
    const code = await new Promise<number | null>((resolve) => server.on("exit", resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/Invalid configuration: COPILOT_API_KEY/);
  } finally {
    if (server.exitCode === null) server.kill();
  }
});

test("deleting a collection while it ingests stops the job and removes everything; uploads are capped", async () => {
  const BUSY = "busy_ingest";
  expect((await admin.post("/v1/collections", { data: { name: BUSY } })).status()).toBe(201);
  const files = Array.from({ length: 400 }, (_, i) => ({
    name: `note_${i}.md`,
    mimeType: "text/markdown",
    buffer: Buffer.from(`# Note ${i}\n\n${"Quarterly figures and travel rules, paragraph after paragraph. ".repeat(40)}`),
  }));
  const form = new FormData();
  for (const f of files) form.append("files", new Blob([f.buffer], { type: f.mimeType }), f.name);
  const upload = await fetch(`${PROTECTED_URL}/v1/collections/${BUSY}/documents`, {
    method: "POST",
    body: form,
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(upload.status).toBe(202);
  const { job_id } = (await upload.json()) as { job_id: string };

  // One page of the job's files at a time, with the counts over all of them.
  const page = IngestionJobStatus.parse(await (await admin.get(`/v1/documents/${job_id}/status?offset=10&limit=5`)).json());
  expect(page.total_files).toBe(400);
  expect(page.file_details.map((f) => f.file_name)).toEqual(["note_10.md", "note_11.md", "note_12.md", "note_13.md", "note_14.md"]);

  // Delete once some files are in.
  for (let i = 0; i < 200; i++) {
    const status = IngestionJobStatus.parse(await (await admin.get(`/v1/documents/${job_id}/status?limit=1`)).json());
    if (status.processed_files > 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const deleted = await admin.delete(`/v1/collections/${BUSY}`);
  expect([200, 202]).toContain(deleted.status());
  expect(((await (await admin.get("/v1/collections")).json()) as { name: string }[]).map((c) => c.name)).not.toContain(BUSY);
  expect((await admin.get(`/v1/documents/${job_id}/status`)).status()).toBe(404);
  // Its table and originals are gone from disk (when this run knows where the instance keeps them).
  const dataDir = process.env.E2E_DATA_DIR ? `${process.env.E2E_DATA_DIR}-protected` : null;
  if (dataDir) {
    for (
      let i = 0;
      i < 100 && (existsSync(path.join(dataDir, "lancedb", `${BUSY}.lance`)) || existsSync(path.join(dataDir, "uploads", BUSY)));
      i++
    ) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(existsSync(path.join(dataDir, "lancedb", `${BUSY}.lance`))).toBe(false);
    expect(existsSync(path.join(dataDir, "uploads", BUSY))).toBe(false);
  }
  // The same name can be created again, empty.
  expect((await admin.post("/v1/collections", { data: { name: BUSY } })).status()).toBe(201);
  const fresh = (await (await admin.get(`/v1/collections/${BUSY}`)).json()) as { file_count: number; chunk_count: number };
  expect([fresh.file_count, fresh.chunk_count]).toEqual([0, 0]);

  // More files in one upload than MAX_UPLOAD_FILES (1000 by default): 413, nothing stored.
  const many = new FormData();
  for (let i = 0; i < 1001; i++) many.append("files", new Blob([`# ${i}`], { type: "text/markdown" }), `n${i}.md`);
  const capped = await fetch(`${PROTECTED_URL}/v1/collections/${BUSY}/documents`, {
    method: "POST",
    body: many,
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(capped.status).toBe(413);
  expect(((await capped.json()) as { detail: string }).detail).toMatch(/MAX_UPLOAD_FILES/);
  expect((await admin.delete(`/v1/collections/${BUSY}`)).status()).toBe(200);
});

test("the ERI connection test is no port scanner: internal addresses are not allowed, no body is ever shown", async () => {
  const secret = http.createServer((_req, res) =>
    res.writeHead(500, { "content-type": "application/json" }).end('{"message":"internal secret 7f3a"}'),
  );
  await new Promise<void>((resolve) => secret.listen(0, "127.0.0.1", resolve));
  try {
    const port = (secret.address() as { port: number }).port;
    const report = await (
      await admin.post("/api/eri/test", { data: { name: "probe", baseUrl: `http://127.0.0.1:${port}`, authMethod: "NONE" } })
    ).json();
    expect(report).toMatchObject({ ok: false });
    // A networked instance (tokens set) connects to public networks only by default.
    expect(report.error).toMatch(/^Not allowed: .*ERI_ALLOWED_NETWORKS/);
    expect(JSON.stringify(report)).not.toMatch(/secret 7f3a|500/);
  } finally {
    await new Promise((resolve) => secret.close(resolve));
  }
});

// Makes no account (a withdrawn invite is never accepted): the shared server stays without accounts.
test("the first-admin path and invite links: nothing made from afar, forged or spent links refused", async () => {
  const person = { email: "mallory@example.org", name: "Mallory", password: "correct horse battery staple" };
  // No account exists yet, and still no one reaching the server from elsewhere becomes its first admin.
  for (const headers of [
    { "X-Forwarded-For": "203.0.113.7" },
    { "X-Forwarded-For": "127.0.0.1, 203.0.113.7" },
    { "X-Forwarded-Host": "docchat.example.org" },
    { Authorization: `Bearer ${CHAT_TOKEN}`, "X-Forwarded-For": "203.0.113.7" },
  ] as Record<string, string>[]) {
    // It may not name its own role either (the first account is an admin, and only through this path).
    const withRole = { ...person, role: "admin" };
    expect((await anonymous.post("/api/setup", { data: withRole, headers })).status(), JSON.stringify(headers)).toBe(400);
    expect((await anonymous.post("/api/setup", { data: person, headers })).status(), JSON.stringify(headers)).toBe(403);
  }
  // Invite links: made up, truncated, or not one at all.
  for (const token of [`dci_${"A".repeat(43)}`, "dci_", "x".repeat(150)]) {
    expect((await anonymous.post("/api/invites/check", { data: { token } })).status(), token.slice(0, 8)).toBe(404);
    expect((await anonymous.post("/api/invites/accept", { data: { token, ...person } })).status(), token.slice(0, 8)).toBe(404);
  }
  expect((await anonymous.post("/api/invites/accept", { data: { token: "x".repeat(201), ...person } })).status()).toBe(400);
  expect((await anonymous.post("/api/invites/accept", { data: { ...person } })).status()).toBe(400);
  // A real link, tampered with: it may not pick its own role, and a bad password leaves it unused.
  const made = await admin.post("/api/invites", { data: { role: "user", expires_in_days: 1 } });
  expect(made.status()).toBe(201);
  const { path, invite } = (await made.json()) as { path: string; invite: { id: string } };
  const token = path.split("#")[1];
  expect((await anonymous.post("/api/invites/accept", { data: { token, ...person, role: "admin" } })).status()).toBe(400);
  expect((await anonymous.post("/api/invites/accept", { data: { token, ...person, password: "short" } })).status()).toBe(400);
  expect((await anonymous.post("/api/invites/check", { data: { token } })).status()).toBe(200);
  // Withdrawn: refused from then on, and saying so.
  expect((await admin.delete(`/api/invites/${invite.id}`)).status()).toBe(200);
  const refused = await anonymous.post("/api/invites/accept", { data: { token, ...person } });
  expect(refused.status()).toBe(410);
  expect(((await refused.json()) as { detail: string }).detail).toContain("withdrawn");
  const { users } = (await (await admin.get("/api/users")).json()) as { users: unknown[] };
  expect(users).toEqual([]);
});

// On an instance of its own: creating an account turns /login to accounts for every spec after it.
test("personal API keys: forged, revoked and disabled users' keys are refused; keys make no keys", async () => {
  test.setTimeout(120_000);
  const app = await startInstance(KEYS_PORT, { ADMIN_TOKEN, CHAT_TOKEN });
  const on = (token?: string) =>
    newRequest.newContext({ baseURL: app.url, extraHTTPHeaders: token ? { Authorization: `Bearer ${token}` } : {} });
  const [admin, user, anonymous, kim] = await Promise.all([on(ADMIN_TOKEN), on(CHAT_TOKEN), on(), on()]);
  try {
    const from = (address: string) => ({ "X-Forwarded-For": address });
    // Without an account there are no keys to make: shared tokens carry no person.
    for (const client of [admin, user]) expect((await client.post("/api/keys", { data: { name: "x" } })).status()).toBe(403);
    expect((await anonymous.post("/api/keys", { data: { name: "x" } })).status()).toBe(401);

    const person = { email: "kim@example.org", name: "Kim", password: "correct horse battery staple", role: "user" };
    const created = await admin.post("/api/users", { data: person });
    expect(created.status()).toBe(201);
    const kimId = ((await created.json()) as { id: string }).id;
    // With an account made, the first-admin path is closed even to a visitor at the server itself.
    const late = { email: "late@example.org", name: "Late", password: person.password };
    expect((await anonymous.post("/api/setup", { data: late })).status()).toBe(409);
    const signedIn = await kim.post("/api/account/sign-in/email", { data: { email: person.email, password: person.password } });
    expect(signedIn.status()).toBe(200);
    const made = await kim.post("/api/keys", { data: { name: "script", expires_in_days: 7 } });
    expect(made.status()).toBe(201);
    const { key, record } = (await made.json()) as { key: string; record: { id: string } };
    const withKey = (extra: Record<string, string> = {}) => ({ Authorization: `Bearer ${key}`, ...extra });
    expect((await anonymous.get("/v1/collections", { headers: withKey() })).status()).toBe(200);

    // A key reads; it writes nothing an admin must, and makes no further keys.
    expect((await anonymous.post("/v1/collections", { data: { name: "intruder" }, headers: withKey() })).status()).toBe(401);
    expect((await anonymous.put(`/v1/collections/${COLLECTION}/access`, { data: { grants: [] }, headers: withKey() })).status()).toBe(401);
    expect((await anonymous.get("/api/users", { headers: withKey() })).status()).toBe(401);
    expect((await anonymous.post("/api/keys", { data: { name: "more" }, headers: withKey() })).status()).toBe(403);
    // Only as a Bearer: not in a session cookie, not in the query.
    expect((await anonymous.get("/v1/collections", { headers: { cookie: `better-auth.session_token=${key}` } })).status()).toBe(401);
    expect((await anonymous.get(`/v1/collections?api_key=${key}`)).status()).toBe(401);
    // Forged keys (one character off, the shown prefix alone, made up) are refused and count as guesses.
    const forged = [`${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`, key.slice(0, 10), `dck_${"A".repeat(43)}`];
    for (const [i, guess] of forged.entries()) {
      const status = (
        await anonymous.get("/v1/collections", { headers: { Authorization: `Bearer ${guess}`, ...from(`203.0.113.${40 + i}`) } })
      ).status();
      expect([401, 429], guess.slice(0, 12)).toContain(status);
    }
    // Revoked: refused from the next request; another person cannot revoke it for them.
    expect((await anonymous.delete(`/api/keys/${record.id}`, { headers: { Authorization: `Bearer ${CHAT_TOKEN}` } })).status()).toBe(403);
    expect((await kim.delete(`/api/keys/${record.id}`)).status()).toBe(200);
    expect((await anonymous.get("/v1/collections", { headers: withKey() })).status()).toBe(401);
    // A disabled person's keys stop at once.
    const second = ((await (await kim.post("/api/keys", { data: { name: "second" } })).json()) as { key: string }).key;
    expect((await anonymous.get("/v1/collections", { headers: { Authorization: `Bearer ${second}` } })).status()).toBe(200);
    expect((await admin.patch(`/api/users/${kimId}`, { data: { disabled: true } })).status()).toBe(200);
    expect((await anonymous.get("/v1/collections", { headers: { Authorization: `Bearer ${second}` } })).status()).toBe(401);
  } finally {
    await Promise.all([admin, user, anonymous, kim].map((c) => c.dispose()));
    await app.stop();
  }
});
