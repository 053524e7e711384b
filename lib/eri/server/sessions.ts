import { userOfApiKeyId } from "@/lib/auth/api-keys";
import { asSignedIn } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { randomToken, sha256Hex } from "@/lib/security/hashing";
import { person, type Principal } from "@/lib/security/principal";
import { ERI_PRINCIPAL } from "./collections";

/**
 * Session tokens handed out by POST /auth. Only their sha256 is stored, so a database leak
 * yields no usable token. A login secret is never a session: lookups go by the hash of
 * tokens this server issued, and nothing else is ever inserted.
 *
 * A login with the server's own secrets reads as the ERI scope; one with a person's API key
 * (`apiKeyId`) reads as that person, checked at every call: revoking the key or disabling the
 * person ends the session's access at once.
 */

const TOKEN_PREFIX = "eri_";

export async function createSession(ttlMinutes: number, apiKeyId: string | null = null): Promise<{ token: string; expiresAt: Date }> {
  const token = TOKEN_PREFIX + randomToken();
  const expiresAt = new Date(Date.now() + ttlMinutes * 60_000);
  // Housekeeping rides along with logins, which are rare compared with other calls.
  await db().eriSession.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  await db().eriSession.create({ data: { tokenHash: sha256Hex(token), expiresAt, apiKeyId } });
  return { token, expiresAt };
}

/** Whom a session token reads as, or null when it is unknown, expired, or its person's key no longer works. */
export async function sessionReader(token: string | null | undefined): Promise<Principal | null> {
  if (!token || !token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
  const row = await db().eriSession.findUnique({ where: { tokenHash: sha256Hex(token) } });
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  if (!row.apiKeyId) return ERI_PRINCIPAL;
  const owner = await userOfApiKeyId(row.apiKeyId);
  if (!owner) return null;
  const user = asSignedIn(owner, "api-key");
  return person(user.role, user.id, user.groups);
}

export async function revokeAllSessions(): Promise<number> {
  const { count } = await db().eriSession.deleteMany({});
  return count;
}
