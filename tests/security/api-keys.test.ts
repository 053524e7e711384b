import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as chatPost } from "@/app/api/chat/route";
import { GET as historyGet } from "@/app/api/history/route";
import { DELETE as keyDelete } from "@/app/api/keys/[id]/route";
import { GET as keysGet, POST as keysPost } from "@/app/api/keys/route";
import { PATCH as userPatch } from "@/app/api/users/[id]/route";
import { CreatedApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db/client";
import { sha256Hex } from "@/lib/security/hashing";
import { resetLoginThrottle } from "@/lib/security/rate-limit";
import {
  ADMIN,
  admitted,
  call,
  collectionNames,
  type Handler,
  request,
  signIn,
  USER_TOKEN,
  closeProtectedApp,
  protectedAppWithPeople,
} from "../helpers/accounts";

/**
 * Personal API keys, in process: created from a signed-in browser and shown once, stored as a
 * sha256; `Authorization: Bearer <key>` then acts as its user (role, groups, collections, chats)
 * until it is revoked, expires, or its user is disabled.
 */

let ids: Record<string, string> = {};
const cookies: Record<string, string> = {};

async function newKey(email: string, body: unknown = { name: "laptop" }): Promise<CreatedApiKey> {
  const response = await call(keysPost as Handler, request("/api/keys", { cookie: cookies[email], body }));
  expect(response.status).toBe(201);
  return CreatedApiKey.parse(await response.json());
}

beforeAll(async () => {
  ids = await protectedAppWithPeople();
  for (const email of Object.keys(ids)) cookies[email] = (await signIn(email)).cookie;
}, 120_000);

beforeEach(() => resetLoginThrottle());

afterAll(closeProtectedApp);

describe("personal API keys", () => {
  it("are shown once and stored only as their sha256", async () => {
    const { key, record } = await newKey("hr@example.org", { name: "reporting script", expires_in_days: 30 });
    expect(key).toMatch(/^dck_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(record.prefix)).toBe(true);
    expect(Date.parse(record.expires_at) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const row = await db().apiKey.findUniqueOrThrow({ where: { id: record.id } });
    expect(row.keyHash).toBe(sha256Hex(key));
    expect(JSON.stringify(row)).not.toContain(key.slice(record.prefix.length));
    const listed = await (await call(keysGet as Handler, request("/api/keys", { cookie: cookies["hr@example.org"] }))).json();
    expect(JSON.stringify(listed)).toContain("reporting script");
    expect(JSON.stringify(listed)).not.toContain(key);
  });

  it("act as their user: role, groups and the collections granted to them", async () => {
    const hr = (await newKey("hr@example.org")).key;
    const sam = (await newKey("sam@example.org")).key;
    const ada = (await newKey("ada@example.org")).key;
    expect(await admitted("/v1/collections", { bearer: hr })).toBe(200);
    expect(await collectionNames({ bearer: hr })).toEqual(["handbook", "secret"]);
    expect(await collectionNames({ bearer: sam })).toEqual(["handbook"]);
    expect(await admitted("/api/users", { bearer: sam })).toBe(401);
    expect(await admitted("/api/users", { bearer: ada })).toBe(200);
    expect(await admitted("/v1/collections", { bearer: "dck_not-a-key-anyone-was-given-0123456789abcd" })).toBe(401);
  });

  it("keep the chats made with them as their user's", async () => {
    const { key } = await newKey("hr@example.org");
    const asked = await call(
      chatPost as Handler,
      request("/api/chat", {
        bearer: key,
        body: { messages: [{ role: "user", content: "What is the annual deductible for the executive plan?" }] },
      }),
    );
    expect(asked.status).toBe(200);
    expect(JSON.stringify(await asked.json())).toContain("99 dollars");
    const chat = await db().chat.findFirst({ where: { title: { contains: "executive plan" } }, select: { ownerId: true } });
    expect(chat?.ownerId).toBe(`user:${ids["hr@example.org"]}`);
    const history = async (init: { cookie?: string; bearer?: string }) =>
      JSON.stringify(await (await call(historyGet as Handler, request("/api/history", init))).json());
    expect(await history({ cookie: cookies["hr@example.org"] })).toContain("executive plan");
    expect(await history({ bearer: (await newKey("sam@example.org")).key })).not.toContain("executive plan");
  });

  it("stop working once revoked, and only their owner revokes them", async () => {
    const { key, record } = await newKey("sam@example.org");
    const byOther = await call(
      keyDelete as Handler,
      request(`/api/keys/${record.id}`, { method: "DELETE", cookie: cookies["hr@example.org"] }),
      { id: record.id },
    );
    expect(byOther.status).toBe(404);
    expect(await admitted("/v1/collections", { bearer: key })).toBe(200);
    const revoked = await call(
      keyDelete as Handler,
      request(`/api/keys/${record.id}`, { method: "DELETE", cookie: cookies["sam@example.org"] }),
      {
        id: record.id,
      },
    );
    expect(revoked.status).toBe(200);
    expect(await admitted("/v1/collections", { bearer: key })).toBe(401);
    const listed = await (await call(keysGet as Handler, request("/api/keys", { cookie: cookies["sam@example.org"] }))).json();
    expect(JSON.stringify(listed)).not.toContain(record.id);
  });

  it("stop working when they expire", async () => {
    const { key, record } = await newKey("sam@example.org", { name: "short", expires_in_days: 1 });
    expect(await admitted("/v1/collections", { bearer: key })).toBe(200);
    await db().apiKey.update({ where: { id: record.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await admitted("/v1/collections", { bearer: key })).toBe(401);
    const listed = (await (await call(keysGet as Handler, request("/api/keys", { cookie: cookies["sam@example.org"] }))).json()) as {
      keys: { id: string; expired: boolean }[];
    };
    expect(listed.keys.find((k) => k.id === record.id)?.expired).toBe(true);
  });

  it("stop working at once when their user is disabled, and again when enabled", async () => {
    const { key } = await newKey("hr@example.org");
    const id = ids["hr@example.org"];
    const patch = (disabled: boolean) =>
      call(userPatch as Handler, request(`/api/users/${id}`, { method: "PATCH", bearer: ADMIN, body: { disabled } }), { id });
    expect((await patch(true)).status).toBe(200);
    expect(await admitted("/v1/collections", { bearer: key })).toBe(401);
    expect((await patch(false)).status).toBe(200);
    expect(await admitted("/v1/collections", { bearer: key })).toBe(200);
    cookies["hr@example.org"] = (await signIn("hr@example.org")).cookie;
  });

  it("are made from a signed-in account only: not with a key, not with a shared token", async () => {
    const { key } = await newKey("ada@example.org");
    for (const init of [{ bearer: key }, { bearer: USER_TOKEN }, { bearer: ADMIN }]) {
      const response = await call(keysPost as Handler, request("/api/keys", { ...init, body: { name: "more" } }));
      expect(response.status, init.bearer.slice(0, 6)).toBe(403);
    }
    const tooLong = await call(
      keysPost as Handler,
      request("/api/keys", { cookie: cookies["ada@example.org"], body: { name: "x", expires_in_days: 3650 } }),
    );
    expect(tooLong.status).toBe(400);
  });

  it("count wrong keys as guesses, and right ones not", async () => {
    const { key } = await newKey("sam@example.org");
    for (let i = 0; i < 15; i++) expect(await admitted("/v1/collections", { bearer: key, forwardedFor: "10.9.0.1" })).toBe(200);
    for (let i = 0; i < 10; i++) {
      expect(await admitted("/v1/collections", { bearer: `dck_wrong-${i}-0123456789abcdef0123456789ab`, forwardedFor: "10.9.0.2" })).toBe(
        401,
      );
    }
    expect(await admitted("/v1/collections", { bearer: key, forwardedFor: "10.9.0.2" })).toBe(429);
    expect(await admitted("/v1/collections", { bearer: key, forwardedFor: "10.9.0.3" })).toBe(200);
  });
});
