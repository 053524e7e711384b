import { z } from "zod";
import { unauthorized } from "@/lib/errors";
import { roleForToken, SESSION_COOKIE, sessionCookieValue, type Role } from "./access";
import { clientAddress, throttledLogin } from "./rate-limit";

/** The login form's check: a token in, the role and its session cookie out (or 401). */

export const LoginRequest = z.object({ token: z.string().trim().min(1, "Enter the token").max(500) });

const SESSION_DAYS = 30;

export async function logIn(token: string, headers: Headers): Promise<{ role: Role; cookie: string }> {
  let role: Role | null = null;
  // One account for every role: there is no user name, and a token guess is a guess at each.
  // The same scope as Bearer tokens on requests (lib/security/admission.ts).
  const ok = await throttledLogin(
    "app",
    { account: "token", client: clientAddress(headers) },
    async () => (role = roleForToken(token)) !== null,
  );
  if (!ok || !role) throw unauthorized("That token is not valid");
  return { role, cookie: sessionCookieValue(role)! };
}

export function sessionCookie(value: string, secure: boolean) {
  return {
    name: SESSION_COOKIE,
    value,
    httpOnly: true,
    sameSite: "strict" as const,
    path: "/",
    secure,
    maxAge: 60 * 60 * 24 * SESSION_DAYS,
  };
}
