import { revokeInvite } from "@/lib/auth/invites";
import { json, route } from "@/lib/http/respond";
import { audit } from "@/lib/security/audit";

type Ctx = { params: Promise<{ id: string }> };

/** Withdraws an unused invite (admins only): its link is refused from now on. */
export const DELETE = route(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  await revokeInvite(id);
  await audit(request, "invite.revoke", id);
  return json({ revoked: true });
});
