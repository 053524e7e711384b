import { signedInUser } from "@/lib/auth/session";
import { ownerOf, roleOf, type Role } from "./access";

/**
 * Who is asking, as the read door sees it: a person (today a role from the shared tokens; with
 * accounts a user id and the groups they belong to), or an integration reading under its own
 * scope (the Copilot plugin, the Polymath host, the ERI server), whoever its client is.
 */
export type IntegrationScope = "copilot" | "polymath" | "eri";

export type Principal =
  { kind: "person"; role: Role; userId: string | null; groups: string[] } | { kind: "integration"; scope: IntegrationScope };

export const person = (role: Role, userId: string | null = null, groups: string[] = []): Principal => ({
  kind: "person",
  role,
  userId,
  groups,
});

export const integration = (scope: IntegrationScope): Principal => ({ kind: "integration", scope });

/**
 * The principal of a request that passed admission: the signed-in user (role, id, groups), else
 * the role its token gives (a role-less request reads as a plain user).
 */
export async function principalOf(request: Request): Promise<Principal> {
  const user = await signedInUser(request);
  if (user) return person(user.role, user.id, user.groups);
  return person(roleOf(request) ?? "user");
}

/** The signed-in person a request proves (session or personal API key), else null (a shared token, or none). */
export async function signedInPrincipal(request: Request): Promise<Principal | null> {
  const user = await signedInUser(request);
  return user && person(user.role, user.id, user.groups);
}

/** Whose chats these are: a signed-in user's own, else as before accounts (ownerOf). */
export async function chatOwnerOf(request: Request): Promise<string> {
  const user = await signedInUser(request);
  return user ? `user:${user.id}` : ownerOf(request);
}

/** The role a request holds: its signed-in user's, else its token's (lib/security/access.ts roleOf). */
export async function roleOfRequest(request: Request): Promise<Role | null> {
  const user = await signedInUser(request);
  return user?.role ?? roleOf(request);
}

export const isAdminPrincipal = (principal: Principal) => principal.kind === "person" && principal.role === "admin";

/** Whoever runs the server's own scripts (evaluation, benchmarks): reads every collection. */
export const OPERATOR = person("admin");
