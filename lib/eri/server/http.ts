import { NextResponse } from "next/server";
import { ZodError, type ZodType } from "zod";
import { AppError } from "@/lib/errors";
import { describeZodError } from "@/lib/http/respond";
import { log, requestIdOf } from "@/lib/log";
import { admitBodyRequest } from "@/lib/security/admission";
import { TooManyAttempts } from "@/lib/security/rate-limit";
import { AuthResponse } from "../schemas";
import type { Principal } from "@/lib/security/principal";
import { ERI_PRINCIPAL } from "./collections";
import { sessionReader } from "./sessions";
import { loadServerSettings, type ServerSettings } from "./settings";

/**
 * Wrapper for the ERI v1 routes: server switched on, `token` header valid (except /auth*),
 * errors as `{success: false, message}` with a non-2xx status, and every body parsed with
 * its strict v1 schema before it leaves, so no extra field can ever reach AI Studio.
 */

export const SESSION_HEADER = "token";

export function eriJson<T>(schema: ZodType<T>, value: T, status = 200): Response {
  const checked = schema.safeParse(value);
  // A bug of ours, not the client's: a plain Error, so it answers 500 rather than 400.
  if (!checked.success) throw new Error(`ERI response breaks the v1 schema: ${describeZodError(checked.error)}`);
  return NextResponse.json(checked.data, { status, headers: { "Cache-Control": "no-store" } });
}

export function eriError(status: number, message: string): Response {
  return eriJson(AuthResponse, { success: false, message }, status);
}

interface EriRouteOptions {
  /** false only for /auth and /auth/methods. */
  requireSession: boolean;
}

export function eriRoute(
  /** `reader`: whom the session reads as (the ERI scope, or the person whose API key logged in). */
  handler: (request: Request, settings: ServerSettings, reader: Principal) => Promise<Response>,
  { requireSession }: EriRouteOptions,
): (request: Request) => Promise<Response> {
  return async (request) => {
    try {
      await admitBodyRequest(request); // requests with a body skip the proxy (lib/security/admission.ts)
      const settings = await loadServerSettings();
      if (!settings.enabled) return eriError(503, "The ERI server of this app is turned off (Settings → ERI)");
      const reader = requireSession ? await sessionReader(request.headers.get(SESSION_HEADER)) : ERI_PRINCIPAL;
      if (!reader) {
        return eriError(
          401,
          "Missing, invalid or expired token: authenticate at POST /auth first and send the token in the 'token' header",
        );
      }
      return await handler(request, settings, reader);
    } catch (error) {
      if (error instanceof TooManyAttempts) {
        const response = eriError(429, error.message);
        response.headers.set("Retry-After", String(error.retryAfterSeconds));
        return response;
      }
      if (error instanceof AppError) return eriError(error.status, error.message);
      if (error instanceof ZodError) return eriError(400, describeZodError(error));
      log("error", "eri_unhandled_error", { request_id: requestIdOf(request), path: new URL(request.url).pathname, error });
      return eriError(500, "Internal server error");
    }
  };
}
