import { auditAs, personActor } from "@/lib/security/audit";

/**
 * Signing in and out, in the audit trail, as the person: Better Auth's session hooks call these
 * with the endpoint that made or ended the session (lib/auth/server.ts). A password sign-in comes
 * through /sign-in/email (the login form, and an accepted invite or first admin signing in), single
 * sign-on through the provider's callback. A session ended otherwise (expired, an admin ending it,
 * a disabled user) is not a sign-out: the admin's action is recorded by its route.
 */

interface SessionRow {
  id: string;
  userId: string;
  ipAddress?: string | null;
  userAgent?: string | null;
}

/** How a sign-in endpoint proves the person, or null for an endpoint that is not a sign-in. */
export function signInMethod(path: string | undefined): "password" | "sso" | null {
  if (!path) return null;
  if (path.startsWith("/sign-in/email")) return "password";
  if (path.startsWith("/callback/") || path.startsWith("/oauth2/callback/")) return "sso";
  return null;
}

const whereFrom = (session: SessionRow) => ({ ip_address: session.ipAddress || null, user_agent: session.userAgent || null });

export async function auditSignIn(session: SessionRow, path: string | undefined): Promise<void> {
  const method = signInMethod(path);
  if (!method) return;
  const actor = await personActor(session.userId, method === "sso" ? "sso" : "session");
  await auditAs(actor, "auth.sign_in", session.userId, { email: actor.actorName, method, session: session.id, ...whereFrom(session) });
}

export async function auditSignOut(session: SessionRow, path: string | undefined): Promise<void> {
  if (path !== "/sign-out") return;
  const actor = await personActor(session.userId, "session");
  await auditAs(actor, "auth.sign_out", session.userId, { email: actor.actorName, session: session.id, ...whereFrom(session) });
}
