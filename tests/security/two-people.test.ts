import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as eriAuthPost } from "@/app/(eri)/auth/route";
import { GET as eriRetrievalInfoGet } from "@/app/(eri)/retrieval/info/route";
import { POST as eriRetrievalPost } from "@/app/(eri)/retrieval/route";
import { POST as accountPost } from "@/app/api/account/[...all]/route";
import { GET as auditGet } from "@/app/api/audit/route";
import { POST as chatPost } from "@/app/api/chat/route";
import { POST as chatStreamPost } from "@/app/api/chat/stream/route";
import { GET as copilotPluginGet } from "@/app/api/copilot/ai-plugin.json/route";
import { GET as copilotSearchGet } from "@/app/api/copilot/search/route";
import { GET as chatGet } from "@/app/api/history/[id]/route";
import { GET as historyGet } from "@/app/api/history/route";
import { POST as keysPost } from "@/app/api/keys/route";
import { POST as polymathPost } from "@/app/api/polymath/route";
import { GET as suggestionsGet } from "@/app/api/suggestions/route";
import { PATCH as userPatch } from "@/app/api/users/[id]/route";
import { GET as contentGet } from "@/app/content/[...path]/route";
import { GET as documentContentGet } from "@/app/v1/collections/[name]/documents/[file_id]/content/route";
import { GET as documentsGet } from "@/app/v1/collections/[name]/documents/route";
import { GET as exportGet } from "@/app/v1/collections/[name]/export/route";
import { POST as searchPost } from "@/app/v1/collections/[name]/search/route";
import { GET as jobStatusGet } from "@/app/v1/documents/[job_id]/status/route";
import { resetCopilotPublishingCache, updateCopilotPublishing } from "@/lib/copilot/publishing";
import { db } from "@/lib/db/client";
import { updateServerSettings } from "@/lib/eri/server/settings";
import { activeIngestor, stopWorker } from "@/lib/knowledge";
import { listDocuments } from "@/lib/knowledge/repo";
import { LIBRARY_VERSION } from "@/lib/polymath/format";
import { resetPolymathSettingsCache, updatePolymathSettings } from "@/lib/polymath/settings";
import type { AuditEventView } from "@/lib/security/audit";
import { setGrants } from "@/lib/security/collection-access";
import { eriRetrievalRequest, freshEriDataDir, ingestHandbook } from "../eri/knowledge-fixture";
import { ADMIN, admitted, call, collectionNames, type Handler, ORIGIN, request, USER_TOKEN } from "../helpers/accounts";
import { writeTemp } from "../helpers/files";
import { waitForJob } from "../helpers/jobs";
import { type IdentityProvider, signInThroughProvider, startIdentityProvider } from "../helpers/oidc";

/**
 * The "done when", in process: two people signed in through a real OpenID Connect provider
 * (oidc-provider, started here) each see only their own chats and only the collections their
 * groups were granted, over every protocol: chat (JSON and the NDJSON stream: answers, data points,
 * thoughts, follow-ups), history, /v1 lists, searches, files, job status and exports, cited files,
 * suggestions, the ERI server (logged in with the person's API key), the Polymath host and Copilot
 * (which read as their own scopes, never as whoever calls them). Signing out, and disabling a
 * person, end their access at once, on every path.
 */

interface Person {
  login: string;
  group: string;
  collection: string;
  question: string;
  /** Text only their collection holds. */
  secret: RegExp;
  cookie: string;
  apiKey: string;
  fileId: string;
  fileName: string;
  jobId: string;
}

const alice: Person = {
  login: "alice",
  group: "hr",
  collection: "secret",
  question: "What is the annual deductible for the executive plan?",
  secret: /payroll|99 dollars|executive plan is/i,
  cookie: "",
  apiKey: "",
  fileId: "",
  fileName: "payroll.md",
  jobId: "",
};
const bob: Person = {
  login: "bob",
  group: "sales",
  collection: "sales",
  question: "What is the quarterly sales target for the northern region?",
  secret: /pipeline|42 widgets|northern region is/i,
  cookie: "",
  apiKey: "",
  fileId: "",
  fileName: "pipeline.md",
  jobId: "",
};
const PEOPLE = [
  { name: "alice", me: alice, other: bob },
  { name: "bob", me: bob, other: alice },
];

