import { z } from "zod";
import type { Role } from "@/lib/security/access";

/** The person a request's session cookie signs in, looked up once per request. */

export interface SignedInUser {
  id: string;
  role: Role;
  groups: string[];
}

const Groups = z.array(z.string());
const lookups = new WeakMap<Request, Promise<SignedInUser | null>>();

/** Better Auth's session cookie (with its __Secure- prefix over https). */
export const isAccountSessionCookie = (name: string) => /^(__Secure-)?better-auth\.session_token$/.test(name);

/** Whether the request carries a session cookie at all (no cookie: no database lookup). */
const hasSessionCookie = (request: Request) => /(^|;\s*)(__Secure-)?better-auth\.session_token=/.test(request.headers.get("cookie") ?? "");

export function signedInUser(request: Request): Promise<SignedInUser | null> {
  if (!process.env.ADMIN_TOKEN?.trim() || !hasSessionCookie(request)) return Promise.resolve(null);
  let found = lookups.get(request);
  if (!found) {
    found = lookUp(request);
    lookups.set(request, found);
  }
  return found;
}

async function lookUp(request: Request): Promise<SignedInUser | null> {
  // Loaded on the first session only: every route and the proxy import this file, and a heavier
  // module load delays the refusals of unread bodies (tests/e2e hostile: refused before read).
  const { auth } = await import("./server");
  const session = await auth()
    .api.getSession({ headers: request.headers })
    .catch(() => null);
  if (!session || session.user.banned) return null;
  const groups = Groups.safeParse(JSON.parse(String(session.user.groups ?? "[]")));
  return { id: session.user.id, role: session.user.role === "admin" ? "admin" : "user", groups: groups.success ? groups.data : [] };
}
