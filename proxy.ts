import { randomUUID } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { objectStore } from "@/lib/knowledge/storage";
import { REQUEST_ID_HEADER } from "@/lib/log";
import { anyTokenSet, hasOwnerCookie, newOwnerId, OWNER_COOKIE, roleOf } from "@/lib/security/access";
import { contentSecurityPolicy, newNonce, SECURITY_HEADERS } from "@/lib/security/headers";
import { hostAllowed } from "@/lib/security/hosts";
import { MAX_JSON_BYTES, isUploadRoute } from "@/lib/security/limits";
import { accessFor, allows } from "@/lib/security/policy";

/**
 * The network boundary, in front of every request: a sane path, an allowed Host, the role the
 * path needs (lib/security/policy.ts), a body-size ceiling, a request id, the browser's owner
 * cookie, and the security headers (a nonce-based CSP on pages). Routes still check what is
 * theirs to check (protocol credentials, ownership).
 */

const API = /^\/(api|v1|content)\/|^\/(auth|auth\/methods|dataSource|embedding\/info|retrieval|retrieval\/info|security\/requirements)$/;

export function proxy(request: NextRequest): NextResponse {
  const { pathname } = request.nextUrl;
  const isApi = API.test(pathname);
  const refuse = (status: number, message: string) => withHeaders(errorResponse(pathname, status, message), null);

  try {
    decodeURIComponent(request.nextUrl.pathname);
  } catch {
    return refuse(400, "Malformed percent-encoding in the request path");
  }
  if (!hostAllowed(request.headers.get("host"))) {
    return refuse(
      403,
      "This host name is not allowed. Open the app at localhost, or set ADMIN_TOKEN (and CHAT_TOKEN) to serve it on a network; ALLOWED_HOSTS lists the accepted names.",
    );
  }

  const access = accessFor(request.method, pathname);
  if (!allows(access, roleOf(request))) {
    if (!isApi && request.method === "GET") {
      const login = new URL("/login", request.url);
      login.searchParams.set("next", pathname + request.nextUrl.search);
      return withHeaders(NextResponse.redirect(login), null);
    }
    return access === "user"
      ? refuse(401, "Sign in first: send Authorization: Bearer <CHAT_TOKEN> (or ADMIN_TOKEN), or log in at /login")
      : refuse(401, "Admin token required: send Authorization: Bearer <ADMIN_TOKEN>, or log in at /login as admin");
  }

  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_JSON_BYTES && !isUploadRoute(request.method, pathname)) {
    return refuse(413, `Request body too large (limit ${Math.round(MAX_JSON_BYTES / 1024)} KB)`);
  }

  // Forwarded request: our request id and the CSP nonce Next applies to its scripts.
  const headers = new Headers(request.headers);
  const requestId = randomUUID();
  headers.set(REQUEST_ID_HEADER, requestId);
  const csp = isApi ? null : contentSecurityPolicy(newNonce(), objectStore()?.origin ?? null);
  if (csp) headers.set("content-security-policy", csp);

  const response = withHeaders(NextResponse.next({ request: { headers } }), csp);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  // Once tokens are set there are several users: each browser gets an id its chats belong to.
  // (Clients without a cookie jar are known by their token instead; see ownerOf.)
  if (anyTokenSet() && !hasOwnerCookie(request)) {
    response.cookies.set(OWNER_COOKIE, newOwnerId(), {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: 60 * 60 * 24 * 365,
      secure: request.nextUrl.protocol === "https:",
    });
  }
  return response;
}

const ERROR_KEY_PATHS = /^\/api\/(chat|polymath|copilot)(\/|$)/;

function errorResponse(pathname: string, status: number, message: string): NextResponse {
  // The chat protocol's, Polymath's and Copilot's clients read `error`; the Knowledge Layer's read `detail`.
  const body = ERROR_KEY_PATHS.test(pathname) ? { error: message } : { detail: message };
  return NextResponse.json(body, { status });
}

function withHeaders(response: NextResponse, csp: string | null): NextResponse {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
  if (csp) response.headers.set("Content-Security-Policy", csp);
  return response;
}

export const config = {
  // Everything but Next's hashed static assets.
  matcher: ["/((?!_next/static|_next/image).*)"],
};
