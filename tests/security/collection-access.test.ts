import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as eriAuthPost } from "@/app/(eri)/auth/route";
import { POST as eriRetrievalPost } from "@/app/(eri)/retrieval/route";
import { POST as chatPost } from "@/app/api/chat/route";
import { GET as copilotSearchGet } from "@/app/api/copilot/search/route";
import { GET as copilotPluginGet } from "@/app/api/copilot/ai-plugin.json/route";
import { GET as polymathGet, POST as polymathPost } from "@/app/api/polymath/route";
import { GET as suggestionsGet } from "@/app/api/suggestions/route";
import { GET as contentGet } from "@/app/content/[...path]/route";
import { GET as accessGet, PUT as accessPut } from "@/app/v1/collections/[name]/access/route";
import { GET as collectionGet } from "@/app/v1/collections/[name]/route";
import { GET as documentContentGet } from "@/app/v1/collections/[name]/documents/[file_id]/content/route";
import { GET as documentsGet } from "@/app/v1/collections/[name]/documents/route";
import { GET as exportGet } from "@/app/v1/collections/[name]/export/route";
import { POST as searchPost } from "@/app/v1/collections/[name]/search/route";
import { GET as collectionsGet } from "@/app/v1/collections/route";
import { GET as jobStatusGet } from "@/app/v1/documents/[job_id]/status/route";
import { db } from "@/lib/db/client";
import { resetCopilotPublishingCache, updateCopilotPublishing } from "@/lib/copilot/publishing";
import { updateServerSettings } from "@/lib/eri/server/settings";
import { stopWorker } from "@/lib/knowledge";
import { listDocuments } from "@/lib/knowledge/repo";
import { searchKnowledge } from "@/lib/knowledge/search";
import { LIBRARY_VERSION } from "@/lib/polymath/format";
import { resetPolymathSettingsCache, updatePolymathSettings } from "@/lib/polymath/settings";
import { grantsOf, permittedCollections, setGrants } from "@/lib/security/collection-access";
import { accessFor } from "@/lib/security/policy";
import { integration, person } from "@/lib/security/principal";
import { eriRetrievalRequest, freshEriDataDir, ingestHandbook } from "../eri/knowledge-fixture";

/**
 * Per-collection access over every read path, in process: "secret" (payroll.md: "The annual
 * deductible for the executive plan is 99 dollars") is granted to the group hr only. A chat
 * user, and each integration, then find nothing of it: not in lists, searches, answers, data
 * points, files, citations, suggestions or conversation starters. Admins still see it.
 */

const ORIGIN = "http://docchat.test:3000";
const ADMIN = "admin-token-0123456789abcdef";
const USER = "chat-token-0123456789abcdef";
const QUESTION = "What is the annual deductible for the executive plan?";
const SECRET_TEXT = /payroll|99 dollars|executive plan is/i;

type Handler = (request: Request, ctx: { params: Promise<Record<string, unknown>> }) => Promise<Response>;

