import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as acceptPost } from "@/app/api/invites/accept/route";
import { POST as checkPost } from "@/app/api/invites/check/route";
import { DELETE as inviteDelete } from "@/app/api/invites/[id]/route";
import { GET as invitesGet, POST as invitesPost } from "@/app/api/invites/route";
import { CreatedInvite, type InviteView } from "@/lib/auth/invites";
import { signedInUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { stopWorker } from "@/lib/knowledge";
import { sha256Hex } from "@/lib/security/hashing";
import { resetLoginThrottle } from "@/lib/security/rate-limit";
import { ADMIN, admitted, call, createUsers, type Handler, PASSWORD, request, signIn } from "../helpers/accounts";
import { freshEriDataDir } from "../eri/knowledge-fixture";

/**
 * Invitations by link, in process: an admin makes one (role, groups, expiry), the link is shown
 * once and stored as its sha256, it signs its invitee in with that role and those groups, and
 * works once; used, expired and withdrawn links are refused with a message that says which.
 */

let ids: Record<string, string> = {};

async function newInvite(body: unknown = { role: "editor", groups: ["hr"] }): Promise<CreatedInvite & { token: string }> {
  const response = await call(invitesPost as Handler, request("/api/invites", { bearer: ADMIN, body }));
  expect(response.status).toBe(201);
  const created = CreatedInvite.parse(await response.json());
  return { ...created, token: created.path.split("#")[1] };
}

const accept = (token: string, email: string, extra: Record<string, unknown> = {}) =>
  call(acceptPost as Handler, request("/api/invites/accept", { body: { token, email, name: "New Person", password: PASSWORD, ...extra } }));
const check = (token: string) => call(checkPost as Handler, request("/api/invites/check", { body: { token } }));
const detail = async (response: Response) => ((await response.json()) as { detail: string }).detail;

beforeAll(async () => {
  await freshEriDataDir({ ADMIN_TOKEN: ADMIN });
  ids = await createUsers([["sam@example.org", [], "user"]]);
}, 60_000);

beforeEach(() => resetLoginThrottle());

afterAll(async () => {
  await stopWorker();
  delete process.env.ADMIN_TOKEN;
});

describe("invites by link", () => {
  it("are made by admins only, and the link's secret is stored only as its sha256", async () => {
    const sam = (await signIn("sam@example.org")).cookie;
    expect(await admitted("/api/invites", { cookie: sam, body: { role: "admin" } })).toBe(401);
    const { token, path, invite } = await newInvite();
    expect(path).toBe(`/invite#${token}`);
    expect(token).toMatch(/^dci_[A-Za-z0-9_-]{43}$/);
    const row = await db().invite.findUniqueOrThrow({ where: { id: invite.id } });
    expect(row.tokenHash).toBe(sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token.slice(4));
    const listed = await (await call(invitesGet as Handler, request("/api/invites", { bearer: ADMIN }))).json();
    expect(JSON.stringify(listed)).not.toContain(token);
  });

  it("sign their invitee in with the invite's role and groups, once", async () => {
    const { token, invite } = await newInvite({ role: "editor", groups: ["hr", "staff"], expires_in_days: 3 });
    const offered = await check(token);
    expect(offered.status).toBe(200);
    expect(await offered.json()).toMatchObject({ role: "editor", groups: ["hr", "staff"] });

    const accepted = await accept(token, "eve@example.org");
    expect(accepted.status).toBe(201);
    const cookie = accepted.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const me = await signedInUser(request("/", { cookie }));
    expect(me).toMatchObject({ role: "editor", groups: ["hr", "staff"], via: "session" });

    const again = await accept(token, "mallory@example.org");
    expect(again.status).toBe(410);
    expect(await detail(again)).toMatch(/already been used/);
    expect((await check(token)).status).toBe(410);
    expect(await db().user.count({ where: { email: "mallory@example.org" } })).toBe(0);

    const listed = (await (await call(invitesGet as Handler, request("/api/invites", { bearer: ADMIN }))).json()) as {
      invites: InviteView[];
    };
    expect(listed.invites.find((i) => i.id === invite.id)).toMatchObject({ status: "used", used_by: "eve@example.org" });
    const trail = await db().auditEvent.findMany({ where: { target: invite.id }, orderBy: { createdAt: "asc" } });
    expect(trail.map((e) => [e.action, e.actorName])).toEqual([
      ["invite.create", "admin token"],
      ["invite.accept", "eve@example.org"],
    ]);
  });

  it("let only one of two people racing with one link in", async () => {
    const { token } = await newInvite({ role: "user" });
    const [a, b] = await Promise.all([accept(token, "race-a@example.org"), accept(token, "race-b@example.org")]);
    expect([a.status, b.status].sort()).toEqual([201, 410]);
  });

  it("are refused once expired, or withdrawn, and say so", async () => {
    const expired = await newInvite({ role: "user" });
    await db().invite.update({ where: { id: expired.invite.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const late = await accept(expired.token, "late@example.org");
    expect(late.status).toBe(410);
    expect(await detail(late)).toMatch(/expired/);

    const withdrawn = await newInvite({ role: "admin" });
    const deleted = await call(
      inviteDelete as Handler,
      request(`/api/invites/${withdrawn.invite.id}`, { method: "DELETE", bearer: ADMIN }),
      { id: withdrawn.invite.id },
    );
    expect(deleted.status).toBe(200);
    const refused = await accept(withdrawn.token, "withdrawn@example.org");
    expect(refused.status).toBe(410);
    expect(await detail(refused)).toMatch(/withdrawn/);

    const unknown = await accept("dci_not-a-link-anyone-was-given-0123456789abcdef", "who@example.org");
    expect(unknown.status).toBe(404);
    expect(await detail(unknown)).toMatch(/not valid/);
    expect(await db().user.count({ where: { email: { in: ["late@example.org", "withdrawn@example.org", "who@example.org"] } } })).toBe(0);
  });

  it("count links that name no invite as guesses of their client's address", async () => {
    const guess = (i: number, forwardedFor: string) =>
      call(
        acceptPost as Handler,
        request("/api/invites/accept", {
          forwardedFor,
          body: { token: `dci_guess-${i}`, name: "G", password: PASSWORD, email: "g@example.org" },
        }),
      );
    for (let i = 0; i < 10; i++) expect((await guess(i, "198.51.100.7")).status).toBe(404);
    expect((await guess(10, "198.51.100.7")).status).toBe(429);
    const { token } = await newInvite({ role: "user" });
    const elsewhere = call(checkPost as Handler, request("/api/invites/check", { forwardedFor: "198.51.100.8", body: { token } }));
    expect((await elsewhere).status).toBe(200);
  });

  it("keep working when the account could not be made, and hold to the e-mail they name", async () => {
    const { token } = await newInvite({ role: "user", email: "pat@example.org" });
    const taken = await accept(token, "sam@example.org");
    expect(taken.status).toBe(400);
    const short = await accept(token, "pat@example.org", { password: "short" });
    expect(short.status).toBe(400);
    const ok = await accept(token, "pat@example.org");
    expect(ok.status).toBe(201);
    expect(ids["sam@example.org"]).toBeTruthy();
  });

  it("are off without accounts", async () => {
    const { token } = await newInvite({ role: "user" });
    delete process.env.ADMIN_TOKEN;
    try {
      expect((await accept(token, "off@example.org")).status).toBe(409);
    } finally {
      process.env.ADMIN_TOKEN = ADMIN;
    }
  });
});
