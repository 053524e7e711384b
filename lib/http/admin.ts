import { AppError } from "@/lib/errors";
import { safeEqual } from "@/lib/security/hashing";
import { route } from "./respond";
import { isCrossSite } from "./cross-site";

/**
 * Guard for admin APIs (ERI sources, server settings). With ADMIN_TOKEN set, a request needs
 * `Authorization: Bearer <ADMIN_TOKEN>` or the cookie `admin_token=<ADMIN_TOKEN>`. Unset means
 * local single-user mode: open. In both modes a state-changing request from another site's
 * page is refused, so a web page cannot drive the local admin API behind the user's back.
 */

export const ADMIN_COOKIE = "admin_token";

/** Read per request (not cached) so it can be rotated by restarting with a new value. */
const adminToken = () => process.env.ADMIN_TOKEN?.trim() || null;

function presentedToken(request: Request): string | null {
  const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1]?.trim();
  if (bearer) return bearer;
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === ADMIN_COOKIE) {
      try {
        return decodeURIComponent(value.join("="));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function requireAdmin(request: Request): void {
  if (isCrossSite(request)) throw new AppError(403, "Cross-site requests to the admin API are not allowed");
  // (route() refuses them too; kept here so the admin guard stands on its own.)
  const expected = adminToken();
  if (!expected) return;
  const given = presentedToken(request);
  if (!given || !safeEqual(given, expected)) {
    throw new AppError(401, "Admin token required: send Authorization: Bearer <ADMIN_TOKEN> or the admin_token cookie");
  }
}

/** `route()` with the admin guard in front. */
export function adminRoute<Rest extends unknown[]>(
  handler: (request: Request, ...rest: Rest) => Promise<Response>,
): (request: Request, ...rest: Rest) => Promise<Response> {
  return route(async (request: Request, ...rest: Rest) => {
    requireAdmin(request);
    return handler(request, ...rest);
  });
}
