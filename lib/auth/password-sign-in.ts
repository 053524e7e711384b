import { z } from "zod";
import { clientAddress, throttledLogin } from "@/lib/security/rate-limit";

/**
 * A password sign-in (Better Auth's /sign-in/email), throttled as every credential check is
 * (lib/security/rate-limit.ts): failed ones count, per client address and per account, so a
 * guesser slows only itself down. Better Auth's own limit is off for it (lib/auth/server.ts): it
 * counted every sign-in, successful ones too, per address, so people behind one address (an
 * office, a proxy) were refused from the fourth sign-in within ten seconds.
 */

const SignInBody = z.object({ email: z.string().trim().toLowerCase().max(320) }).partial();

export async function throttledPasswordSignIn(request: Request, signIn: (request: Request) => Promise<Response>): Promise<Response> {
  // Read from a copy: Better Auth reads the request itself.
  const copy = request.clone();
  const body = SignInBody.safeParse(await copy.json().catch(() => null));
  const email = (body.success && body.data.email) || "";
  let response: Response | undefined;
  await throttledLogin("app", { account: `password ${email}`, client: clientAddress(request.headers) }, async () => {
    response = await signIn(request);
    return response.ok;
  });
  return response!;
}
