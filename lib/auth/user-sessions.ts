import { z } from "zod";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";

/**
 * One person's sessions as an admin sees and ends them (Settings → Users, /api/users/{id}/sessions).
 * A session is a database row (lib/auth/server.ts): deleting it refuses the browser's next request,
 * whatever cookie it still holds. The token is never shown, only the row's id.
 */

export const SessionView = z.object({
  id: z.string(),
  created_at: z.string(),
  /** When the session last made a request (written at most once a minute: lib/auth/session.ts). */
  last_active_at: z.string(),
  expires_at: z.string(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type SessionView = z.infer<typeof SessionView>;

export const SessionList = z.object({ sessions: z.array(SessionView) });
export type SessionList = z.infer<typeof SessionList>;

/** What ending sessions did: the number ended (the ids of the user's sessions that were live). */
export const EndedSessions = z.object({ ended: z.number().int() });
export type EndedSessions = z.infer<typeof EndedSessions>;

type Row = { id: string; createdAt: Date; updatedAt: Date; expiresAt: Date; ipAddress: string | null; userAgent: string | null };

const viewOf = (row: Row): SessionView => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  last_active_at: row.updatedAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
  ip_address: row.ipAddress || null,
  user_agent: row.userAgent || null,
});

/** The user's e-mail (for the trail), or 404 for a user that does not exist. */
async function emailOf(userId: string): Promise<string> {
  const user = await db().user.findUnique({ where: { id: userId }, select: { email: true } });
  if (!user) throw notFound(`No user '${userId}'`);
  return user.email;
}

/** The user's live sessions, most recently active first. */
export async function listSessions(userId: string): Promise<SessionView[]> {
  await emailOf(userId);
  const rows = await db().session.findMany({
    where: { userId, expiresAt: { gt: new Date() } },
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
  });
  return rows.map(viewOf);
}

/** Ends one of the user's sessions; another user's session id is one that does not exist (404). */
export async function endSession(userId: string, sessionId: string): Promise<{ email: string; session: SessionView }> {
  const email = await emailOf(userId);
  const row = await db().session.findFirst({ where: { id: sessionId, userId } });
  if (!row) throw notFound(`No session '${sessionId}' of user '${userId}'`);
  await db().session.deleteMany({ where: { id: sessionId, userId } });
  return { email, session: viewOf(row) };
}

/** Ends every session of the user (they must sign in again); answers how many were live. */
export async function endAllSessions(userId: string): Promise<{ email: string; ended: number }> {
  const email = await emailOf(userId);
  const now = new Date();
  const live = await db().session.count({ where: { userId, expiresAt: { gt: now } } });
  await db().session.deleteMany({ where: { userId } });
  return { email, ended: live };
}
