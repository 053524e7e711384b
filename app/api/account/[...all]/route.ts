import { throttledPasswordSignIn } from "@/lib/auth/password-sign-in";
import { auth, AUTH_BASE_PATH } from "@/lib/auth/server";
import { notFound } from "@/lib/errors";
import { asAddressed } from "@/lib/http/origin";
import { route } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

/**
 * Better Auth's own endpoints: sign in (/sign-in/email), sign out (/sign-out), the session
 * (/get-session). It checks a sign-in's Origin against the request's URL, hence the Host's origin.
 * Its admin plugin's endpoints (/admin/*: create users, set roles, ban, impersonate) are closed:
 * people are managed through /api/users, which the audit trail records. A password sign-in is
 * throttled as every credential check is (lib/auth/password-sign-in.ts).
 */
const handle = route(async (request: Request) => {
  const { pathname } = new URL(request.url);
  if (pathname.startsWith(`${AUTH_BASE_PATH}/admin/`)) throw notFound("Not found");
  const betterAuth = (r: Request) => auth().handler(asAddressed(r));
  if (request.method === "POST" && pathname === `${AUTH_BASE_PATH}/sign-in/email`) return throttledPasswordSignIn(request, betterAuth);
  return betterAuth(request);
});

export const GET = handle;
export const POST = handle;
