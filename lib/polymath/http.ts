import { randomUUID } from "node:crypto";
import { log, requestIdOf } from "@/lib/log";
import { AppError } from "@/lib/errors";
import { admitBodyRequest } from "@/lib/security/admission";
import { PolymathError } from "./format";

/**
 * HTTP for the host endpoint. As the reference host does, every answer is HTTP 200 and an
 * error is `{"error": "..."}`. Clients on other sites may call it (it reads only what is
 * published, and access comes from the `access_token` argument, never from cookies), so it
 * answers CORS requests.
 */

/** Where the host answers (advertised by the home page: Link header and <link rel="polymath">). */
export const POLYMATH_PATH = "/api/polymath";

const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": "86400",
};

export function polymathJson(body: unknown, status = 200): Response {
  return new Response(jsonWithFloatSimilarities(body), {
    status,
    headers: { ...CORS, "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}

/**
 * JSON in which every `similarity` is written as a float (`1.0`, not `1`): the reference
 * client refuses a bit whose similarity parses as an int ("similarity not float as expected").
 */
export function jsonWithFloatSimilarities(value: unknown): string {
  // A mark made for this call: no text being serialised can hold it.
  const mark = `float-${randomUUID()}:`;
  const text = JSON.stringify(value, (key, v: unknown) =>
    key === "similarity" && typeof v === "number" && Number.isInteger(v) && Math.abs(v) < 1e21 ? `${mark}${v}` : v,
  );
  return text.replaceAll(new RegExp(`"${mark}(-?\\d+)"`, "g"), "$1.0");
}

export function polymathRoute(handler: (request: Request) => Promise<unknown>): (request: Request) => Promise<Response> {
  return async (request) => {
    try {
      await admitBodyRequest(request); // requests with a body skip the proxy (lib/security/admission.ts)
    } catch (error) {
      // Refused before its body is read (too large, not allowed): the status says so, the body as Polymath clients read errors.
      if (error instanceof AppError) return polymathJson({ error: error.message }, error.status);
      throw error;
    }
    try {
      return polymathJson(await handler(request));
    } catch (error) {
      if (error instanceof PolymathError || error instanceof AppError) return polymathJson({ error: error.message });
      log("error", "polymath_unhandled_error", { request_id: requestIdOf(request), error });
      return polymathJson({ error: "Internal error" });
    }
  };
}

export const corsPreflight = async () => new Response(null, { status: 204, headers: CORS });
