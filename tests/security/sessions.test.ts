import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as accountPost } from "@/app/api/account/[...all]/route";
import { GET as auditGet } from "@/app/api/audit/route";
import { POST as tokenLogin } from "@/app/api/auth/login/route";
import { POST as tokenLogout } from "@/app/api/auth/logout/route";
import { GET as cronGet } from "@/app/api/cron/ingest/route";
import { DELETE as sessionDelete } from "@/app/api/users/[id]/sessions/[session_id]/route";
import { DELETE as sessionsDelete, GET as sessionsGet } from "@/app/api/users/[id]/sessions/route";
import { SessionList } from "@/lib/auth/user-sessions";
import { ConfigError, config, resetConfig } from "@/lib/config";
import { db } from "@/lib/db/client";
import type { AuditEventView } from "@/lib/security/audit";
import { runHousekeeping } from "@/lib/security/housekeeping";
import {
  ADMIN,
  admitted,
  call,
  closeProtectedApp,
  collectionNames,
  type Handler,
  protectedAppWithPeople,
  request,
  signIn,
  USER_TOKEN,
} from "../helpers/accounts";

/**
 * An admin sees and ends a person's sessions (Settings → Users, /api/users/{id}/sessions): the
 * ended browser's next request is refused at once. Signing in and out is in the audit trail, and
 * the trail is pruned after AUDIT_RETENTION_DAYS by the daily housekeeping (the cron route too).
 */

let ids: Record<string, string> = {};
const DAY_MS = 24 * 60 * 60_000;
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1";

beforeAll(async () => {
  ids = await protectedAppWithPeople();
}, 120_000);

afterAll(closeProtectedApp);

const sessionsOf = async (id: string, init: { bearer?: string; cookie?: string } = { bearer: ADMIN }) => {
  const response = await call(sessionsGet as Handler, request(`/api/users/${id}/sessions`, init), { id });
  return { status: response.status, body: (await response.json()) as unknown };
};

