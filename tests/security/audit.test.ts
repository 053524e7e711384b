import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as accountPost } from "@/app/api/account/[...all]/route";
import { GET as auditGet } from "@/app/api/audit/route";
import { POST as keysPost } from "@/app/api/keys/route";
import { PUT as modelPut } from "@/app/api/settings/model/route";
import { PATCH as userPatch } from "@/app/api/users/[id]/route";
import { PUT as accessPut } from "@/app/v1/collections/[name]/access/route";
import { DELETE as filesDelete, POST as filesPost } from "@/app/v1/collections/[name]/documents/route";
import { DELETE as collectionDelete } from "@/app/v1/collections/[name]/route";
import { POST as collectionsPost } from "@/app/v1/collections/route";
import { auth } from "@/lib/auth/server";
import { applySignInGroups, rememberProfileGroups } from "@/lib/auth/sso";
import { db } from "@/lib/db/client";
import { stopWorker } from "@/lib/knowledge";
import { actorOf, type AuditEventView } from "@/lib/security/audit";
import { ADMIN, admitted, call, createUsers, type Handler, PASSWORD, request, signIn } from "../helpers/accounts";
import { freshEriDataDir } from "../eri/knowledge-fixture";
import { formRequest } from "../helpers/files";

/**
 * The audit trail, in process: each write path leaves one row naming who did it (a person, their
 * API key, a shared token, or the single local user), readable by admins only, newest first; a
 * failed audit write never fails the action.
 */

let ids: Record<string, string> = {};
const cookies: Record<string, string> = {};

