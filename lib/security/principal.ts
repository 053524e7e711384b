import { roleOf, type Role } from "./access";

/**
 * Who is asking, as the read door sees it: a person (today a role from the shared tokens; with
 * accounts a user id and the groups they belong to), or an integration reading under its own
 * scope (the Copilot plugin, the Polymath host, the ERI server), whoever its client is.
 */
export type IntegrationScope = "copilot" | "polymath" | "eri";

export type Principal =
  | { kind: "person"; role: Role; userId: string | null; groups: string[] }
  | { kind: "integration"; scope: IntegrationScope };

export const person = (role: Role, userId: string | null = null, groups: string[] = []): Principal => ({ kind: "person", role, userId, groups });

export const integration = (scope: IntegrationScope): Principal => ({ kind: "integration", scope });

/** The principal of a request that passed admission (a role-less request reads as a plain user). */
export function principalOf(request: Request): Principal {
  return person(roleOf(request) ?? "user");
}

export const isAdminPrincipal = (principal: Principal) => principal.kind === "person" && principal.role === "admin";

/** Whoever runs the server's own scripts (evaluation, benchmarks): reads every collection. */
export const OPERATOR = person("admin");
