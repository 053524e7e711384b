import { db } from "@/lib/db/client";
import { randomToken, sha256Hex } from "@/lib/security/hashing";

/**
 * Session tokens handed out by POST /auth. Only their sha256 is stored, so a database leak
 * yields no usable token. A login secret is never a session: lookups go by the hash of
 * tokens this server issued, and nothing else is ever inserted.
 */

const TOKEN_PREFIX = "eri_";

export async function createSession(ttlMinutes: number): Promise<{ token: string; expiresAt: Date }> {
  const token = TOKEN_PREFIX + randomToken();
  const expiresAt = new Date(Date.now() + ttlMinutes * 60_000);
  // Housekeeping rides along with logins, which are rare compared with other calls.
  await db().eriSession.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  await db().eriSession.create({ data: { tokenHash: sha256Hex(token), expiresAt } });
  return { token, expiresAt };
}

export async function isValidSession(token: string | null | undefined): Promise<boolean> {
  if (!token || !token.startsWith(TOKEN_PREFIX) || token.length > 200) return false;
  const row = await db().eriSession.findUnique({ where: { tokenHash: sha256Hex(token) } });
  return Boolean(row && row.expiresAt.getTime() > Date.now());
}

export async function revokeAllSessions(): Promise<number> {
  const { count } = await db().eriSession.deleteMany({});
  return count;
}
