import { liveSetting, onVercel } from "@/lib/config";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { adminToken, heldTokenRole } from "@/lib/security/access";
import { hostName } from "@/lib/security/hosts";
import { clientAddress } from "@/lib/security/rate-limit";
import { createUser, NewUser, type UserView } from "./users";

/**
 * First run: accounts are on (ADMIN_TOKEN set) and no account exists yet. Then whoever holds
 * ADMIN_TOKEN, or sits at the server itself, may create the first admin at /setup; once any
 * account exists the path is closed for good. Without ADMIN_TOKEN the app stays the single local
 * user's and there is nothing to set up.
 */

export const FirstAdmin = NewUser.pick({ email: true, name: true, password: true }).strict();
export type FirstAdmin = typeof FirstAdmin._zod.input;

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);
const isLoopbackName = (value: string | null) => value !== null && LOOPBACK_NAMES.has(hostName(value));
const isLoopbackAddress = (address: string) => /^(127\.|::1$|::ffff:127\.)/.test(address);
const boundToLoopback = () => LOOPBACK_NAMES.has(liveSetting("HOST")?.toLowerCase() || "127.0.0.1");

const publicHostIsLoopback = () => {
  const url = liveSetting("PUBLIC_BASE_URL");
  if (!url) return true;
  try {
    return LOOPBACK_NAMES.has(new URL(url).hostname.toLowerCase());
  } catch {
    return false;
  }
};

/**
 * A visitor at the server itself: the server listens on loopback only (HOST unset or a loopback
 * name; never on Vercel) and is not published under another name (PUBLIC_BASE_URL), was reached
 * under a loopback name (Host, and X-Forwarded-Host when a proxy set one), and the nearest proxy
 * (or Next.js) saw a loopback client. Next.js keeps a client's own X-Forwarded-For, so no one
 * check suffices alone; a reverse proxy on the same machine that sets none of these headers would
 * pass them all, which is why a published server (PUBLIC_BASE_URL) takes the ADMIN_TOKEN path.
 */
export function isLoopbackVisitor(request: Request): boolean {
  if (onVercel() || !boundToLoopback() || !publicHostIsLoopback()) return false;
  const forwardedHost = request.headers.get("x-forwarded-host");
  if (!isLoopbackName(request.headers.get("host")) || (forwardedHost !== null && !isLoopbackName(forwardedHost))) return false;
  const client = clientAddress(request.headers);
  return client === "unknown" || isLoopbackAddress(client);
}

/** Accounts are on and none exists yet. */
export const firstRunOpen = async () => adminToken() !== null && (await db().user.count()) === 0;

export type FirstRunState = "off" | "done" | "not-here" | "open";

/** Whether this request may create the first admin now, and if not, why. */
export async function firstRunState(request: Request): Promise<FirstRunState> {
  if (!adminToken()) return "off";
  if ((await db().user.count()) > 0) return "done";
  return heldTokenRole(request) === "admin" || isLoopbackVisitor(request) ? "open" : "not-here";
}

const REFUSALS: Record<Exclude<FirstRunState, "open">, AppError> = {
  off: new AppError(404, "Accounts are off: this app runs as one local user. Start it with ADMIN_TOKEN set to use accounts."),
  done: new AppError(409, "The first admin exists already: sign in at /login. Admins add people on Settings → Users."),
  "not-here": new AppError(403, "Create the first admin from the server itself (http://localhost), or sign in with ADMIN_TOKEN first."),
};

/** The claim on the first admin: a row only one request can insert, whatever process or instance serves it. */
const CLAIM = "first-admin";

/**
 * Creates the first admin, if this request may; afterwards firstRunState answers "done". Two first
 * visitors racing (on one instance or several) both pass the check, but only one inserts the claim;
 * the other is told the admin exists. A failed creation (a bad password) gives the claim back.
 */
export async function createFirstAdmin(request: Request, input: FirstAdmin): Promise<UserView> {
  const state = await firstRunState(request);
  if (state !== "open") throw REFUSALS[state];
  const account = NewUser.parse({ ...input, role: "admin", groups: [] });
  const claimed = await db()
    .setting.create({ data: { key: CLAIM, value: new Date().toISOString() } })
    .then(
      () => true,
      () => false,
    );
  if (!claimed) throw REFUSALS.done;
  try {
    return await createUser(account);
  } catch (error) {
    await db().setting.delete({ where: { key: CLAIM } });
    throw error;
  }
}
