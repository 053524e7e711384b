import { expect } from "vitest";
import { POST as accountPost } from "@/app/api/account/[...all]/route";
import { POST as usersPost } from "@/app/api/users/route";
import { GET as collectionsGet } from "@/app/v1/collections/route";
import { stopWorker } from "@/lib/knowledge";
import { refusal } from "@/lib/security/admission";
import { setGrants } from "@/lib/security/collection-access";
import type { Role } from "@/lib/security/roles";
import { freshEriDataDir, ingestHandbook } from "../eri/knowledge-fixture";

/** In-process requests as signed-in people, API clients and admins (tests/security/accounts and api-keys). */

export const ORIGIN = "http://127.0.0.1:3000";
export const ADMIN = "admin-token-0123456789abcdef";
export const USER_TOKEN = "chat-token-0123456789abcdef";
export const PASSWORD = "correct horse battery staple";

export type Handler = (request: Request, ctx: { params: Promise<Record<string, unknown>> }) => Promise<Response>;

export interface RequestInit {
  method?: string;
  body?: unknown;
  cookie?: string;
  bearer?: string;
  /** The client's address as the nearest proxy wrote it. */
  forwardedFor?: string;
  userAgent?: string;
}

export function request(path: string, init: RequestInit = {}): Request {
  const headers: Record<string, string> = { origin: ORIGIN };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.cookie) headers.cookie = init.cookie;
  if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
  if (init.forwardedFor) headers["x-forwarded-for"] = init.forwardedFor;
  if (init.userAgent) headers["user-agent"] = init.userAgent;
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  if (body) headers["content-length"] = String(Buffer.byteLength(body));
  return new Request(`${ORIGIN}${path}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body });
}

export const call = (handler: Handler, req: Request, params: Record<string, unknown> = {}) =>
  handler(req, { params: Promise.resolve(params) });

/** Signs in with the password; `from` says where the browser is (its address and user agent). */
export async function signIn(
  email: string,
  from: Pick<RequestInit, "forwardedFor" | "userAgent"> = {},
): Promise<{ status: number; cookie: string }> {
  const response = await call(
    accountPost as Handler,
    request("/api/account/sign-in/email", { ...from, body: { email, password: PASSWORD } }),
  );
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { status: response.status, cookie };
}

/** The status admission gives the request (200: let through to its route). */
export const admitted = async (path: string, init: RequestInit) => (await refusal(request(path, init)))?.status ?? 200;

/** The collections `/v1/collections` lists for these credentials. */
export const collectionNames = async (init: RequestInit) =>
  ((await (await call(collectionsGet as Handler, request("/v1/collections", init))).json()) as { name: string }[]).map((c) => c.name);

/** Creates accounts as the break-glass admin; answers their ids by e-mail. */
export async function createUsers(people: readonly (readonly [string, readonly string[], Role])[]): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const [email, groups, role] of people) {
    const response = await call(
      usersPost as Handler,
      request("/api/users", { bearer: ADMIN, body: { email, name: email.split("@")[0], password: PASSWORD, groups, role } }),
    );
    expect(response.status).toBe(201);
    ids[email] = ((await response.json()) as { id: string }).id;
  }
  return ids;
}

/**
 * A protected app (ADMIN_TOKEN and CHAT_TOKEN) with "handbook" open to readers and "secret" for the
 * group hr, and three people: hr@ (in hr), sam@ (no group), ada@ (admin). Answers their ids.
 */
export async function protectedAppWithPeople(): Promise<Record<string, string>> {
  await freshEriDataDir({ ADMIN_TOKEN: ADMIN, CHAT_TOKEN: USER_TOKEN });
  await ingestHandbook();
  await setGrants("secret", [{ subject_type: "group", subject_id: "hr", access: "read" }]);
  return createUsers([
    ["hr@example.org", ["hr"], "user"],
    ["sam@example.org", [], "user"],
    ["ada@example.org", [], "admin"],
  ]);
}

/** Ends what protectedAppWithPeople started. */
export async function closeProtectedApp(): Promise<void> {
  await stopWorker();
  delete process.env.ADMIN_TOKEN;
  delete process.env.CHAT_TOKEN;
}
