import http from "node:http";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import { SourceCreate } from "@/lib/eri/source-schemas";
import {
  applySecurityRule,
  checkSourceForChat,
  clearSourceCaches,
  createSource,
  deleteSource,
  getSource,
  listSources,
  testDraft,
  testSource,
  updateSource,
} from "@/lib/eri/sources";
import { clearRemoteSessions } from "@/lib/eri/remote-session";
import { getRetriever } from "@/lib/knowledge";
import { Chunk, RetrievalResult } from "@/lib/knowledge/schemas";
import { startFakeEri, type FakeEri } from "./fake-eri-server";
import { freshEriDataDir } from "./knowledge-fixture";
import { GET as sharedSourcesRoute } from "@/app/api/chat/sources/route";

/** Remote ERI sources: admin CRUD, connection test, security gate and the `eri` retriever, against a scripted server. */

let fake: FakeEri;
const eri = () => getRetriever("eri");

async function addSource(overrides: Partial<Record<string, unknown>> = {}) {
  return createSource(
    SourceCreate.parse({ name: "Fake", baseUrl: fake.url, authMethod: "TOKEN", secret: "remote-login-token", ...overrides }),
  );
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

beforeAll(async () => {
  await freshEriDataDir();
  fake = await startFakeEri();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  clearSourceCaches();
  clearRemoteSessions();
});

describe("ERI sources: admin CRUD", () => {
  it("accepts only http(s) base URLs without credentials, and normalises them", () => {
    for (const baseUrl of [
      "ftp://host",
      "javascript:alert(1)",
      "file:///etc/passwd",
      "http://user:pw@host",
      "not a url",
      "http://h/?q=1",
    ]) {
      expect(SourceCreate.safeParse({ name: "x", baseUrl, authMethod: "NONE" }).success, baseUrl).toBe(false);
    }
    expect(SourceCreate.parse({ name: "x", baseUrl: "https://eri.example.com:8443/", authMethod: "NONE" }).baseUrl).toBe(
      "https://eri.example.com:8443",
    );
    expect(SourceCreate.parse({ name: "x", baseUrl: "http://h/prefix//", authMethod: "NONE" }).baseUrl).toBe("http://h/prefix");
  });

  it("requires the secret its auth method needs", async () => {
    await expect(createSource(SourceCreate.parse({ name: "x", baseUrl: fake.url, authMethod: "TOKEN" }))).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      createSource(SourceCreate.parse({ name: "x", baseUrl: fake.url, authMethod: "USERNAME_PASSWORD", secret: "pw" })),
    ).rejects.toMatchObject({ status: 400 });
  });

  it("stores the secret encrypted and never returns it", async () => {
    const source = await addSource({ secret: "remote-login-token" });
    const everything = JSON.stringify([source, await getSource(source.id), await listSources()]);
    expect(everything).not.toContain("remote-login-token");
    expect(everything).not.toContain("secretEnc");
    expect(source.hasSecret).toBe(true);
    const row = await db().eriSource.findUniqueOrThrow({ where: { id: source.id } });
    expect(row.secretEnc).toBeTruthy();
    expect(row.secretEnc).not.toContain("remote-login-token");
  });

  it("keeps the secret when an update omits it, and refuses to clear one the method needs", async () => {
    const source = await addSource();
    const renamed = await updateSource(source.id, { name: "Renamed" });
    expect(renamed).toMatchObject({ name: "Renamed", hasSecret: true });
    await expect(updateSource(source.id, { secret: "" })).rejects.toMatchObject({ status: 400 });
    const open = await updateSource(source.id, { authMethod: "NONE", secret: null });
    expect(open.hasSecret).toBe(false);
    await expect(updateSource("missing", { name: "x" })).rejects.toMatchObject({ status: 404 });
    expect(await deleteSource(source.id)).toBe(true);
    expect(await deleteSource(source.id)).toBe(false);
    expect(await getSource(source.id)).toBeNull();
  });
});

