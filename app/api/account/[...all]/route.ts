import { notFound } from "@/lib/errors";
import { auth, AUTH_BASE_PATH } from "@/lib/auth/server";
import { asAddressed } from "@/lib/http/origin";
import { route } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

/**
 * Better Auth's own endpoints: sign in (/sign-in/email), sign out (/sign-out), the session
 * (/get-session). It checks a sign-in's Origin against the request's URL, hence the Host's origin.
 * Its admin plugin's endpoints (/admin/*: create users, set roles, ban, impersonate) are closed:
 * people are managed through /api/users, which the audit trail records.
 */
const handle = route(async (request: Request) => {
  if (new URL(request.url).pathname.startsWith(`${AUTH_BASE_PATH}/admin/`)) throw notFound("Not found");
  return auth().handler(asAddressed(request));
});

export const GET = handle;
export const POST = handle;
