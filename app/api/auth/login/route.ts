import { NextResponse } from "next/server";
import { parseWith, readJson, route } from "@/lib/http/respond";
import { auditAs, tokenActor } from "@/lib/security/audit";
import { LoginRequest, logIn, sessionCookie } from "@/lib/security/login";
import { clientAddress } from "@/lib/security/rate-limit";

/** The login form posts the token; the answer sets an http-only session cookie for its role. */
export const POST = route(async (request: Request) => {
  const { token } = parseWith(LoginRequest, await readJson(request));
  const { role, cookie } = await logIn(token, request.headers);
  await auditAs(tokenActor(role), "auth.sign_in", null, {
    method: "token",
    ip_address: clientAddress(request.headers),
    user_agent: request.headers.get("user-agent"),
  });
  const response = NextResponse.json({ role });
  response.cookies.set(sessionCookie(cookie, new URL(request.url).protocol === "https:"));
  return response;
});