let idp: IdentityProvider;

beforeAll(async () => {
  idp = await startIdentityProvider({ alice: [alice.group, "staff"], bob: [bob.group, "staff"] });
  await freshEriDataDir({ ADMIN_TOKEN: ADMIN, CHAT_TOKEN: USER_TOKEN, ...idp.env });
  await ingestHandbook();
  await activeIngestor().createCollection("sales", "Sales team");
  const tmp = mkdtempSync(path.join(os.tmpdir(), "docchat-two-people-"));
  const sales = await activeIngestor().submitJob(
    [writeTemp(tmp, "pipeline.md", "Pipeline\n\nThe quarterly sales target for the northern region is 42 widgets. Commissions follow.")],
    "sales",
  );
  expect((await waitForJob(sales.jobId)).is_success).toBe(true);
  await setGrants("secret", [{ subject_type: "group", subject_id: "hr", access: "read" }]);
  await setGrants("sales", [{ subject_type: "group", subject_id: "sales", access: "read" }]);
  for (const p of [alice, bob]) {
    p.fileId = (await listDocuments(p.collection))[0].id;
    p.jobId = (await db().ingestionJob.findFirstOrThrow({ where: { collectionName: p.collection } })).id;
  }
  // Every integration publishes everything: what they may read is then their grants' doing alone.
  resetCopilotPublishingCache();
  await updateCopilotPublishing({ published: ["handbook", "secret", "sales"] });
  resetPolymathSettingsCache();
  await updatePolymathSettings({ published: ["handbook", "secret", "sales"] });
  await updateServerSettings({
    enabled: true,
    authMethods: ["NONE", "TOKEN"],
    token: "eri-server-login-token-0123456789",
    exposedCollections: null,
  });

  for (const p of [alice, bob]) {
    p.cookie = await signInThroughProvider(idp, p.login);
    const key = await call(keysPost as Handler, request("/api/keys", { cookie: p.cookie, body: { name: "eri", expires_in_days: 7 } }));
    expect(key.status).toBe(201);
    p.apiKey = ((await key.json()) as { key: string }).key;
  }
}, 180_000);

afterAll(async () => {
  await stopWorker();
  await idp?.close();
  for (const key of ["ADMIN_TOKEN", "CHAT_TOKEN", ...Object.keys(idp?.env ?? {})]) delete process.env[key];
});

const text = async (response: Response) => ({ status: response.status, text: await response.text() });

const ask = (handler: unknown, me: Person, question: string, overrides: Record<string, unknown> = {}) =>
  call(
    handler as Handler,
    request(handler === chatStreamPost ? "/api/chat/stream" : "/api/chat", {
      cookie: me.cookie,
      body: { messages: [{ role: "user", content: question }], context: { overrides } },
    }),
  ).then(text);

async function eriLogin(bearer: string): Promise<string> {
  const auth = await eriAuthPost(
    new Request(`http://127.0.0.1:3000/auth?authMethod=TOKEN`, { method: "POST", headers: { authorization: `Bearer ${bearer}` } }),
  );
  expect(auth.status).toBe(200);
  return ((await auth.json()) as { token: string }).token;
}

const eriRetrieve = (token: string, question: string) => eriRetrievalPost(eriRetrievalRequest(ORIGIN, token, question)).then(text);

