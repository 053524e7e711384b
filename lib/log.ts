/**
 * Structured logs: one JSON object per line on stdout/stderr, with the request id the proxy
 * gives every request (x-request-id), so one request's lines can be found together.
 */

import { AsyncLocalStorage } from "node:async_hooks";

export const REQUEST_ID_HEADER = "x-request-id";

/** The request being served, for lines logged deep inside it (a model failure mid-stream). */
const current = new AsyncLocalStorage<{ requestId?: string }>();

/** `requestId`: for a request the proxy did not see (one with a body), the id its route gave it. */
export function withRequest<T>(request: Request | null | undefined, work: () => T, requestId = requestIdOf(request)): T {
  return current.run({ requestId }, work);
}

type Level = "info" | "warn" | "error";
type Fields = Record<string, unknown>;

export function log(level: Level, event: string, fields: Fields = {}): void {
  const requestId = current.getStore()?.requestId;
  const line = JSON.stringify(
    { time: new Date().toISOString(), level, event, ...(requestId ? { request_id: requestId } : {}), ...fields },
    (_key, value: unknown) =>
      value instanceof Error ? { name: value.name, message: value.message, stack: value.stack?.split("\n").slice(0, 6).join("\n") } : value,
  );
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

export const requestIdOf = (request: Request | undefined | null): string | undefined =>
  request?.headers.get(REQUEST_ID_HEADER) ?? undefined;