async function call(
  handler: Handler,
  path: string,
  token: string | null,
  init: { method?: string; body?: unknown; params?: Record<string, unknown> } = {},
) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const request = new Request(`${ORIGIN}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const response = await handler(request, { params: Promise.resolve(init.params ?? {}) });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

let secretFileId = "";

beforeAll(async () => {
  await freshEriDataDir({ ADMIN_TOKEN: ADMIN, CHAT_TOKEN: USER });
  await ingestHandbook();
  secretFileId = (await listDocuments("secret"))[0].id;
  const put = await call(accessPut as Handler, "/v1/collections/secret/access", ADMIN, {
    method: "PUT",
    body: { grants: [{ subject_type: "group", subject_id: "hr", access: "read" }] },
    params: { name: "secret" },
  });
  expect(put.status).toBe(200);
  resetCopilotPublishingCache();
  await updateCopilotPublishing({ published: ["handbook", "secret"] });
  resetPolymathSettingsCache();
  await updatePolymathSettings({ published: ["handbook", "secret"] });
  await updateServerSettings({ enabled: true, authMethods: ["NONE"] });
}, 120_000);

afterAll(async () => {
  await stopWorker();
  delete process.env.ADMIN_TOKEN;
  delete process.env.CHAT_TOKEN;
});

describe("who may read a collection", () => {
  it("opens a collection without grants to every reader, and a restricted one to its grantees and admins", async () => {
    const names = ["handbook", "secret"];
    expect(await permittedCollections(person("user"), names)).toEqual(["handbook"]);
    expect(await permittedCollections(person("user", "u1", ["staff"]), names)).toEqual(["handbook"]);
    expect(await permittedCollections(person("user", "u1", ["hr"]), names)).toEqual(names);
    expect(await permittedCollections(person("admin"), names)).toEqual(names);
    expect(await permittedCollections(integration("copilot"), names)).toEqual(["handbook"]);
    // Reading is not editing: an open collection is edited by admins, or editors granted edit.
    expect(await permittedCollections(person("user", "u1", ["hr"]), names, "edit")).toEqual([]);
  });

  it("grants by user id, by scope, to everyone, and edit includes read", async () => {
    await setGrants("handbook", [{ subject_type: "user", subject_id: "u2", access: "edit" }]);
    try {
      expect(await permittedCollections(person("user", "u2"), ["handbook"], "edit")).toEqual(["handbook"]);
      expect(await permittedCollections(person("user", "u2"), ["handbook"])).toEqual(["handbook"]);
      expect(await permittedCollections(person("user", "u3"), ["handbook"])).toEqual([]);
      await setGrants("handbook", [
        { subject_type: "user", subject_id: "u2", access: "edit" },
        { subject_type: "everyone", subject_id: "", access: "read" },
      ]);
      expect(await permittedCollections(person("user", "u3"), ["handbook"])).toEqual(["handbook"]);
      expect(await permittedCollections(integration("eri"), ["handbook"])).toEqual(["handbook"]);
      // Read back in the order given (the access page lists them so, a new grant last).
      expect((await grantsOf("handbook")).map((g) => g.subject_type)).toEqual(["user", "everyone"]);
      await setGrants("handbook", [{ subject_type: "scope", subject_id: "eri", access: "read" }]);
      expect(await permittedCollections(integration("eri"), ["handbook"])).toEqual(["handbook"]);
      expect(await permittedCollections(integration("copilot"), ["handbook"])).toEqual([]);
    } finally {
      await setGrants("handbook", []);
    }
  });

  it("shows and changes grants for admins only, as the policy says", async () => {
    const shown = await call(accessGet as Handler, "/v1/collections/secret/access", ADMIN, { params: { name: "secret" } });
    expect(shown.json()).toEqual({ grants: [{ subject_type: "group", subject_id: "hr", access: "read" }] });
    const bad = await call(accessPut as Handler, "/v1/collections/secret/access", ADMIN, {
      method: "PUT",
      body: { grants: [{ subject_type: "group", subject_id: "", access: "read" }] },
      params: { name: "secret" },
    });
    expect(bad.status).toBe(400);
    expect(["GET", "PUT"].map((method) => accessFor(method, "/v1/collections/secret/access"))).toEqual(["admin", "admin"]);
  });
});

describe("a user without access finds nothing of the hidden collection", () => {
  it("in the read door itself; a member of the granted group finds it", async () => {
    const search = (principal: Parameters<typeof searchKnowledge>[0]["principal"]) =>
      searchKnowledge({ query: QUESTION, principal, top: 5 });
    const hidden = await search(person("user"));
    expect(hidden.collections).toEqual(["handbook"]);
    expect(hidden.chunks.map((c) => c.file_name)).not.toContain("payroll.md");
    const named = await searchKnowledge({ query: QUESTION, principal: person("user"), top: 5, collections: ["secret"] });
    expect(named.chunks).toEqual([]);
    expect(named.unknownCollections).toEqual(["secret"]);
    expect((await search(person("user", "u1", ["hr"]))).chunks.map((c) => c.file_name)).toContain("payroll.md");
  });

  it("/v1: list, collection, search, documents, file content and export", async () => {
    const listed = (token: string) =>
      call(collectionsGet as Handler, "/v1/collections", token).then((r) => (r.json() as unknown as { name: string }[]).map((c) => c.name));
    expect(await listed(USER)).toEqual(["handbook"]);
    expect(await listed(ADMIN)).toEqual(["handbook", "secret"]);
    const params = { name: "secret" };
    const missing = await call(collectionGet as Handler, "/v1/collections/nope", USER, { params: { name: "nope" } });
    const hidden = await call(collectionGet as Handler, "/v1/collections/secret", USER, { params });
    expect([hidden.status, hidden.text.replace("secret", "nope")]).toEqual([404, missing.text]);
    expect((await call(collectionGet as Handler, "/v1/collections/secret", ADMIN, { params })).status).toBe(200);
    const searched = await call(searchPost as Handler, "/v1/collections/secret/search", USER, { body: { query: QUESTION }, params });
    expect(searched.status).toBe(404);
    expect((await call(searchPost as Handler, "/v1/collections/secret/search", ADMIN, { body: { query: QUESTION }, params })).text).toMatch(
      SECRET_TEXT,
    );
    expect((await call(documentsGet as Handler, "/v1/collections/secret/documents", USER, { params })).status).toBe(404);
    const file = { name: "secret", file_id: secretFileId };
    expect(
      (await call(documentContentGet as Handler, `/v1/collections/secret/documents/${secretFileId}/content`, USER, { params: file }))
        .status,
    ).toBe(404);
    expect(
      (await call(documentContentGet as Handler, `/v1/collections/secret/documents/${secretFileId}/content`, ADMIN, { params: file }))
        .status,
    ).toBe(200);
    expect((await call(exportGet as Handler, "/v1/collections/secret/export", USER, { params })).status).toBe(404);
    const job = await db().ingestionJob.findFirstOrThrow({ where: { collectionName: "secret" } });
    const status = (token: string) =>
      call(jobStatusGet as Handler, `/v1/documents/${job.id}/status`, token, { params: { job_id: job.id } });
    expect((await status(USER)).status).toBe(404);
    expect((await status(ADMIN)).text).toMatch(/payroll/);
  });

  it("chat: answers, data points and thoughts; citations and suggestions", async () => {
    const asked = (token: string, overrides: Record<string, unknown> = {}) =>
      call(chatPost as Handler, "/api/chat", token, { body: { messages: [{ role: "user", content: QUESTION }], context: { overrides } } });
    const user = await asked(USER);
    expect(user.status).toBe(200);
    expect(user.text).not.toMatch(SECRET_TEXT);
    expect(user.text).not.toContain('"secret"');
    const chosen = await asked(USER, { collections: ["secret"] });
    expect(chosen.text).not.toMatch(SECRET_TEXT);
    expect((await asked(ADMIN)).text).toMatch(SECRET_TEXT);

    for (const path of [["payroll.md"], ["secret", "payroll.md"]]) {
      expect((await call(contentGet as Handler, `/content/${path.join("/")}`, USER, { params: { path } })).status).toBe(404);
      expect((await call(contentGet as Handler, `/content/${path.join("/")}`, ADMIN, { params: { path } })).status).toBe(200);
    }
    const suggestions = (token: string, query = "") =>
      call(suggestionsGet as Handler, `/api/suggestions${query}`, token).then((r) => r.text);
    expect(await suggestions(USER, "?collections=secret")).toBe('{"questions":[]}');
    expect(await suggestions(USER)).not.toMatch(SECRET_TEXT);
    expect(await suggestions(ADMIN, "?collections=secret")).toMatch(SECRET_TEXT);
  });

  it("Copilot searches as its scope, published or not; its starters come from what it may read", async () => {
    const copilot = (query: string) => call(copilotSearchGet as Handler, `/api/copilot/search?query=${encodeURIComponent(query)}`, null);
    const found = await copilot(QUESTION);
    expect(found.status).toBe(200);
    expect(found.text).not.toMatch(SECRET_TEXT);
    const named = await call(copilotSearchGet as Handler, `/api/copilot/search?query=deductible&collection=secret`, null);
    expect(named.status).toBe(400);
    expect(named.text).not.toContain("secret,");
    expect((await call(copilotPluginGet as Handler, "/api/copilot/ai-plugin.json", null)).text).not.toMatch(SECRET_TEXT);
    await setGrants("secret", [
      { subject_type: "group", subject_id: "hr", access: "read" },
      { subject_type: "scope", subject_id: "copilot", access: "read" },
    ]);
    try {
      expect((await copilot(QUESTION)).text).toMatch(SECRET_TEXT);
    } finally {
      await setGrants("secret", [{ subject_type: "group", subject_id: "hr", access: "read" }]);
    }
  });

  it("Polymath host: neither described nor queried", async () => {
    const described = await call(polymathGet as Handler, "/api/polymath", null);
    expect(described.json().collections).toEqual([expect.objectContaining({ name: "handbook" })]);
    const library = await call(polymathPost as Handler, "/api/polymath", null, {
      body: { version: LIBRARY_VERSION, query: QUESTION, count: -1, count_type: "bit" },
    });
    expect(library.status).toBe(200);
    expect((library.json().bits as unknown[]).length).toBeGreaterThan(0);
    expect(library.text).not.toMatch(SECRET_TEXT);
  });

  it("ERI server: its logins read as the eri scope", async () => {
    const auth = await call(eriAuthPost as Handler, "/auth?authMethod=NONE", null, { method: "POST" });
    const token = (auth.json() as { token: string }).token;
    const response = await eriRetrievalPost(eriRetrievalRequest(ORIGIN, token, QUESTION));
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(JSON.parse(text).length).toBeGreaterThan(0);
    expect(text).not.toMatch(SECRET_TEXT);
  });
});
