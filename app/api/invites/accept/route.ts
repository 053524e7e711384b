import { acceptInvite, InviteAcceptance } from "@/lib/auth/invites";
import { signedInResponse } from "@/lib/auth/sign-in";
import { parseWith, readJson, route } from "@/lib/http/respond";
import { auditAs, personActor } from "@/lib/security/audit";

/** Uses an invite (public: the link is the credential): creates the account and signs it in. */
export const POST = route(async (request: Request) => {
  const input = parseWith(InviteAcceptance, await readJson(request));
  const { user, inviteId } = await acceptInvite(input, request.headers);
  await auditAs(await personActor(user.id, "invite"), "invite.accept", inviteId, {
    email: user.email,
    role: user.role,
    groups: user.groups,
  });
  return signedInResponse(request, user.email, input.password, user);
});
