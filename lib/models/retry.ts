import { APIError } from "openai";

/**
 * When a failed model call is worth trying again, and after how long. Our own rather than the
 * SDK's (maxRetries 0 there): the SDK sleeps whatever Retry-After says, however long, and its
 * sleep ignores the client leaving; here every wait is capped and abortable, and each retry is
 * logged.
 */

/** Statuses a server sends for a passing condition (rate limit, overload, a gateway hiccup). */
const TRANSIENT_STATUSES = new Set([408, 409, 429, 500, 502, 503, 504]);
/** Socket errors (anywhere in an error's cause chain) of a connection that was dropped, not refused. */
const RESET_CODES = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED", "UND_ERR_SOCKET", "UND_ERR_CLOSED"]);
/** Backoff without a Retry-After: 0.5 s, 1 s, 2 s … */
const BASE_BACKOFF_MS = 500;

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  /** The longest wait before a retry; a server asking for longer is not retried. */
  maxWaitMs: number;
}

export type RetryDecision = { retry: true; waitMs: number } | { retry: false };

/** Whether attempt `attempt` (0-based) that failed with `error` is tried again, and when. */
export function retryDecision(error: unknown, attempt: number, policy: RetryPolicy): RetryDecision {
  const status = error instanceof APIError ? error.status : undefined;
  const transient = status !== undefined ? TRANSIENT_STATUSES.has(status) : wasReset(error);
  if (!transient) return { retry: false };
  const asked = error instanceof APIError && error.headers ? retryAfterMs(error.headers) : undefined;
  // A server asking for a longer wait than we allow is not asked again sooner (it would refuse).
  if (attempt >= policy.retries || (asked !== undefined && asked > policy.maxWaitMs)) return { retry: false };
  return { retry: true, waitMs: Math.min(asked ?? BASE_BACKOFF_MS * 2 ** attempt, policy.maxWaitMs) };
}

/** A server's wait request: `retry-after-ms`, or `Retry-After` in seconds or as an HTTP date. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const ms = Number.parseFloat(headers.get("retry-after-ms") ?? "");
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function wasReset(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === "string" && RESET_CODES.has(e.code)) return true;
  }
  return false;
}

/** Resolves after `ms`, or rejects at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", stop, { once: true });
  });
}