describe("two people signed in through the identity provider", () => {
  it("arrive with the provider's groups, and their sign-ins are in the trail", async () => {
    for (const p of [alice, bob]) {
      const user = await db().user.findUniqueOrThrow({ where: { email: `${p.login}@example.org` } });
      expect(JSON.parse(user.groups)).toEqual([p.group, "staff"]);
      const trail = await call(auditGet as Handler, request(`/api/audit?action=auth.sign_in&actor=user:${user.id}`, { bearer: ADMIN }));
      const events = ((await trail.json()) as { events: AuditEventView[] }).events;
      expect(events.map((e) => [e.via, e.details.method])).toEqual([["sso", "sso"]]);
    }
  });

  it.each(PEOPLE)("/v1 and files: $name lists, searches and opens only what their group was granted", async ({ me, other }) => {
    expect(await collectionNames({ cookie: me.cookie })).toEqual(["handbook", me.collection].sort());
    expect(await collectionNames({ bearer: me.apiKey })).toEqual(["handbook", me.collection].sort());
    const search = (name: string) =>
      call(searchPost as Handler, request(`/v1/collections/${name}/search`, { cookie: me.cookie, body: { query: me.question } }), {
        name,
      }).then(text);
    const own = await search(me.collection);
    expect([own.status, own.text]).toEqual([200, expect.stringMatching(me.secret)]);
    expect((await search(other.collection)).status).toBe(404);
    const documents = (name: string) =>
      call(documentsGet as Handler, request(`/v1/collections/${name}/documents`, { cookie: me.cookie }), { name });
    expect((await documents(me.collection)).status).toBe(200);
    expect((await documents(other.collection)).status).toBe(404);
    const content = (p: Person) =>
      call(documentContentGet as Handler, request(`/v1/collections/${p.collection}/documents/${p.fileId}/content`, { cookie: me.cookie }), {
        name: p.collection,
        file_id: p.fileId,
      });
    expect((await content(me)).status).toBe(200);
    expect((await content(other)).status).toBe(404);
    const cited = (p: Person) =>
      call(contentGet as Handler, request(`/content/${p.collection}/${p.fileName}`, { cookie: me.cookie }), {
        path: [p.collection, p.fileName],
      });
    expect((await cited(me)).status).toBe(200);
    expect((await cited(other)).status).toBe(404);
    const job = (p: Person) =>
      call(jobStatusGet as Handler, request(`/v1/documents/${p.jobId}/status`, { cookie: me.cookie }), { job_id: p.jobId });
    expect((await job(me)).status).toBe(200);
    expect((await job(other)).status).toBe(404);
    // Exports (a collection with its embeddings) are admins' alone; a collection one may not read is not there at all.
    for (const p of [me, other]) expect(await admitted(`/v1/collections/${p.collection}/export`, { cookie: me.cookie })).toBe(401);
    const exported = await call(exportGet as Handler, request(`/v1/collections/${other.collection}/export`, { cookie: me.cookie }), {
      name: other.collection,
    });
    expect(exported.status).toBe(404);
  });

  it.each(PEOPLE)(
    "chat JSON and NDJSON: $name's answers, data points, thoughts and follow-ups hold only their own",
    async ({ me, other }) => {
      for (const handler of [chatPost, chatStreamPost]) {
        const own = await ask(handler, me, me.question);
        expect(own.status).toBe(200);
        expect(own.text).toMatch(me.secret);
        expect(own.text).toMatch(/data_points/);
        for (const question of [other.question, `${other.question} ${me.question}`]) {
          const asked = await ask(handler, me, question);
          expect(asked.status).toBe(200);
          expect(asked.text).not.toMatch(other.secret);
          expect(asked.text).not.toContain(`"${other.collection}"`);
        }
        const named = await ask(handler, me, other.question, { collections: [other.collection] });
        expect(named.text).not.toMatch(other.secret);
      }
      // Every NDJSON line stands alone and ends with a newline; none carries the other's text.
      const stream = await ask(chatStreamPost, me, other.question);
      expect(stream.text.endsWith("\n")).toBe(true);
      for (const line of stream.text.trimEnd().split("\n")) expect(JSON.stringify(JSON.parse(line))).not.toMatch(other.secret);
    },
  );

  it("each sees only their own chats", async () => {
    const chats = async (p: Person) =>
      (
        (await (await call(historyGet as Handler, request("/api/history", { cookie: p.cookie }))).json()) as { id: string; title: string }[]
      ).map((c) => c.id);
    const mine = { alice: await chats(alice), bob: await chats(bob) };
    expect(mine.alice.length).toBeGreaterThan(0);
    expect(mine.bob.length).toBeGreaterThan(0);
    expect(mine.alice.filter((id) => mine.bob.includes(id))).toEqual([]);
    // The API key's chats are the person's: listed alike; another's chat id is one that does not exist.
    expect(await admitted("/api/history", {})).toBe(401);
    const keyList = await call(historyGet as Handler, request("/api/history", { bearer: alice.apiKey }));
    expect(((await keyList.json()) as { id: string }[]).map((c) => c.id).sort()).toEqual([...mine.alice].sort());
    const stolen = await call(chatGet as Handler, request(`/api/history/${mine.bob[0]}`, { cookie: alice.cookie }), { id: mine.bob[0] });
    expect(stolen.status).toBe(404);
    const owned = await call(chatGet as Handler, request(`/api/history/${mine.bob[0]}`, { cookie: bob.cookie }), { id: mine.bob[0] });
    expect(owned.status).toBe(200);
  });

  it.each(PEOPLE)("suggestions: $name is offered questions from their own collections only", async ({ me, other }) => {
    const suggested = (query = "") =>
      call(suggestionsGet as Handler, request(`/api/suggestions${query}`, { cookie: me.cookie })).then(text);
    expect((await suggested(`?collections=${other.collection}`)).text).toBe('{"questions":[]}');
    expect((await suggested()).text).not.toMatch(other.secret);
    expect((await suggested(`?collections=${me.collection}`)).text).toMatch(me.secret);
  });

  it.each(PEOPLE)("ERI server: logged in with $name's API key, it reads as them", async ({ me, other }) => {
    const token = await eriLogin(me.apiKey);
    const own = await eriRetrieve(token, me.question);
    expect([own.status, own.text]).toEqual([200, expect.stringMatching(me.secret)]);
    const theirs = await eriRetrieve(token, other.question);
    expect(theirs.status).toBe(200);
    expect(theirs.text).not.toMatch(other.secret);
    const info = await eriRetrievalInfoGet(new Request("http://127.0.0.1:3000/retrieval/info", { headers: { token } })).then(text);
    expect(info.text).toContain(me.collection);
    expect(info.text).not.toContain(`${other.collection},`);
    // A login with no person behind it reads as the ERI scope, which no restricted collection granted.
    const scoped = await eriAuthPost(new Request("http://127.0.0.1:3000/auth?authMethod=NONE", { method: "POST" }));
    const scopeToken = ((await scoped.json()) as { token: string }).token;
    for (const p of [me, other]) expect((await eriRetrieve(scopeToken, p.question)).text).not.toMatch(p.secret);
  });

  it("Polymath host and Copilot read as their scopes, a person no more than theirs: neither person's collection leaks", async () => {
    for (const me of [alice, bob]) {
      const library = await call(
        polymathPost as Handler,
        request("/api/polymath", {
          cookie: me.cookie,
          body: { version: LIBRARY_VERSION, query: me.question, count: -1, count_type: "bit" },
        }),
      ).then(text);
      expect(library.status).toBe(200);
      for (const p of [alice, bob]) expect(library.text).not.toMatch(p.secret);
      const copilot = await call(
        copilotSearchGet as Handler,
        request(`/api/copilot/search?query=${encodeURIComponent(me.question)}`, { cookie: me.cookie }),
      ).then(text);
      expect(copilot.status).toBe(200);
      for (const p of [alice, bob]) expect(copilot.text).not.toMatch(p.secret);
    }
    // Granted to Copilot's scope as well, alice's collection reaches Copilot's own calls (no person
    // behind them); a person calling it still reads no more than they may themselves.
    await setGrants("secret", [
      { subject_type: "group", subject_id: "hr", access: "read" },
      { subject_type: "scope", subject_id: "copilot", access: "read" },
    ]);
    try {
      const copilot = (init: { cookie?: string; bearer?: string }) =>
        call(copilotSearchGet as Handler, request(`/api/copilot/search?query=${encodeURIComponent(alice.question)}`, init)).then(text);
      expect((await copilot({ bearer: USER_TOKEN })).text).toMatch(alice.secret);
      expect((await copilot({ cookie: alice.cookie })).text).toMatch(alice.secret);
      expect((await copilot({ cookie: bob.cookie })).text).not.toMatch(alice.secret);
      expect((await copilot({ bearer: bob.apiKey })).text).not.toMatch(alice.secret);
    } finally {
      await setGrants("secret", [{ subject_type: "group", subject_id: "hr", access: "read" }]);
    }
    // Conversation starters come from what the Copilot scope may read.
    const plugin = await call(copilotPluginGet as Handler, request("/api/copilot/ai-plugin.json")).then(text);
    for (const p of [alice, bob]) expect(plugin.text).not.toMatch(p.secret);
  });
});

