import { NextResponse } from "next/server";
import { auth } from "./server";

/**
 * Signs a person in right after their account was made (an accepted invite, the first admin):
 * Better Auth checks the password it just stored and issues the session; its cookies are carried
 * over onto `body`'s answer.
 */
export async function signedInResponse(request: Request, email: string, password: string, body: unknown, status = 201): Promise<Response> {
  const signIn = await auth().api.signInEmail({ body: { email, password }, headers: request.headers, asResponse: true });
  // Given at construction, so NextResponse's cookie jar keeps them when more cookies are set later.
  const headers = new Headers();
  if (signIn.ok) for (const cookie of signIn.headers.getSetCookie()) headers.append("set-cookie", cookie);
  return NextResponse.json(body, { status, headers });
}
