import { InviteToken, inviteOffer } from "@/lib/auth/invites";
import { json, parseWith, readJson, route } from "@/lib/http/respond";

/** What an invite link offers (public: the link is the credential), or why it no longer works (404/410). */
export const POST = route(async (request: Request) => {
  const { token } = parseWith(InviteToken, await readJson(request));
  return json(await inviteOffer(token, request.headers));
});
