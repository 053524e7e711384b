import { endSession } from "@/lib/auth/user-sessions";
import { json, route } from "@/lib/http/respond";
import { audit } from "@/lib/security/audit";

type Ctx = { params: Promise<{ id: string; session_id: string }> };

/** Ends one of a person's sessions (admins only): that browser's next request is signed out. */
export const DELETE = route(async (request: Request, { params }: Ctx) => {
  const { id, session_id } = await params;
  const { email, session } = await endSession(id, session_id);
  await audit(request, "session.end", id, { email, session: session.id, ip_address: session.ip_address, user_agent: session.user_agent });
  return json({ ended: 1 });
});
