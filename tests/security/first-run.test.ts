import { afterAll, describe, expect, it } from "vitest";
import { POST as setupPost } from "@/app/api/setup/route";
import { firstRunState } from "@/lib/auth/first-run";
import { signedInUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { stopWorker } from "@/lib/knowledge";
import { ADMIN, call, type Handler, PASSWORD, request, type RequestInit } from "../helpers/accounts";
import { freshEriDataDir } from "../eri/knowledge-fixture";

/**
 * First run: with accounts on (ADMIN_TOKEN) and no account yet, a visitor at the server itself, or
 * one holding ADMIN_TOKEN, creates the first admin and is signed in; then the path is closed.
 */

type Visit = RequestInit & { host?: string };

function visit(path: string, init: Visit = {}): Request {
  const base = request(path, init);
  const headers = new Headers(base.headers);
  headers.set("host", init.host ?? "127.0.0.1:3000");
  if (init.host) headers.set("origin", `http://${init.host}`);
  return new Request(base, { headers });
}

const admin = (email: string) => ({ email, name: email.split("@")[0], password: PASSWORD });
const setUp = (init: Visit) => call(setupPost as Handler, visit("/api/setup", init));

afterAll(async () => {
  await stopWorker();
  delete process.env.ADMIN_TOKEN;
});

describe("the first admin", () => {
  it("is not asked for without accounts: the single local user needs none", async () => {
    await freshEriDataDir();
    delete process.env.ADMIN_TOKEN;
    expect(await firstRunState(visit("/setup"))).toBe("off");
    expect((await setUp({ body: admin("solo@example.org") })).status).toBe(404);
    expect(await db().user.count()).toBe(0);
  });

  it("is refused to visitors from elsewhere without the admin token", async () => {
    await freshEriDataDir({ ADMIN_TOKEN: ADMIN });
    for (const init of [
      { forwardedFor: "203.0.113.9" },
      { host: "docchat.example.org" },
      { forwardedFor: "127.0.0.1, 203.0.113.9" },
      { bearer: "not-the-admin-token", forwardedFor: "203.0.113.9" },
    ] satisfies Visit[]) {
      const refused = await setUp({ ...init, body: admin("mallory@example.org") });
      expect(refused.status, JSON.stringify(init)).toBe(403);
    }
    const proxied = visit("/setup");
    proxied.headers.set("x-forwarded-host", "docchat.example.org");
    expect(await firstRunState(proxied)).toBe("not-here");
    for (const [name, value] of [
      ["HOST", "0.0.0.0"],
      ["PUBLIC_BASE_URL", "https://docchat.example.org"],
      ["VERCEL", "1"],
    ]) {
      process.env[name] = value;
      try {
        expect(await firstRunState(visit("/setup")), name).toBe("not-here");
      } finally {
        delete process.env[name];
      }
    }
    expect(await db().user.count()).toBe(0);
  });

  it("is made by a visitor at the server itself, signed in, and then the path closes", async () => {
    await freshEriDataDir({ ADMIN_TOKEN: ADMIN });
    expect(await firstRunState(visit("/setup", { forwardedFor: "127.0.0.1" }))).toBe("open");
    const made = await setUp({ forwardedFor: "127.0.0.1", body: admin("root@example.org") });
    expect(made.status).toBe(201);
    const cookie = made.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(await signedInUser(visit("/", { cookie }))).toMatchObject({ role: "admin" });
    expect(await db().auditEvent.findFirst({ where: { action: "setup.first_admin" } })).toMatchObject({ actorName: "root@example.org" });

    expect(await firstRunState(visit("/setup"))).toBe("done");
    for (const init of [{ forwardedFor: "127.0.0.1" }, { bearer: ADMIN }] satisfies Visit[]) {
      const again = await setUp({ ...init, body: admin("second@example.org") });
      expect(again.status).toBe(409);
    }
    expect(await db().user.count()).toBe(1);
  });

  it("is made by the holder of ADMIN_TOKEN from anywhere, and by one of two racing visitors only", async () => {
    await freshEriDataDir({ ADMIN_TOKEN: ADMIN });
    const [a, b] = await Promise.all([
      setUp({ bearer: ADMIN, host: "docchat.example.org", forwardedFor: "203.0.113.9", body: admin("a@example.org") }),
      setUp({ forwardedFor: "127.0.0.1", body: admin("b@example.org") }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await db().user.count({ where: { role: "admin" } })).toBe(1);
  });
});
