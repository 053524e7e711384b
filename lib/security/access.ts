import { createHash, createHmac, randomBytes } from "node:crypto";
import { liveSetting } from "@/lib/config";
import { safeEqual } from "./hashing";
import type { Role } from "./roles";

/**
 * Who is asking. Three roles: `admin` (everything), `editor` (a user who also manages the files of
 * the collections an admin granted them edit access to; accounts only) and `user` (chat, own
 * history, read collections). ADMIN_TOKEN and CHAT_TOKEN are the credentials, sent as `Authorization:
 * Bearer <token>` by API clients or held by a browser as a session cookie after the login
 * form. A role whose token is unset is open (single-user local mode; the server then listens
 * on loopback only). Tokens are read per request, so a restart with new values rotates them.
 */

export { asRole, ROLES, type Role } from "./roles";

export const SESSION_COOKIE = "docchat_session";
export const OWNER_COOKIE = "docchat_uid";

export const adminToken = () => liveSetting("ADMIN_TOKEN");
export const chatToken = () => liveSetting("CHAT_TOKEN");
/** Some credential is configured: the app may be put on a network. */
export const anyTokenSet = () => Boolean(adminToken() || chatToken());

export function cookieValue(request: Request, name: string): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) {
      try {
        return decodeURIComponent(value.join("="));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function bearerToken(request: Request): string | null {
  return /^Bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1]?.trim() || null;
}

/** A session cookie proves the token without holding it: an HMAC keyed by the token. */
const sessionProof = (role: Role, token: string) => createHmac("sha256", token).update(`docchat-session:${role}`).digest("base64url");

export function sessionCookieValue(role: Role): string | null {
  const token = role === "admin" ? adminToken() : chatToken();
  return token ? `${role}.${sessionProof(role, token)}` : null;
}

/** The role a token (typed in the login form or sent as a Bearer) grants, if any. */
export function roleForToken(given: string): Role | null {
  const admin = adminToken();
  if (admin && safeEqual(given, admin)) return "admin";
  const chat = chatToken();
  if (chat && safeEqual(given, chat)) return "user";
  return null;
}

function sessionRole(request: Request): Role | null {
  const [role, proof] = (cookieValue(request, SESSION_COOKIE) ?? "").split(".");
  if (role !== "admin" && role !== "user") return null;
  const token = role === "admin" ? adminToken() : chatToken();
  return token && proof && safeEqual(proof, sessionProof(role, token)) ? role : null;
}

/** The role of the shared token this request proves (a Bearer token or the token login's cookie), if any. */
export function heldTokenRole(request: Request): Role | null {
  const bearer = bearerToken(request);
  return (bearer && roleForToken(bearer)) || sessionRole(request);
}

/**
 * The highest role this request holds: a valid Bearer token or session cookie, else whatever
 * is open (no ADMIN_TOKEN: everyone is admin; no CHAT_TOKEN: everyone is a user).
 */
export function roleOf(request: Request): Role | null {
  const held = heldTokenRole(request);
  if (held === "admin") return "admin";
  if (held === "user") return anonymousRole() ?? "user";
  return anonymousRole();
}

/** What everyone is without credentials: the roles whose token is unset are open. */
export function anonymousRole(): Role | null {
  if (!adminToken()) return "admin";
  if (!chatToken()) return "user";
  return null;
}

const OWNER_RE = /^[A-Za-z0-9_-]{16,64}$/;
const newOwnerId = () => randomBytes(16).toString("base64url");

/** Whose chats are whose when no token is set: the one local user's (and chats from before owners). */
export const LOCAL_OWNER = "anonymous";

/**
 * Whose chats these are. Without tokens there is one local user. Otherwise: the browser's own
 * random id (a cookie the proxy issues), else the API client's token. No one can name
 * another's id without holding their cookie or token.
 */
export function ownerOf(request: Request): string {
  if (!anyTokenSet()) return LOCAL_OWNER;
  const cookie = cookieValue(request, OWNER_COOKIE);
  if (cookie && OWNER_RE.test(cookie)) return `u:${cookie}`;
  const bearer = bearerToken(request);
  if (bearer) return `t:${createHash("sha256").update(bearer).digest("base64url").slice(0, 32)}`;
  return LOCAL_OWNER;
}

const hasOwnerCookie = (request: Request) => OWNER_RE.test(cookieValue(request, OWNER_COOKIE) ?? "");

/**
 * The owner cookie a response should set: once tokens are set there are several users, and each
 * browser gets an id its chats belong to (clients without a cookie jar are known by their token
 * instead; see ownerOf). Null when the request has one or no token is set.
 */
export function newOwnerCookie(request: Request) {
  if (!anyTokenSet() || hasOwnerCookie(request)) return null;
  const secure = new URL(request.url).protocol === "https:";
  return {
    name: OWNER_COOKIE,
    value: newOwnerId(),
    httpOnly: true,
    sameSite: "lax" as const,
    path: "/",
    maxAge: 60 * 60 * 24 * 365,
    secure,
  };
}