async function trail(query = ""): Promise<AuditEventView[]> {
  const response = await call(auditGet as Handler, request(`/api/audit${query}`, { bearer: ADMIN }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { events: AuditEventView[] }).events;
}

const lastOf = async (action: string) => (await trail(`?action=${action}`))[0];

async function newCollection(name: string, cookie: string) {
  const response = await call(collectionsPost as Handler, request("/v1/collections", { cookie, body: { name } }));
  expect(response.status).toBe(201);
}

beforeAll(async () => {
  await freshEriDataDir({ ADMIN_TOKEN: ADMIN });
  ids = await createUsers([
    ["ada@example.org", [], "admin"],
    ["sam@example.org", [], "user"],
    ["una@example.org", [], "user"],
  ]);
  for (const email of Object.keys(ids)) cookies[email] = (await signIn(email)).cookie;
}, 60_000);

afterAll(async () => {
  await stopWorker();
  delete process.env.ADMIN_TOKEN;
});

describe("the audit trail", () => {
  it("names the signed-in person who deleted a collection, and when", async () => {
    const before = Date.now();
    await newCollection("scratch", cookies["ada@example.org"]);
    const deleted = await call(
      collectionDelete as Handler,
      request("/v1/collections/scratch", { method: "DELETE", cookie: cookies["ada@example.org"] }),
      { name: "scratch" },
    );
    expect(deleted.status).toBe(200);
    const event = await lastOf("collection.delete");
    expect(event).toMatchObject({
      actor: `user:${ids["ada@example.org"]}`,
      actor_name: "ada@example.org",
      via: "session",
      target: "scratch",
    });
    expect(Date.parse(event.at)).toBeGreaterThanOrEqual(before - 1000);
    expect((await lastOf("collection.create")).actor).toBe(`user:${ids["ada@example.org"]}`);
  });

  it("records uploads with their file names and deletions with their file ids", async () => {
    await newCollection("uploads", cookies["ada@example.org"]);
    const form = new FormData();
    form.append("files", new Blob(["Audit notes.\n\nWho did what."], { type: "text/plain" }), "notes.txt");
    const probe = await formRequest("http://127.0.0.1:3000/v1/collections/uploads/documents", form);
    const upload = new Request(probe, { headers: { ...Object.fromEntries(probe.headers), authorization: `Bearer ${ADMIN}` } });
    const uploaded = await call(filesPost as Handler, upload, { name: "uploads" });
    expect(uploaded.status).toBe(202);
    const { file_ids } = (await uploaded.json()) as { file_ids: string[] };
    const event = await lastOf("files.upload");
    expect(event).toMatchObject({ actor: "admin token", target: "uploads" });
    expect(event.details.files).toEqual(["notes.txt"]);

    const removed = await call(
      filesDelete as Handler,
      request("/v1/collections/uploads/documents", { method: "DELETE", cookie: cookies["ada@example.org"], body: { file_ids } }),
      { name: "uploads" },
    );
    expect(removed.status).toBe(200);
    expect(await lastOf("files.delete")).toMatchObject({ actor_name: "ada@example.org", details: { file_ids } });
  });

  it("names the shared admin token, and an API key's person", async () => {
    await newCollection("granted", cookies["ada@example.org"]);
    const grants = [{ subject_type: "group", subject_id: "hr", access: "read" }];
    const changed = await call(
      accessPut as Handler,
      request("/v1/collections/granted/access", { method: "PUT", bearer: ADMIN, body: { grants } }),
      { name: "granted" },
    );
    expect(changed.status).toBe(200);
    expect(await lastOf("access.change")).toMatchObject({ actor: "admin token", via: "token", target: "granted", details: { grants } });

    const created = await call(keysPost as Handler, request("/api/keys", { cookie: cookies["ada@example.org"], body: { name: "ci" } }));
    const { key, record } = (await created.json()) as { key: string; record: { id: string } };
    expect(await lastOf("api_key.create")).toMatchObject({ actor_name: "ada@example.org", target: record.id });
    const byKey = await call(
      userPatch as Handler,
      request(`/api/users/${ids["una@example.org"]}`, { method: "PATCH", bearer: key, body: { disabled: true } }),
      { id: ids["una@example.org"] },
    );
    expect(byKey.status).toBe(200);
    expect(await lastOf("user.disable")).toMatchObject({
      actor: `user:${ids["ada@example.org"]}`,
      via: "api-key",
      target: ids["una@example.org"],
      details: { email: "una@example.org" },
    });
  });

  it("has no side door: Better Auth's own admin endpoints are closed, even to an admin", async () => {
    for (const [path, body] of [
      ["/api/account/admin/set-role", { userId: ids["sam@example.org"], role: "admin" }],
      ["/api/account/admin/ban-user", { userId: ids["sam@example.org"] }],
      ["/api/account/admin/impersonate-user", { userId: ids["sam@example.org"] }],
    ] as const) {
      const response = await call(accountPost as Handler, request(path, { cookie: cookies["ada@example.org"], body }));
      expect(response.status, path).toBe(404);
    }
    expect(await db().user.findUnique({ where: { id: ids["sam@example.org"] } })).toMatchObject({ role: "user", banned: false });
  });

  it("keeps secrets out of recorded settings", async () => {
    const secret = "sk-audit-0123456789abcdef";
    const saved = await call(
      modelPut as Handler,
      request("/api/settings/model", {
        method: "PUT",
        bearer: ADMIN,
        body: { base_url: "http://127.0.0.1:9/v1", api_key: secret, chat_model: "m", embedding_model: "" },
      }),
    );
    expect(saved.status).toBe(200);
    const event = await lastOf("settings.model");
    expect(event.details).toMatchObject({ api_key: "(changed)", chat_model: "m" });
    expect(JSON.stringify(await db().auditEvent.findMany())).not.toContain(secret);
  });

  it("is read by admins only, newest first, filtered by person and action", async () => {
    expect(await admitted("/api/audit", { cookie: cookies["sam@example.org"] })).toBe(401);
    expect(await admitted("/api/audit", { cookie: cookies["ada@example.org"] })).toBe(200);
    const all = await trail();
    expect(all.map((e) => e.at)).toEqual([...all.map((e) => e.at)].sort().reverse());
    const ada = await trail(`?actor=${encodeURIComponent("ada@example.org")}`);
    expect(ada.length).toBeGreaterThan(0);
    expect(ada.every((e) => e.actor === `user:${ids["ada@example.org"]}`)).toBe(true);
    const byId = await trail(`?actor=${encodeURIComponent(`user:${ids["ada@example.org"]}`)}&action=collection.create`);
    expect(byId.map((e) => e.target).sort()).toEqual(["granted", "scratch", "uploads"]);
    const bad = await call(auditGet as Handler, request("/api/audit?action=nonsense", { bearer: ADMIN }));
    expect(bad.status).toBe(400);
  });

  it("never fails the action when its own write fails, and logs it", async () => {
    const events = db().auditEvent;
    const failing = vi.spyOn(events, "create").mockRejectedValueOnce(new Error("disk full"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await newCollection("still_made", cookies["ada@example.org"]);
      expect(failing).toHaveBeenCalled();
      expect(logged.mock.calls.map((c) => String(c[0])).join("\n")).toContain("audit_write_failed");
    } finally {
      failing.mockRestore();
      logged.mockRestore();
    }
    expect((await lastOf("collection.create")).target).not.toBe("still_made");
  });

  it("records people the identity provider brings in, and the role its groups give them", async () => {
    const oidc = {
      OIDC_ISSUER: "https://idp.example.org",
      OIDC_CLIENT_ID: "docchat",
      OIDC_CLIENT_SECRET: "s3cret",
      OIDC_ADMIN_GROUP: "admins",
    };
    Object.assign(process.env, oidc);
    try {
      // An admin's new account is recorded once, by the admin (not as a sign-up).
      await createUsers([["local@example.org", [], "user"]]);
      expect(await db().auditEvent.count({ where: { via: "sso" } })).toBe(0);
      // A first sign-in through the provider: the account it creates, then the role its groups give.
      rememberProfileGroups("sso@example.org", ["admins", "hr"]);
      const { user } = await auth().api.createUser({ body: { email: "sso@example.org", name: "Sso", password: PASSWORD, role: "user" } });
      await applySignInGroups(user.id);
      const events = await db().auditEvent.findMany({ where: { target: user.id }, orderBy: { createdAt: "asc" } });
      expect(events.map((e) => [e.action, e.actorName, e.via])).toEqual([
        ["user.create", "sso@example.org", "sso"],
        ["user.update", "sso@example.org", "sso"],
      ]);
      expect(JSON.parse(events[1].details)).toMatchObject({ role: "admin", groups: ["admins", "hr"] });
      // The next sign-in with the same groups changes nothing and records nothing.
      rememberProfileGroups("sso@example.org", ["admins", "hr"]);
      await applySignInGroups(user.id);
      expect(await db().auditEvent.count({ where: { target: user.id } })).toBe(2);
    } finally {
      for (const key of Object.keys(oidc)) delete process.env[key];
    }
  });

  it("names the single local user when no token is configured", async () => {
    delete process.env.ADMIN_TOKEN;
    try {
      expect(await actorOf(request("/v1/collections", { body: {} }))).toMatchObject({ actor: "local", via: "local" });
    } finally {
      process.env.ADMIN_TOKEN = ADMIN;
    }
    expect(await actorOf(request("/v1/collections", { bearer: ADMIN }))).toMatchObject({ actor: "admin token" });
  });
});
