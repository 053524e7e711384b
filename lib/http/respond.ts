import { NextResponse } from "next/server";
import { ZodError, type ZodType } from "zod";
import { AppError, badRequest } from "@/lib/errors";
import { log, requestIdOf, withRequest } from "@/lib/log";
import { MAX_JSON_BYTES, readLimitedText } from "@/lib/security/limits";
import { TooManyAttempts } from "@/lib/security/rate-limit";
import { isCrossSite } from "./cross-site";

/** Readable one-line summary of a zod error: `field: problem; other: problem`. */
export function describeZodError(error: ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}

export function parseWith<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describeZodError(result.error));
  return result.data;
}

export const isJsonRequest = (request: Request) => /^application\/json\b/i.test(request.headers.get("content-type") ?? "");

/** The JSON body, at most `limit` bytes (413 beyond), 400 when it is not JSON. */
export async function readJson(request: Request, limit = MAX_JSON_BYTES): Promise<unknown> {
  const text = await readLimitedText(request, limit);
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("Request body must be valid JSON");
  }
}

type ErrorShape = (message: string) => Record<string, string>;
const detail: ErrorShape = (message) => ({ detail: message });

/**
 * Wraps a route handler: AppErrors become their status with a user-facing message; anything
 * else is logged and answered 500 without internals. `shape` picks the error body format
 * ({detail} for the Knowledge Layer API, {error} for the chat protocol).
 */
export function route<Args extends unknown[]>(
  handler: (...args: Args) => Promise<Response>,
  shape: ErrorShape = detail,
): (...args: Args) => Promise<Response> {
  return async (...args) => {
    const request = args[0] instanceof Request ? args[0] : null;
    try {
      if (request && isCrossSite(request)) {
        throw new AppError(403, "Cross-site requests are not allowed");
      }
      const started = performance.now();
      const response = await withRequest(request, () => handler(...args));
      return withServerTiming(response, performance.now() - started);
    } catch (error) {
      if (error instanceof TooManyAttempts) {
        return NextResponse.json(shape(error.message), { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } });
      }
      if (error instanceof AppError) return NextResponse.json(shape(error.message), { status: error.status });
      if (error instanceof ZodError) return NextResponse.json(shape(describeZodError(error)), { status: 400 });
      log("error", "unhandled_error", { request_id: requestIdOf(request), method: request?.method, path: request ? new URL(request.url).pathname : undefined, error });
      return NextResponse.json(shape("Internal server error"), { status: 500 });
    }
  };
}

/**
 * The handler's own time as a Server-Timing entry (`app;dur=ms`, shown by browsers' dev tools):
 * what a request costs beyond it is the framework's (the bench reports both). Responses with
 * immutable headers (a fetch passed through) go out as they are.
 */
function withServerTiming(response: Response, ms: number): Response {
  try {
    response.headers.set("server-timing", `app;dur=${ms.toFixed(1)}`);
  } catch {
    // immutable headers
  }
  return response;
}

export const json = (body: unknown, status = 200) => NextResponse.json(body, { status });