describe("ERI sources: test connection", () => {
  it("runs AI Studio's sequence with the right headers and records the status", async () => {
    const source = await addSource();
    const report = await testSource(source.id);
    expect(report).toMatchObject({
      ok: true,
      error: null,
      authMethods: ["NONE", "TOKEN", "USERNAME_PASSWORD"],
      securityRequirement: "ANY",
      dataSource: { name: "Fake archive", description: "Scripted test data" },
      retrievalProcesses: [{ id: "bm25", name: "Keyword" }],
    });
    expect(fake.calls.map((c) => c.path)).toEqual(["/auth/methods", "/auth", "/security/requirements", "/dataSource", "/retrieval/info"]);
    const auth = fake.callsTo("/auth")[0];
    expect(auth).toMatchObject({ method: "POST", query: "?authMethod=TOKEN", body: undefined });
    expect(auth.headers.authorization).toBe("Bearer remote-login-token");
    expect(fake.callsTo("/dataSource")[0].headers.token).toBe("session-1");
    expect((await getSource(source.id))?.lastStatus).toMatchObject({ ok: true, message: expect.stringContaining("Fake archive") });
  });

  it("sends user and password headers for USERNAME_PASSWORD", async () => {
    const report = await testDraft({
      name: "x",
      baseUrl: fake.url,
      authMethod: "USERNAME_PASSWORD",
      username: "reader",
      secret: "remote-password",
      enabled: true,
      maxMatches: 5,
      timeoutMs: 5000,
    });
    expect(report.ok).toBe(true);
    expect(fake.callsTo("/auth")[0].headers).toMatchObject({ user: "reader", password: "remote-password" });
  });

  it("reports wrong credentials at the auth step without echoing the secret", async () => {
    const source = await addSource({ secret: "wrong-secret-value" });
    const report = await testSource(source.id);
    expect(report).toMatchObject({ ok: false, failedStep: "auth" });
    expect(report.error).toMatch(/Reachable ERI server, but it refused the login/);
    expect(report.error).not.toMatch(/401/);
    expect(JSON.stringify(report)).not.toContain("wrong-secret-value");
    expect((await getSource(source.id))?.lastStatus?.ok).toBe(false);
  });

  it("reports a method the server does not offer", async () => {
    fake.behaviour.methods = ["USERNAME_PASSWORD"];
    const report = await testSource((await addSource()).id);
    expect(report).toMatchObject({ ok: false, failedStep: "auth" });
    expect(report.error).toMatch(/does not offer TOKEN; it offers USERNAME_PASSWORD/);
  });

  it("reports an unreachable server, a timeout and a redirect as unreachable, nothing more", async () => {
    const down = await testDraft({
      name: "x",
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      authMethod: "NONE",
      enabled: true,
      maxMatches: 5,
      timeoutMs: 3000,
    });
    expect(down).toMatchObject({ ok: false, failedStep: "methods" });
    expect(down.error).toMatch(/^Unreachable/);

    fake.behaviour.delayMs = { "/auth/methods": 3000 };
    const started = Date.now();
    const slow = await testDraft({ name: "x", baseUrl: fake.url, authMethod: "NONE", enabled: true, maxMatches: 5, timeoutMs: 1000 });
    expect(Date.now() - started).toBeLessThan(2500);
    expect(slow.error).toBe(down.error);

    fake.behaviour.delayMs = {};
    fake.behaviour.redirect = true;
    const moved = await testDraft({ name: "x", baseUrl: fake.url, authMethod: "NONE", enabled: true, maxMatches: 5, timeoutMs: 3000 });
    expect(moved.error).toBe(down.error);
  });
});

