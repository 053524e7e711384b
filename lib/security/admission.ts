import { sendsApiKey, signedInUser } from "@/lib/auth/session";
import { AppError, badRequest, payloadTooLarge } from "@/lib/errors";
import { anonymousRole, bearerToken, roleForToken, roleOf } from "./access";
import { hostAllowed } from "./hosts";
import { bodyLimit, tooLargeMessage } from "./limits";
import { accessFor, allows } from "./policy";
import { clientAddress, throttledCheck, throttledLookup } from "./rate-limit";

/**
 * Whether a request may reach its route at all, decided from its request line and headers
 * alone, never its body: a path that decodes, an allowed Host, the role the path needs
 * (lib/security/policy.ts; wrong Bearer tokens throttled per client), and a declared body
 * within the route's limit. Null when it may; else the error to answer with.
 *
 * Requests without a body pass it in the proxy. Requests with one pass it in their route's
 * wrapper instead (lib/http/respond.ts): Next.js reads the whole body of any request its proxy
 * sees before the proxy's answer can leave, so those skip the proxy (see its matcher).
 */
export async function refusal(request: Request): Promise<AppError | null> {
  const { pathname } = new URL(request.url);
  try {
    decodeURIComponent(pathname);
  } catch {
    return badRequest("Malformed percent-encoding in the request path");
  }
  // Node refuses HTTP/1.1 requests without Host; a Request built in process names its host in its URL.
  if (!hostAllowed(request.headers.get("host") ?? new URL(request.url).host)) {
    return new AppError(
      403,
      "This host name is not allowed. Open the app at localhost, or set ADMIN_TOKEN (and CHAT_TOKEN) to serve it on a network; ALLOWED_HOSTS lists the accepted names.",
    );
  }
  const access = accessFor(request.method, pathname);
  const bearer = bearerToken(request);
  try {
    // A Bearer token counts as a guess only where it is what lets the request in.
    if (bearer && !allows(access, anonymousRole())) {
      const attempt = { account: "token", client: clientAddress(request.headers) };
      if (sendsApiKey(request)) await throttledLookup("app", attempt, () => signedInUser(request));
      else throttledCheck("app", attempt, () => roleForToken(bearer));
    }
  } catch (error) {
    return error as AppError;
  }
  // A session is looked up only where the tokens do not let the request in already.
  if (!allows(access, roleOf(request)) && !allows(access, (await signedInUser(request))?.role ?? null)) {
    return new AppError(
      401,
      access === "user"
        ? "Sign in first: send Authorization: Bearer <CHAT_TOKEN> (or ADMIN_TOKEN, or a personal API key), or log in at /login"
        : access === "editor"
          ? "An editor's or admin's account (or ADMIN_TOKEN) is required: log in at /login, or send Authorization: Bearer <key>"
          : "Admin token required: send Authorization: Bearer <ADMIN_TOKEN>, or log in at /login as admin",
    );
  }
  const limit = bodyLimit(request.method, pathname);
  if (Number(request.headers.get("content-length") ?? 0) > limit) return payloadTooLarge(tooLargeMessage(limit));
  return null;
}

/** Whether the request declares a body: exactly the requests the proxy's matcher leaves to the routes. */
export const carriesBody = (request: Request) => request.headers.has("content-length") || request.headers.has("transfer-encoding");

/** For route wrappers: throws the refusal of a request the proxy did not see. */
export async function admitBodyRequest(request: Request): Promise<void> {
  if (!carriesBody(request)) return;
  const refused = await refusal(request);
  if (refused) throw refused;
}