describe("ending access", () => {
  const READ_PATHS = ["/v1/collections", "/api/history", "/api/suggestions", "/api/copilot/search?query=x", `/content/handbook/travel.md`];

  it("signing out ends the session at once on every path (the person's API key is theirs to revoke)", async () => {
    for (const p of READ_PATHS) expect(await admitted(p, { cookie: alice.cookie })).toBe(200);
    expect(await admitted("/api/chat", { method: "POST", cookie: alice.cookie, body: {} })).toBe(200);
    const out = await call(accountPost as Handler, request("/api/account/sign-out", { cookie: alice.cookie, body: {} }));
    expect(out.status).toBe(200);
    for (const p of READ_PATHS) expect(await admitted(p, { cookie: alice.cookie })).toBe(401);
    expect(await admitted("/api/chat", { method: "POST", cookie: alice.cookie, body: {} })).toBe(401);
    expect(await admitted("/api/chat/stream", { method: "POST", cookie: alice.cookie, body: {} })).toBe(401);
    const user = await db().user.findUniqueOrThrow({ where: { email: "alice@example.org" } });
    const trail = await call(auditGet as Handler, request(`/api/audit?action=auth.sign_out&actor=user:${user.id}`, { bearer: ADMIN }));
    expect(((await trail.json()) as { events: unknown[] }).events).toHaveLength(1);
    // Signed in again through the provider: in again.
    alice.cookie = await signInThroughProvider(idp, "alice");
    expect(await collectionNames({ cookie: alice.cookie })).toEqual(["handbook", "secret"]);
  });

  it("disabling a person ends their sessions, API key and ERI logins at once, and the provider cannot sign them in", async () => {
    const eriToken = await eriLogin(bob.apiKey);
    expect((await eriRetrieve(eriToken, bob.question)).status).toBe(200);
    const id = (await db().user.findUniqueOrThrow({ where: { email: "bob@example.org" } })).id;
    const disabled = await call(
      userPatch as Handler,
      request(`/api/users/${id}`, { method: "PATCH", bearer: ADMIN, body: { disabled: true } }),
      {
        id,
      },
    );
    expect(disabled.status).toBe(200);
    for (const p of READ_PATHS) {
      expect(await admitted(p, { cookie: bob.cookie })).toBe(401);
      expect(await admitted(p, { bearer: bob.apiKey })).toBe(401);
    }
    expect(await admitted("/api/chat/stream", { method: "POST", cookie: bob.cookie, body: {} })).toBe(401);
    expect((await eriRetrieve(eriToken, bob.question)).status).toBe(401);
    const relogin = await eriAuthPost(
      new Request("http://127.0.0.1:3000/auth?authMethod=TOKEN", { method: "POST", headers: { authorization: `Bearer ${bob.apiKey}` } }),
    );
    expect(relogin.status).toBe(401);
    await expect(signInThroughProvider(idp, "bob")).rejects.toThrow();
    // Alice is untouched.
    expect(await admitted("/v1/collections", { cookie: alice.cookie })).toBe(200);
  });
});
