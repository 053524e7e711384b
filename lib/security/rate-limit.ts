import { AppError } from "@/lib/errors";

/**
 * Throttling of credential checks (logins, Bearer tokens), so a guesser slows itself down
 * without locking anyone else out:
 *  - per client address: 10 failures in a sliding minute and that address gets 429 (before any
 *    secret is checked) until the oldest failure leaves the window;
 *  - per account (the login name, or "token"): 50 failures a minute from all addresses together
 *    (a guesser spreading itself over many addresses) and only addresses that logged in to that
 *    account within the last day are still checked: known clients keep working;
 *  - at most 4 checks at a time per scope: checking a secret is slow on purpose (scrypt).
 * The address is the last X-Forwarded-For entry: the one the nearest proxy (or Next.js itself,
 * for a direct connection) wrote. A client that forges it can only dodge its own address limit;
 * the account limit still bounds its guesses.
 */

const WINDOW_MS = 60_000;
const FAILURES_PER_ADDRESS = 10;
const FAILURES_PER_ACCOUNT = 50;
const KNOWN_CLIENT_MS = 24 * 60 * 60_000;
const CONCURRENT_CHECKS = 4;
/** Bounds the tables an address-spraying guesser could grow. */
const MAX_TRACKED = 10_000;

interface Gate {
  byAddress: Map<string, number[]>;
  byAccount: Map<string, number[]>;
  /** `account address` → when that address last logged in to it. */
  known: Map<string, number>;
  inFlight: number;
}
const gates = new Map<string, Gate>();

function gate(scope: string): Gate {
  let g = gates.get(scope);
  if (!g) gates.set(scope, (g = { byAddress: new Map(), byAccount: new Map(), known: new Map(), inFlight: 0 }));
  return g;
}

const recent = (times: number[] | undefined, now: number) => (times ?? []).filter((t) => now - t < WINDOW_MS);

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  if (map.size >= MAX_TRACKED) map.delete(map.keys().next().value!);
  map.set(key, value);
}

export class TooManyAttempts extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, `Too many failed attempts; try again in ${retryAfterSeconds} s`);
  }
}

const retryAfter = (oldest: number, now: number) => Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000));

/** The client's address as the nearest proxy (or Next.js) saw it. */
export function clientAddress(headers: Headers): string {
  const forwarded = headers
    .get("x-forwarded-for")
    ?.split(",")
    .map((a) => a.trim())
    .filter(Boolean);
  return forwarded?.at(-1) ?? headers.get("x-real-ip")?.trim() ?? "unknown";
}

export interface Attempt {
  /** What is being guessed at: a login name, or "token". */
  account: string;
  client: string;
}

/** 429 (TooManyAttempts) when this client may not try `account` now. */
function refuseIfThrottled(g: Gate, { account, client }: Attempt, now: number): void {
  const mine = recent(g.byAddress.get(client), now);
  if (mine.length >= FAILURES_PER_ADDRESS) throw new TooManyAttempts(retryAfter(mine[0], now));
  const onAccount = recent(g.byAccount.get(account), now);
  const knownClient = now - (g.known.get(`${account} ${client}`) ?? -Infinity) < KNOWN_CLIENT_MS;
  if (onAccount.length >= FAILURES_PER_ACCOUNT && !knownClient) throw new TooManyAttempts(retryAfter(onAccount[0], now));
}

function recordOutcome(g: Gate, { account, client }: Attempt, ok: boolean): void {
  const now = Date.now();
  if (ok) {
    remember(g.known, `${account} ${client}`, now);
    return;
  }
  remember(g.byAddress, client, [...recent(g.byAddress.get(client), now), now]);
  remember(g.byAccount, account, [...recent(g.byAccount.get(account), now), now]);
}

/**
 * Runs `check` (true: the credentials are right) unless this client or account is over its
 * limits; throws TooManyAttempts then. The outcome counts for the next attempts.
 */
export async function throttledLogin(scope: string, attempt: Attempt, check: () => Promise<boolean>): Promise<boolean> {
  const g = gate(scope);
  refuseIfThrottled(g, attempt, Date.now());
  if (g.inFlight >= CONCURRENT_CHECKS) throw new TooManyAttempts(1);
  g.inFlight++;
  try {
    const ok = await check();
    recordOutcome(g, attempt, ok);
    return ok;
  } finally {
    g.inFlight--;
  }
}

/**
 * The same limits for a check that is cheap (a Bearer token on a request, or one indexed lookup of
 * a personal API key's hash): no concurrency bound, else as throttledLogin.
 */
export function throttledCheck<T>(scope: string, attempt: Attempt, check: () => T | null): T | null {
  const g = gate(scope);
  refuseIfThrottled(g, attempt, Date.now());
  const result = check();
  recordOutcome(g, attempt, result !== null);
  return result;
}

export async function throttledLookup<T>(scope: string, attempt: Attempt, check: () => Promise<T | null>): Promise<T | null> {
  const g = gate(scope);
  refuseIfThrottled(g, attempt, Date.now());
  const result = await check();
  recordOutcome(g, attempt, result !== null);
  return result;
}

/** Tests start from a clean slate. */
export function resetLoginThrottle(): void {
  gates.clear();
}
