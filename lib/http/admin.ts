import { AppError } from "@/lib/errors";
import { roleOfRequest } from "@/lib/security/principal";
import { includesRole, type Role } from "@/lib/security/roles";
import { route } from "./respond";
import { isCrossSite } from "./cross-site";

/**
 * Guard for admin APIs. With ADMIN_TOKEN set, a request needs `Authorization: Bearer
 * <ADMIN_TOKEN>` or the admin session cookie the login form sets (lib/security/access.ts);
 * unset means local single-user mode: open. In both modes a state-changing request from another
 * site's page is refused, so a web page cannot drive the admin API behind the user's back.
 * (The proxy applies the same rule to every path; this keeps each admin route safe on its own.)
 */
export async function requireAdmin(request: Request, role: Role = "admin"): Promise<void> {
  if (isCrossSite(request)) throw new AppError(403, "Cross-site requests to the admin API are not allowed");
  if (!includesRole(await roleOfRequest(request), role)) {
    throw new AppError(
      401,
      role === "admin"
        ? "Admin token required: send Authorization: Bearer <ADMIN_TOKEN>, or log in at /login as admin"
        : "An editor's or admin's account is required: log in at /login",
    );
  }
}

/** `route()` with the admin guard in front (or the editor's: the handler then checks the editor's grant). */
export function adminRoute<Rest extends unknown[]>(
  handler: (request: Request, ...rest: Rest) => Promise<Response>,
  role: Role = "admin",
): (request: Request, ...rest: Rest) => Promise<Response> {
  return route(async (request: Request, ...rest: Rest) => {
    await requireAdmin(request, role);
    return handler(request, ...rest);
  });
}
