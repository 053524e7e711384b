import { createFirstAdmin, FirstAdmin } from "@/lib/auth/first-run";
import { signedInResponse } from "@/lib/auth/sign-in";
import { parseWith, readJson, route } from "@/lib/http/respond";
import { auditAs, personActor } from "@/lib/security/audit";

/**
 * The first admin (public path; lib/auth/first-run.ts decides): accounts on, none yet, and the
 * visitor at the server itself or holding ADMIN_TOKEN. Answers the account, signed in.
 */
export const POST = route(async (request: Request) => {
  const input = parseWith(FirstAdmin, await readJson(request));
  const user = await createFirstAdmin(request, input);
  await auditAs(await personActor(user.id, "first-run"), "setup.first_admin", user.id, { email: user.email });
  return signedInResponse(request, user.email, input.password, user);
});
