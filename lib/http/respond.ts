import { randomUUID } from "node:crypto";
import { NextResponse } from "next/server";
import { ZodError, type ZodType } from "zod";
import { AppError, badRequest, unsupportedMediaType } from "@/lib/errors";
import { log, REQUEST_ID_HEADER, requestIdOf, withRequest } from "@/lib/log";
import { newOwnerCookie } from "@/lib/security/access";
import { admitBodyRequest, carriesBody } from "@/lib/security/admission";
import { SECURITY_HEADERS } from "@/lib/security/headers";
import { MAX_JSON_BYTES, readLimitedText } from "@/lib/security/limits";
import { TooManyAttempts } from "@/lib/security/rate-limit";
import { isCrossSite } from "./cross-site";
import { parseUntrustedJson } from "./json";

/** Readable one-line summary of a zod error: `field: problem; other: problem`. */
export function describeZodError(error: ZodError): string {
  return error.issues.map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message)).join("; ");
}

export function parseWith<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describeZodError(result.error));
  return result.data;
}

export const isJsonRequest = (request: Request) =>
  /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i.test(request.headers.get("content-type") ?? "");

/**
 * The JSON body: 415 unless sent as application/json (a cross-site HTML form can only send
 * text/plain, urlencoded or multipart), 413 past `limit` bytes, 400 when it is not JSON or
 * nests too deep.
 */
export async function readJson(request: Request, limit = MAX_JSON_BYTES): Promise<unknown> {
  if (!isJsonRequest(request)) throw unsupportedMediaType("Send the request body as JSON with Content-Type: application/json");
  return parseUntrustedJson(await readLimitedText(request, limit));
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
    // The proxy gives every request it sees an id; one it did not see (it has a body) gets its own here.
    const requestId = request && carriesBody(request) ? randomUUID() : requestIdOf(request);
    const started = performance.now();
    let response: Response;
    try {
      if (request) await admitBodyRequest(request);
      if (request && isCrossSite(request)) {
        throw new AppError(403, "Cross-site requests are not allowed");
      }
      response = withServerTiming(await withRequest(request, () => handler(...args), requestId), performance.now() - started);
    } catch (error) {
      response = errorResponse(error, shape, request, requestId);
    }
    return request ? asTheProxyWould(request, response, requestId) : response;
  };
}

function errorResponse(error: unknown, shape: ErrorShape, request: Request | null, requestId: string | undefined): Response {
  if (error instanceof TooManyAttempts) {
    return NextResponse.json(shape(error.message), { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } });
  }
  if (error instanceof AppError) return NextResponse.json(shape(error.message), { status: error.status });
  if (error instanceof ZodError) return NextResponse.json(shape(describeZodError(error)), { status: 400 });
  log("error", "unhandled_error", {
    request_id: requestId,
    method: request?.method,
    path: request ? new URL(request.url).pathname : undefined,
    error,
  });
  return NextResponse.json(shape("Internal server error"), { status: 500 });
}

/**
 * A request with a body did not pass the proxy: its response gets what the proxy adds (security
 * headers, its request id, the owner cookie). A body left unread (a refusal) is not waited for: the connection
 * closes after the answer instead of taking in the rest (a moment after it, so that the client reads
 * the answer: lib/http/lingering-close.ts).
 */
function asTheProxyWould(request: Request, response: Response, requestId: string | undefined): Response {
  if (!carriesBody(request)) return response;
  try {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
    if (requestId) response.headers.set(REQUEST_ID_HEADER, requestId);
    const owner = newOwnerCookie(request);
    if (owner && response instanceof NextResponse && response.status < 400) response.cookies.set(owner);
    const declared = Number(request.headers.get("content-length") ?? 0) > 0 || request.headers.has("transfer-encoding");
    // A body refused unread, or cut off at its limit (the socket then goes with it).
    if (declared && (!request.bodyUsed || response.status === 413)) response.headers.set("Connection", "close");
  } catch {
    // immutable headers (a fetch passed through)
  }
  return response;
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
