import { auth } from "@/lib/auth/server";
import { asAddressed } from "@/lib/http/origin";
import { route } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

/**
 * Better Auth's own endpoints: sign in (/sign-in/email), sign out (/sign-out), the session
 * (/get-session). It checks a sign-in's Origin against the request's URL, hence the Host's origin.
 */
const handle = route(async (request: Request) => auth().handler(asAddressed(request)));

export const GET = handle;
export const POST = handle;
