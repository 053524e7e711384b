import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as accountPost } from "@/app/api/account/[...all]/route";
import { POST as chatPost } from "@/app/api/chat/route";
import { GET as historyGet } from "@/app/api/history/route";
import { PATCH as userPatch } from "@/app/api/users/[id]/route";
import { GET as usersGet } from "@/app/api/users/route";
import { db } from "@/lib/db/client";
import {
  ADMIN,
  admitted as admittedWith,
  call,
  collectionNames,
  type Handler,
  PASSWORD,
  request,
  signIn,
  closeProtectedApp,
  protectedAppWithPeople,
} from "../helpers/accounts";

/**
 * Local accounts with server-side sessions (Better Auth through Prisma), in process: an admin
 * (ADMIN_TOKEN, the break-glass way in) creates people; they sign in, read what their groups
 * may read, own their chats; signing out or being disabled ends the session at once.
 */

const admitted = (path: string, cookie: string) => admittedWith(path, { cookie });
const names = (cookie: string) => collectionNames({ cookie });

let ids: Record<string, string> = {};

beforeAll(async () => {
  ids = await protectedAppWithPeople();
}, 120_000);

afterAll(closeProtectedApp);

describe("local accounts", () => {
  it("are created by an admin (ADMIN_TOKEN stays a way in), never by signing up", async () => {
    const listed = (await (await call(usersGet as Handler, request("/api/users", { bearer: ADMIN }))).json()) as {
      users: { email: string; role: string; groups: string[] }[];
    };
    expect(listed.users.map((u) => [u.email, u.role, u.groups])).toEqual([
      ["hr@example.org", "user", ["hr"]],
      ["sam@example.org", "user", []],
      ["ada@example.org", "admin", []],
    ]);
    const signUp = await call(
      accountPost as Handler,
      request("/api/account/sign-up/email", { body: { email: "eve@example.org", password: PASSWORD, name: "eve" } }),
    );
    expect(signUp.status).toBeGreaterThanOrEqual(400);
    expect(await db().user.count({ where: { email: "eve@example.org" } })).toBe(0);
    expect((await signIn("hr@example.org")).status).toBe(200);
    const wrong = await call(
      accountPost as Handler,
      request("/api/account/sign-in/email", { body: { email: "hr@example.org", password: "not the password" } }),
    );
    expect(wrong.status).toBe(401);
  });

  it("sign people in with their own role, groups and collections", async () => {
    const hr = await signIn("hr@example.org");
    const sam = await signIn("sam@example.org");
    const ada = await signIn("ada@example.org");
    expect(await admitted("/v1/collections", "")).toBe(401);
    expect(await admitted("/v1/collections", hr.cookie)).toBe(200);
    expect(await admitted("/api/users", sam.cookie)).toBe(401);
    expect(await admitted("/api/users", ada.cookie)).toBe(200);
    expect(await names(hr.cookie)).toEqual(["handbook", "secret"]);
    expect(await names(sam.cookie)).toEqual(["handbook"]);
    expect(await names(ada.cookie)).toEqual(["handbook", "secret"]);
  });

  it("keep each person's chats their own", async () => {
    const hr = await signIn("hr@example.org");
    const sam = await signIn("sam@example.org");
    const asked = await call(
      chatPost as Handler,
      request("/api/chat", {
        cookie: hr.cookie,
        body: { messages: [{ role: "user", content: "What is the annual deductible for the executive plan?" }] },
      }),
    );
    expect(asked.status).toBe(200);
    const history = async (cookie: string) =>
      JSON.stringify(await (await call(historyGet as Handler, request("/api/history", { cookie }))).json());
    expect(await history(hr.cookie)).toContain("executive plan");
    expect(await history(sam.cookie)).not.toContain("executive plan");
    const owner = await db().chat.findFirst({ where: { title: { contains: "executive plan" } }, select: { ownerId: true } });
    expect(owner?.ownerId).toBe(`user:${ids["hr@example.org"]}`);
  });

  it("end the session on sign-out: the same cookie is refused at once", async () => {
    const sam = await signIn("sam@example.org");
    expect(await admitted("/v1/collections", sam.cookie)).toBe(200);
    const out = await call(accountPost as Handler, request("/api/account/sign-out", { cookie: sam.cookie, body: {} }));
    expect(out.status).toBe(200);
    expect(await admitted("/v1/collections", sam.cookie)).toBe(401);
  });

  it("end every session of a disabled user, who cannot sign in again until enabled", async () => {
    const first = await signIn("hr@example.org");
    const second = await signIn("hr@example.org");
    const id = ids["hr@example.org"];
    const disabled = await call(
      userPatch as Handler,
      request(`/api/users/${id}`, { method: "PATCH", bearer: ADMIN, body: { disabled: true } }),
      { id },
    );
    expect((await disabled.json()) as { disabled: boolean; active_sessions: number }).toMatchObject({ disabled: true, active_sessions: 0 });
    expect(await admitted("/v1/collections", first.cookie)).toBe(401);
    expect(await admitted("/v1/collections", second.cookie)).toBe(401);
    expect((await signIn("hr@example.org")).status).toBe(403);
    await call(userPatch as Handler, request(`/api/users/${id}`, { method: "PATCH", bearer: ADMIN, body: { disabled: false } }), { id });
    expect((await signIn("hr@example.org")).status).toBe(200);
  });
  it("take a new role and groups from an admin at their next request", async () => {
    const sam = await signIn("sam@example.org");
    const id = ids["sam@example.org"];
    const patch = (body: unknown) =>
      call(userPatch as Handler, request(`/api/users/${id}`, { method: "PATCH", bearer: ADMIN, body }), { id });
    expect(await names(sam.cookie)).toEqual(["handbook"]);
    const promoted = await patch({ role: "admin", groups: ["hr", "hr"] });
    expect((await promoted.json()) as { role: string; groups: string[] }).toMatchObject({ role: "admin", groups: ["hr"] });
    expect(await admitted("/api/users", sam.cookie)).toBe(200);
    await patch({ role: "user" });
    expect(await admitted("/api/users", sam.cookie)).toBe(401);
    expect(await names(sam.cookie)).toEqual(["handbook", "secret"]);
    await patch({ groups: [] });
    expect(await names(sam.cookie)).toEqual(["handbook"]);
    expect((await patch({})).status).toBe(400);
    expect((await patch({ role: "owner" })).status).toBe(400);
  });

  it("sign in as often as they like from one address; a password guesser is throttled, alone", async () => {
    // People behind one address (an office, a proxy): successful sign-ins never count.
    const office = { forwardedFor: "203.0.113.7" };
    for (let round = 0; round < 4; round++) {
      for (const email of ["hr@example.org", "sam@example.org", "ada@example.org"]) expect((await signIn(email, office)).status).toBe(200);
    }
    const guess = (forwardedFor: string) =>
      call(
        accountPost as Handler,
        request("/api/account/sign-in/email", { forwardedFor, body: { email: "hr@example.org", password: "not the password" } }),
      );
    for (let i = 0; i < 10; i++) expect((await guess("198.51.100.9")).status).toBe(401);
    const refused = await guess("198.51.100.9");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/^Too many failed attempts/);
    // The guesser's address waits even with the right password; the office does not.
    expect((await signIn("hr@example.org", { forwardedFor: "198.51.100.9" })).status).toBe(429);
    expect((await signIn("hr@example.org", office)).status).toBe(200);
  });
});
