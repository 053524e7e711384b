import { randomUUID } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { objectStore } from "@/lib/knowledge/storage";
import { REQUEST_ID_HEADER } from "@/lib/log";
import { newOwnerCookie } from "@/lib/security/access";
import { refusal } from "@/lib/security/admission";
import { contentSecurityPolicy, newNonce, SECURITY_HEADERS } from "@/lib/security/headers";
import { TooManyAttempts } from "@/lib/security/rate-limit";

/**
 * The network boundary, in front of every request without a body: a sane path, an allowed
 * Host, the role the path needs, a body-size ceiling (lib/security/admission.ts), a request id,
 * the browser's owner cookie, and the security headers (a nonce-based CSP on pages). Routes
 * still check what is theirs to check (protocol credentials, ownership).
 *
 * Requests with a body to the API skip it (see `config` below) and pass the same admission in
 * their route's wrapper, before their body is read.
 */

const API = /^\/(api|v1|content)\/|^\/(auth|auth\/methods|dataSource|embedding\/info|retrieval|retrieval\/info|security\/requirements)$/;

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname } = request.nextUrl;
  const isApi = API.test(pathname);

  const refused = await refusal(request);
  if (refused) {
    if (refused.status === 401 && !isApi && request.method === "GET") {
      const login = new URL("/login", request.url);
      login.searchParams.set("next", pathname + request.nextUrl.search);
      return withHeaders(NextResponse.redirect(login), null);
    }
    const response = withHeaders(errorResponse(pathname, refused.status, refused.message), null);
    if (refused instanceof TooManyAttempts) response.headers.set("Retry-After", String(refused.retryAfterSeconds));
    return response;
  }

  // Forwarded request: our request id and the CSP nonce Next applies to its scripts.
  const headers = new Headers(request.headers);
  const requestId = randomUUID();
  headers.set(REQUEST_ID_HEADER, requestId);
  const csp = isApi ? null : contentSecurityPolicy(newNonce(), objectStore()?.origin ?? null);
  if (csp) headers.set("content-security-policy", csp);

  const response = withHeaders(NextResponse.next({ request: { headers } }), csp);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  const owner = newOwnerCookie(request);
  if (owner) response.cookies.set(owner);
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

/**
 * Next.js reads the whole body of a request its proxy sees (up to proxyClientMaxBodySize,
 * buffered twice) before the proxy's answer can leave, even a refusal. So the proxy sees every
 * request without a body, and page requests with one (pages take none: their bodies are cut at
 * 1 MB and refused); API requests with a body go straight to their route, whose wrapper admits
 * them before reading a byte. tests/security/proxy-matcher.test.ts checks this split against
 * the API pattern above.
 */
export const config = {
  matcher: [
    {
      source: "/((?!_next/static|_next/image).*)",
      missing: [
        { type: "header", key: "content-length" },
        { type: "header", key: "transfer-encoding" },
      ],
    },
    {
      source:
        "/((?!_next/static|_next/image|api/|v1/|content/|auth$|auth/methods$|dataSource$|embedding/info$|retrieval$|retrieval/info$|security/requirements$).*)",
    },
  ],
};
