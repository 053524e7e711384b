import { auth } from "@/lib/auth/server";
import { route } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

/** Better Auth's own endpoints: sign in (/sign-in/email), sign out (/sign-out), the session (/get-session). */
const handle = route(async (request: Request) => auth().handler(request));

export const GET = handle;
export const POST = handle;
