/**
 * Structured logs: one JSON object per line on stdout/stderr, with the request id the proxy
 * gives every request (x-request-id), so one request's lines can be found together.
 */

export const REQUEST_ID_HEADER = "x-request-id";

type Level = "info" | "warn" | "error";
type Fields = Record<string, unknown>;

export function log(level: Level, event: string, fields: Fields = {}): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }, (_key, value: unknown) =>
    value instanceof Error ? { name: value.name, message: value.message, stack: value.stack?.split("\n").slice(0, 6).join("\n") } : value,
  );
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

export const requestIdOf = (request: Request | undefined | null): string | undefined =>
  request?.headers.get(REQUEST_ID_HEADER) ?? undefined;
