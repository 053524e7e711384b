import { endAllSessions, listSessions } from "@/lib/auth/user-sessions";
import { json, route } from "@/lib/http/respond";
import { audit } from "@/lib/security/audit";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** A person's live sessions, most recently active first (admins only: lib/security/policy.ts). */
export const GET = route(async (_request: Request, { params }: Ctx) => json({ sessions: await listSessions((await params).id) }));

/** Ends every session of the person at once: each of their browsers must sign in again. */
export const DELETE = route(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  const { email, ended } = await endAllSessions(id);
  await audit(request, "session.end_all", id, { email, ended });
  return json({ ended });
});
