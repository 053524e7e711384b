import { z } from "zod";
import { liveSetting } from "@/lib/config";
import { bearerToken } from "@/lib/security/access";
import { asRole, type Role } from "@/lib/security/roles";

/**
 * The person a request acts for, looked up once per request: a personal API key sent as
 * `Authorization: Bearer <key>` (lib/auth/api-keys.ts), else the account's session cookie.
 */

export interface SignedInUser {
  id: string;
  role: Role;
  groups: string[];
  /** How the request proved it: a browser's session, or a personal API key. */
  via: "session" | "api-key";
}

const Groups = z.array(z.string());
const lookups = new WeakMap<Request, Promise<SignedInUser | null>>();
/** Kept in step with API_KEY_PREFIX (lib/auth/api-keys.ts), which this file does not load up front. */
const API_KEY_BEARER = /^Bearer\s+dck_/i;

/** Better Auth's session cookie (with its __Secure- prefix over https). */
export const isAccountSessionCookie = (name: string) => /^(__Secure-)?better-auth\.session_token$/.test(name);

/** Whether the request carries a session cookie at all (no cookie: no database lookup). */
const hasSessionCookie = (request: Request) => /(^|;\s*)(__Secure-)?better-auth\.session_token=/.test(request.headers.get("cookie") ?? "");
/** Whether the request's Bearer credential is a personal API key (else a shared token, or none). */
export const sendsApiKey = (request: Request) => API_KEY_BEARER.test(request.headers.get("authorization") ?? "");

export function signedInUser(request: Request): Promise<SignedInUser | null> {
  if (!liveSetting("ADMIN_TOKEN") || !(sendsApiKey(request) || hasSessionCookie(request))) return Promise.resolve(null);
  let found = lookups.get(request);
  if (!found) {
    found = sendsApiKey(request) ? lookUpKey(request) : lookUpSession(request);
    lookups.set(request, found);
  }
  return found;
}

export function asSignedIn(user: { id: string; role?: string | null; groups?: unknown }, via: SignedInUser["via"]): SignedInUser {
  const groups = Groups.safeParse(JSON.parse(String(user.groups ?? "[]")));
  return { id: user.id, role: asRole(user.role), groups: groups.success ? groups.data : [], via };
}

// Both loaded on first use only: every route and the proxy import this file, and a heavier
// module load delays the refusals of unread bodies (tests/e2e hostile: refused before read).

async function lookUpKey(request: Request): Promise<SignedInUser | null> {
  const { userOfApiKey } = await import("./api-keys");
  // A key that does not work is refused as such, never replaced by the session beside it.
  const owner = await userOfApiKey(bearerToken(request) ?? "").catch(() => null);
  return owner && asSignedIn(owner, "api-key");
}

async function lookUpSession(request: Request): Promise<SignedInUser | null> {
  const { auth } = await import("./server");
  const session = await auth()
    .api.getSession({ headers: request.headers })
    .catch(() => null);
  if (!session || session.user.banned) return null;
  await touchSession(session.session);
  return asSignedIn(session.user, "session");
}

/** How often a session's "last active" (its updatedAt) is written: not on every request. */
const LAST_ACTIVE_EVERY_MS = 60_000;

/** Keeps "last active" (Settings → Users) current; a failed write never fails the request. */
async function touchSession(session: { id: string; updatedAt: Date }): Promise<void> {
  if (Date.now() - new Date(session.updatedAt).getTime() < LAST_ACTIVE_EVERY_MS) return;
  const { db } = await import("@/lib/db/client");
  await db()
    .session.updateMany({ where: { id: session.id }, data: { updatedAt: new Date() } })
    .catch(() => undefined);
}
