import { NextResponse } from "next/server";
import { route } from "@/lib/http/respond";
import { cookieValue, heldTokenRole, SESSION_COOKIE } from "@/lib/security/access";
import { audit } from "@/lib/security/audit";

export const POST = route(async (request: Request) => {
  // Only a browser signed in with a token signs out of one (the sign-out button calls this after an account's sign-out too).
  if (cookieValue(request, SESSION_COOKIE) && heldTokenRole(request)) await audit(request, "auth.sign_out", null, { method: "token" });
  const response = NextResponse.json({ logged_out: true });
  response.cookies.delete(SESSION_COOKIE);
  return response;
});
