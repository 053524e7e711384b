import { AppError } from "@/lib/errors";

/**
 * Login throttling. Checking a secret is slow on purpose (scrypt), so a burst of wrong logins
 * would take the CPU from everyone: at most a few checks run at once, and failures are
 * counted per login name and in total over a sliding minute. Over a limit, a login answers 429
 * with Retry-After before any secret is checked. Client addresses are not used: behind a
 * proxy they can be forged, and the total bound holds either way.
 */

const WINDOW_MS = 60_000;
const FAILURES_PER_KEY = 10;
const FAILURES_TOTAL = 60;
const CONCURRENT_CHECKS = 4;

interface Gate {
  failures: number[];
  perKey: Map<string, number[]>;
  inFlight: number;
}
const gates = new Map<string, Gate>();

function gate(scope: string): Gate {
  let g = gates.get(scope);
  if (!g) gates.set(scope, (g = { failures: [], perKey: new Map(), inFlight: 0 }));
  return g;
}

const recent = (times: number[], now: number) => times.filter((t) => now - t < WINDOW_MS);

export class TooManyAttempts extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, `Too many login attempts; try again in ${retryAfterSeconds} s`);
  }
}

/**
 * Runs `check` (true: the credentials are right) unless this scope or key is over its limits;
 * throws TooManyAttempts then. A failed check counts against the key and the scope.
 */
export async function throttledLogin(scope: string, key: string, check: () => Promise<boolean>): Promise<boolean> {
  const g = gate(scope);
  const now = Date.now();
  g.failures = recent(g.failures, now);
  const mine = recent(g.perKey.get(key) ?? [], now);
  if (mine.length >= FAILURES_PER_KEY) throw new TooManyAttempts(Math.ceil((mine[0] + WINDOW_MS - now) / 1000));
  if (g.failures.length >= FAILURES_TOTAL) throw new TooManyAttempts(Math.ceil((g.failures[0] + WINDOW_MS - now) / 1000));
  if (g.inFlight >= CONCURRENT_CHECKS) throw new TooManyAttempts(1);
  g.inFlight++;
  try {
    const ok = await check();
    if (!ok) {
      const at = Date.now();
      g.failures.push(at);
      g.perKey.set(key, [...mine, at]);
    }
    return ok;
  } finally {
    g.inFlight--;
  }
}

/** Tests start from a clean slate. */
export function resetLoginThrottle(): void {
  gates.clear();
}