describe("ERI sources: the connection test is no port scanner", () => {
  it("says 'not an ERI server' for any other service, without its status or a word of its body", async () => {
    const other = http.createServer((_req, res) =>
      res.writeHead(500, { "content-type": "application/json" }).end('{"message":"db password is hunter2"}'),
    );
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    try {
      const port = (other.address() as AddressInfo).port;
      const report = await testDraft({
        name: "x",
        baseUrl: `http://127.0.0.1:${port}`,
        authMethod: "NONE",
        enabled: true,
        maxMatches: 5,
        timeoutMs: 3000,
      });
      expect(report).toMatchObject({ ok: false, failedStep: "methods" });
      expect(report.error).toMatch(/^Not an ERI server/);
      expect(JSON.stringify(report)).not.toMatch(/hunter2|500/);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it("connects only to ERI_ALLOWED_NETWORKS: loopback refused once only public networks are allowed", async () => {
    process.env.ERI_ALLOWED_NETWORKS = "public";
    resetConfig();
    try {
      const before = fake.callsTo("/auth/methods").length;
      const report = await testDraft({ name: "x", baseUrl: fake.url, authMethod: "NONE", enabled: true, maxMatches: 5, timeoutMs: 3000 });
      expect(report.error).toMatch(/^Not allowed: 127\.0\.0\.1 is outside the networks/);
      expect(fake.callsTo("/auth/methods").length).toBe(before);
    } finally {
      delete process.env.ERI_ALLOWED_NETWORKS;
      resetConfig();
    }
  });
});

describe("ERI sources: the eri retriever", () => {
  const contexts = [
    {
      name: "Guide.pdf",
      category: "Manual",
      path: "https://archive.example/docs/guide.pdf#page=4",
      type: "TEXT",
      matchedContent: "The pump must be serviced every 500 hours.",
      surroundingContent: ["Maintenance", null],
      links: ["https://archive.example/docs/guide.pdf", "javascript:alert(1)"],
    },
    {
      name: null,
      category: null,
      path: "/srv/notes.txt",
      type: "UNKNOW",
      matchedContent: "Notes without a name",
      surroundingContent: null,
      links: null,
    },
    { name: "photo.png", type: "IMAGE", matchedContent: "iVBORw0KGgo=", path: null },
    { name: "empty.txt", type: "TEXT", matchedContent: "   " },
  ];

  it("maps contexts (even with extra fields and null arrays) to chunks with citations", async () => {
    fake.behaviour.contexts = contexts;
    fake.behaviour.extraFields = true;
    const source = await addSource({ name: "Archive", retrievalProcessId: "bm25", maxMatches: 3 });
    const result = RetrievalResult.parse(await eri().retrieve("pump service interval", source.id, 10));
    expect(result).toMatchObject({ success: true, backend: "eri", error_message: null });
    expect(result.chunks).toHaveLength(2);
    for (const chunk of result.chunks) Chunk.parse(chunk);
    const [first, second] = result.chunks;
    expect(first).toMatchObject({
      file_name: "Guide.pdf",
      page_number: 4,
      display_citation: "Guide.pdf, p.4",
      content: "The pump must be serviced every 500 hours.",
      score: 1,
      content_type: "text",
    });
    expect(first.metadata).toMatchObject({
      source_id: source.id,
      source_name: "Archive",
      url: "https://archive.example/docs/guide.pdf#page=4",
      category: "Manual",
      surrounding_content: ["Maintenance"],
      links: ["https://archive.example/docs/guide.pdf"],
    });
    expect(second).toMatchObject({ file_name: "Archive", page_number: null, display_citation: "Archive" });
    expect(second.metadata.url).toBeNull();
    expect(second.score).toBeLessThan(first.score);

    const sent = fake.callsTo("/retrieval")[0].body;
    expect(sent).toEqual({
      latestUserPrompt: "pump service interval",
      latestUserPromptType: "TEXT",
      thread: { contentBlocks: [{ content: "pump service interval", role: "USER", type: "TEXT" }] },
      retrievalProcessId: "bm25",
      parameters: null,
      maxMatches: 3,
    });
  });

  it("reuses its session, and logs in again once when the server forgets it", async () => {
    fake.behaviour.contexts = contexts.slice(0, 1);
    const source = await addSource();
    expect((await eri().retrieve("pump", source.id, 5)).success).toBe(true);
    expect((await eri().retrieve("pump", source.id, 5)).success).toBe(true);
    expect(fake.callsTo("/auth")).toHaveLength(1);
    fake.revokeSessions();
    expect((await eri().retrieve("pump", source.id, 5)).success).toBe(true);
    expect(fake.callsTo("/auth")).toHaveLength(2);
  });

  it("never throws: errors, timeouts, cancellation and unknown sources come back as success=false", async () => {
    const source = await addSource({ name: "Flaky", timeoutMs: 1000 });
    fake.behaviour.failStatus = { "/retrieval": 500 };
    const failed = await eri().retrieve("pump", source.id, 5);
    expect(failed).toMatchObject({ success: false, chunks: [] });
    expect(failed.error_message).toMatch(/Flaky.*HTTP 500/);
    expect((await getSource(source.id))?.lastStatus?.ok).toBe(false);

    fake.behaviour.failStatus = {};
    fake.behaviour.delayMs = { "/retrieval": 3000 };
    const started = Date.now();
    const slow = await eri().retrieve("pump", source.id, 5);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(slow.error_message).toMatch(/Timed out/);

    const controller = new AbortController();
    controller.abort();
    expect((await eri().retrieve("pump", source.id, 5, null, { signal: controller.signal })).error_message).toMatch(/Cancelled/);

    expect(await eri().retrieve("pump", "no-such-source", 5)).toMatchObject({
      success: false,
      error_message: expect.stringMatching(/not found/),
    });
    const disabled = await addSource({ enabled: false });
    expect((await eri().retrieve("pump", disabled.id, 5)).error_message).toMatch(/disabled/);
  });
});

describe("ERI sources: security requirements gate for chat", () => {
  it.each([
    ["ANY", false, false, true],
    ["SELF_HOSTED", false, false, false],
    ["SELF_HOSTED", true, false, true],
    ["SELF_HOSTED", false, true, true],
    ["NONE", true, true, false],
    [null, true, true, false],
    ["SOMETHING_NEW", true, true, false],
  ])("%s with self-hosted model=%s, offline=%s → usable=%s", (requirement, modelSelfHosted, offline, usable) => {
    expect(applySecurityRule(requirement, { modelSelfHosted, offline }).usable).toBe(usable);
  });

  it("asks the source, explains a skip, and caches the answer", async () => {
    fake.behaviour.requirement = "SELF_HOSTED";
    const source = await addSource({ name: "Strict" });
    const cloud = await checkSourceForChat(source.id, { modelSelfHosted: false, offline: false, admin: true });
    expect(cloud).toMatchObject({ usable: false, name: "Strict", reason: expect.stringMatching(/SELF_HOSTED/) });
    const offline = await checkSourceForChat(source.id, { modelSelfHosted: false, offline: true, admin: true });
    expect(offline).toEqual({ usable: true, name: "Strict" });
    expect(fake.callsTo("/security/requirements")).toHaveLength(1);
  });

  it("skips a source that states no requirement, answers NONE, fails, or is disabled", async () => {
    const opts = { modelSelfHosted: true, offline: true, admin: true };
    fake.behaviour.requirement = undefined;
    expect(await checkSourceForChat((await addSource()).id, opts)).toMatchObject({
      usable: false,
      reason: expect.stringMatching(/did not state/),
    });
    fake.behaviour.requirement = "NONE";
    expect(await checkSourceForChat((await addSource()).id, opts)).toMatchObject({ usable: false, reason: expect.stringMatching(/NONE/) });
    fake.behaviour.failStatus = { "/security/requirements": 503 };
    expect(await checkSourceForChat((await addSource()).id, opts)).toMatchObject({ usable: false, reason: expect.stringMatching(/503/) });
    fake.behaviour.failStatus = {};
    expect(await checkSourceForChat((await addSource({ enabled: false })).id, opts)).toMatchObject({
      usable: false,
      reason: expect.stringMatching(/disabled/),
    });
    expect(await checkSourceForChat("nope", opts)).toMatchObject({ usable: false, name: "nope" });
  });

  it("lets chat users search a source only when it is shared with them", async () => {
    const adminOnly = await addSource({ name: "Private" });
    const user = { modelSelfHosted: false, offline: true, admin: false };
    expect(await checkSourceForChat(adminOnly.id, user)).toMatchObject({ usable: false, reason: expect.stringMatching(/admins only/) });
    expect(await checkSourceForChat(adminOnly.id, { ...user, admin: true })).toMatchObject({ usable: true });
    const shared = await addSource({ name: "Shared", sharedWithUsers: true });
    expect(await checkSourceForChat(shared.id, user)).toMatchObject({ usable: true });
    // What chat settings offer a chat user: shared and enabled only, no address or credentials.
    await addSource({ name: "Shared but off", sharedWithUsers: true, enabled: false });
    const offered = await (await sharedSourcesRoute()).json();
    expect(offered).toContainEqual({ id: shared.id, name: "Shared", enabled: true });
    expect(offered.map((s: { name: string }) => s.name)).not.toContain("Private");
    expect(offered.map((s: { name: string }) => s.name)).not.toContain("Shared but off");
    expect(JSON.stringify(offered)).not.toContain(fake.url);
    expect(JSON.stringify(offered)).not.toContain("remote-login-token");
  });

  it("is fast for a slow source: bounded by the source timeout", async () => {
    fake.behaviour.delayMs = { "/security/requirements": 5000 };
    const source = await addSource({ timeoutMs: 1000 });
    const started = Date.now();
    const check = await checkSourceForChat(source.id, { modelSelfHosted: true, offline: false, admin: true });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(check).toMatchObject({ usable: false, reason: expect.stringMatching(/Timed out/) });
  });
});

describe("stored secrets stay with their server", () => {
  it("are not reused for a draft or an update that points elsewhere", async () => {
    const source = await createSource(
      SourceCreate.parse({ name: "Pinned", baseUrl: "http://127.0.0.1:9/", authMethod: "TOKEN", secret: "s3cret-token" }),
    );
    await expect(
      testDraft({ id: source.id, name: "Pinned", baseUrl: "https://attacker.example", authMethod: "TOKEN" } as never),
    ).rejects.toMatchObject({
      status: 400,
    });
    await expect(updateSource(source.id, { baseUrl: "https://attacker.example" } as never)).rejects.toMatchObject({ status: 400 });
    // Same address, other fields changed: the secret is kept.
    const renamed = await updateSource(source.id, { name: "Pinned again" } as never);
    expect(renamed).toMatchObject({ name: "Pinned again", hasSecret: true });
  });
});