async function trail(query: string): Promise<AuditEventView[]> {
  const response = await call(auditGet as Handler, request(`/api/audit${query}`, { bearer: ADMIN }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { events: AuditEventView[] }).events;
}

describe("an admin and a person's sessions", () => {
  it("lists each live session with when it began and was last active, its address and browser", async () => {
    const id = ids["hr@example.org"];
    await signIn("hr@example.org", { forwardedFor: "203.0.113.7", userAgent: FIREFOX });
    await signIn("hr@example.org", { forwardedFor: "198.51.100.23", userAgent: PHONE });
    const { status, body } = await sessionsOf(id);
    expect(status).toBe(200);
    const { sessions } = SessionList.parse(body);
    expect(sessions.map((s) => [s.ip_address, s.user_agent]).sort()).toEqual([
      ["198.51.100.23", PHONE],
      ["203.0.113.7", FIREFOX],
    ]);
    for (const s of sessions) {
      expect(Date.parse(s.expires_at)).toBeGreaterThan(Date.now());
      expect(Date.parse(s.last_active_at)).toBeGreaterThanOrEqual(Date.parse(s.created_at));
    }
    // A request made now marks its session active now (written at most once a minute).
    const hr = await signIn("hr@example.org", { forwardedFor: "192.0.2.99" });
    const row = await db().session.findFirstOrThrow({ where: { userId: id, ipAddress: "192.0.2.99" } });
    await db().session.update({ where: { id: row.id }, data: { updatedAt: new Date(Date.now() - 10 * 60_000) } });
    const stale = SessionList.parse((await sessionsOf(id)).body).sessions.find((s) => s.id === row.id)!;
    expect(Date.now() - Date.parse(stale.last_active_at)).toBeGreaterThan(9 * 60_000);
    expect(await admitted("/v1/collections", { cookie: hr.cookie })).toBe(200);
    expect(await collectionNames({ cookie: hr.cookie })).toEqual(["handbook", "secret"]);
    const fresh = SessionList.parse((await sessionsOf(id)).body).sessions.find((s) => s.id === row.id)!;
    expect(Date.now() - Date.parse(fresh.last_active_at)).toBeLessThan(60_000);
    // Never the session's token: only the row's id leaves the server.
    const tokens = await db().session.findMany({ where: { userId: id }, select: { token: true } });
    for (const { token } of tokens) expect(JSON.stringify(body)).not.toContain(token);
  });

  it("is for admins only, and an unknown person is a 404", async () => {
    const sam = await signIn("sam@example.org");
    const ada = await signIn("ada@example.org");
    const path = `/api/users/${ids["hr@example.org"]}/sessions`;
    expect(await admitted(path, { cookie: sam.cookie })).toBe(401);
    expect(await admitted(path, { bearer: USER_TOKEN })).toBe(401);
    expect(await admitted(path, { cookie: ada.cookie })).toBe(200);
    expect(await admitted(`${path}/some-session`, { method: "DELETE", cookie: sam.cookie })).toBe(401);
    expect((await sessionsOf("no-such-user")).status).toBe(404);
  });

  it("ends one session: that browser is refused at its next request, the others go on", async () => {
    const id = ids["sam@example.org"];
    const laptop = await signIn("sam@example.org", { forwardedFor: "203.0.113.8", userAgent: FIREFOX });
    const phone = await signIn("sam@example.org", { forwardedFor: "203.0.113.9", userAgent: PHONE });
    const { sessions } = SessionList.parse((await sessionsOf(id)).body);
    const laptopSession = sessions.find((s) => s.ip_address === "203.0.113.8")!;
    const ended = await call(
      sessionDelete as Handler,
      request(`/api/users/${id}/sessions/${laptopSession.id}`, { method: "DELETE", bearer: ADMIN }),
      { id, session_id: laptopSession.id },
    );
    expect([ended.status, await ended.json()]).toEqual([200, { ended: 1 }]);
    expect(await admitted("/v1/collections", { cookie: laptop.cookie })).toBe(401);
    expect(await admitted("/v1/collections", { cookie: phone.cookie })).toBe(200);
    expect(SessionList.parse((await sessionsOf(id)).body).sessions.map((s) => s.id)).not.toContain(laptopSession.id);
    // Again, or as another person's session: one that does not exist.
    const again = await call(
      sessionDelete as Handler,
      request(`/api/users/${id}/sessions/${laptopSession.id}`, { method: "DELETE", bearer: ADMIN }),
      { id, session_id: laptopSession.id },
    );
    expect(again.status).toBe(404);
    const phoneSession = SessionList.parse((await sessionsOf(id)).body).sessions.find((s) => s.ip_address === "203.0.113.9")!;
    const otherId = ids["hr@example.org"];
    const crossed = await call(
      sessionDelete as Handler,
      request(`/api/users/${otherId}/sessions/${phoneSession.id}`, { method: "DELETE", bearer: ADMIN }),
      { id: otherId, session_id: phoneSession.id },
    );
    expect(crossed.status).toBe(404);
    expect(await admitted("/v1/collections", { cookie: phone.cookie })).toBe(200);

    const [event] = await trail("?action=session.end");
    expect(event).toMatchObject({ actor: "admin token", target: id });
    expect(event.details).toMatchObject({
      email: "sam@example.org",
      session: laptopSession.id,
      ip_address: "203.0.113.8",
      user_agent: FIREFOX,
    });
  });

  it("ends all of a person's sessions at once, and says how many", async () => {
    const id = ids["hr@example.org"];
    const first = await signIn("hr@example.org");
    const second = await signIn("hr@example.org");
    const live = SessionList.parse((await sessionsOf(id)).body).sessions.length;
    expect(live).toBeGreaterThanOrEqual(2);
    const ended = await call(sessionsDelete as Handler, request(`/api/users/${id}/sessions`, { method: "DELETE", bearer: ADMIN }), { id });
    expect(await ended.json()).toEqual({ ended: live });
    expect(await admitted("/v1/collections", { cookie: first.cookie })).toBe(401);
    expect(await admitted("/v1/collections", { cookie: second.cookie })).toBe(401);
    expect(SessionList.parse((await sessionsOf(id)).body).sessions).toEqual([]);
    const [event] = await trail("?action=session.end_all");
    expect(event).toMatchObject({ actor: "admin token", target: id, details: { email: "hr@example.org", ended: live } });
    // They may sign in again.
    expect(await admitted("/v1/collections", { cookie: (await signIn("hr@example.org")).cookie })).toBe(200);
  });
});

describe("signing in and out in the audit trail", () => {
  it("records a password sign-in and a sign-out as the person, with where from", async () => {
    const id = ids["sam@example.org"];
    const sam = await signIn("sam@example.org", { forwardedFor: "192.0.2.44", userAgent: FIREFOX });
    const [signedIn] = await trail(`?action=auth.sign_in&actor=user:${id}`);
    expect(signedIn).toMatchObject({ actor: `user:${id}`, actor_name: "sam@example.org", via: "session", target: id });
    expect(signedIn.details).toMatchObject({ method: "password", ip_address: "192.0.2.44", user_agent: FIREFOX });

    const out = await call(accountPost as Handler, request("/api/account/sign-out", { cookie: sam.cookie, body: {} }));
    expect(out.status).toBe(200);
    const [signedOut] = await trail(`?action=auth.sign_out&actor=user:${id}`);
    expect(signedOut).toMatchObject({ actor_name: "sam@example.org", details: { session: signedIn.details.session } });
  });

  it("does not record a failed sign-in as one", async () => {
    const before = (await trail("?action=auth.sign_in")).length;
    const wrong = await call(
      accountPost as Handler,
      request("/api/account/sign-in/email", { body: { email: "sam@example.org", password: "not the password" } }),
    );
    expect(wrong.status).toBe(401);
    expect((await trail("?action=auth.sign_in")).length).toBe(before);
  });

  it("records signing in and out with a shared token as that token", async () => {
    const login = await call(tokenLogin as Handler, request("/api/auth/login", { body: { token: ADMIN }, forwardedFor: "192.0.2.45" }));
    expect(login.status).toBe(200);
    expect((await trail("?action=auth.sign_in&actor=admin%20token"))[0].details).toMatchObject({
      method: "token",
      ip_address: "192.0.2.45",
    });
    const cookie = login.headers.getSetCookie()[0].split(";")[0];
    expect((await call(tokenLogout as Handler, request("/api/auth/logout", { method: "POST", cookie }))).status).toBe(200);
    expect((await trail("?action=auth.sign_out&actor=admin%20token"))[0].details).toEqual({ method: "token" });
  });
});

describe("audit retention", () => {
  afterEach(() => {
    delete process.env.AUDIT_RETENTION_DAYS;
    delete process.env.CRON_SECRET;
    resetConfig();
  });

  const oldRow = (daysAgo: number, action = "collection.create") =>
    db().auditEvent.create({
      data: {
        id: randomUUID(),
        createdAt: new Date(Date.now() - daysAgo * DAY_MS),
        actor: "admin token",
        actorName: "admin token",
        via: "token",
        action,
        target: `aged-${daysAgo}`,
        details: "{}",
      },
    });
  const targets = async () =>
    (await db().auditEvent.findMany({ where: { target: { startsWith: "aged-" } }, select: { target: true } })).map((r) => r.target).sort();

  it("is a year by default, 0 keeps every row, and a bad value stops the start with its name", () => {
    expect(config().auditRetentionDays).toBe(365);
    process.env.AUDIT_RETENTION_DAYS = "0";
    resetConfig();
    expect(config().auditRetentionDays).toBeNull();
    for (const bad of ["-1", "ninety", "1.5"]) {
      process.env.AUDIT_RETENTION_DAYS = bad;
      resetConfig();
      expect(() => config()).toThrow(ConfigError);
      expect(() => config()).toThrow(/AUDIT_RETENTION_DAYS/);
    }
  });

  it("prunes rows older than the retention, keeps the rest, and records the prune", async () => {
    await oldRow(400);
    await oldRow(40);
    await oldRow(5);
    process.env.AUDIT_RETENTION_DAYS = "0";
    resetConfig();
    expect((await runHousekeeping()).audit).toBeNull();
    expect(await targets()).toEqual(["aged-40", "aged-400", "aged-5"]);

    process.env.AUDIT_RETENTION_DAYS = "30";
    resetConfig();
    const result = await runHousekeeping();
    expect(result.audit?.deleted).toBe(2);
    expect(await targets()).toEqual(["aged-5"]);
    const [prune] = await trail("?action=audit.prune");
    expect(prune).toMatchObject({ actor: "system", details: { deleted: 2, retention_days: 30, before: result.audit!.before } });
    // Recent sign-ins are kept.
    expect((await trail("?action=auth.sign_in")).length).toBeGreaterThan(0);
    // Nothing left to prune: nothing more is recorded.
    expect((await runHousekeeping()).audit?.deleted).toBe(0);
    expect(await trail("?action=audit.prune")).toHaveLength(1);
  });

  it("removes expired sessions, and the daily cron route runs it all", async () => {
    const hr = await db().user.findUniqueOrThrow({ where: { email: "hr@example.org" }, select: { id: true } });
    await db().session.create({
      data: { id: randomUUID(), token: randomUUID(), userId: hr.id, expiresAt: new Date(Date.now() - DAY_MS), updatedAt: new Date() },
    });
    await oldRow(20);
    process.env.AUDIT_RETENTION_DAYS = "10";
    process.env.CRON_SECRET = "cron-secret-0123456789abcdef";
    resetConfig();
    const cron = (secret: string) =>
      call(cronGet as Handler, new Request("http://127.0.0.1:3000/api/cron/ingest", { headers: { authorization: `Bearer ${secret}` } }));
    expect((await cron("wrong")).status).toBe(401);
    expect(await targets()).toContain("aged-20");
    const answered = await cron("cron-secret-0123456789abcdef");
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({ audit_pruned: 1 });
    expect(await targets()).not.toContain("aged-20");
    expect(await db().session.count({ where: { expiresAt: { lt: new Date() } } })).toBe(0);
  });
});
