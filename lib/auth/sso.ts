import { genericOAuth } from "better-auth/plugins";
import { liveSetting } from "@/lib/config";
import { db } from "@/lib/db/client";
import { auditAs, personActor } from "@/lib/security/audit";

/**
 * Single sign-on with any OpenID Connect provider (Entra ID, Google Workspace, Okta, Keycloak):
 * OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET switch it on. The provider's group claim
 * (OIDC_GROUPS_CLAIM, default "groups") becomes the user's groups at every sign-in, and members
 * of OIDC_ADMIN_GROUP (if set) are admins.
 */

export const SSO_PROVIDER_ID = "oidc";

export interface SsoSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  groupsClaim: string;
  adminGroup: string | null;
  /** What the sign-in button names (OIDC_NAME, default "single sign-on"). */
  name: string;
  /** OIDC_SCOPES: Okta and Keycloak send groups for a "groups" scope; Entra ID and Google need none. */
  scopes: string[];
}

const env = liveSetting;

export function ssoSettings(): SsoSettings | null {
  const issuer = env("OIDC_ISSUER");
  const clientId = env("OIDC_CLIENT_ID");
  const clientSecret = env("OIDC_CLIENT_SECRET");
  if (!issuer || !clientId || !clientSecret) return null;
  return {
    issuer: issuer.replace(/\/+$/, ""),
    clientId,
    clientSecret,
    groupsClaim: env("OIDC_GROUPS_CLAIM") ?? "groups",
    adminGroup: env("OIDC_ADMIN_GROUP"),
    name: env("OIDC_NAME") ?? "single sign-on",
    scopes: (env("OIDC_SCOPES") ?? "openid email profile").split(/[\s,]+/).filter(Boolean),
  };
}

/** The group names a profile's claim holds (a list, or one string), as stored on the user. */
export function groupsFromClaim(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
  return [...new Set(list.filter((g): g is string => typeof g === "string" && g.trim() !== "").map((g) => g.trim()))].slice(0, 200);
}

/** E-mail → the groups its provider profile carried, between the callback's profile and its new session. */
const pendingGroups = new Map<string, string[]>();

/**
 * After a sign-in through the provider creates a session: the user's groups become those of the
 * claim, and membership of OIDC_ADMIN_GROUP decides admin (every sign-in, so removal at the
 * provider takes effect at the next one).
 */
export async function applySignInGroups(userId: string): Promise<void> {
  const settings = ssoSettings();
  if (!settings) return;
  const user = await db().user.findUnique({ where: { id: userId }, select: { email: true, role: true, groups: true } });
  const groups = user ? pendingGroups.get(user.email.toLowerCase()) : undefined;
  if (!user || !groups) return;
  pendingGroups.delete(user.email.toLowerCase());
  const role = settings.adminGroup ? (groups.includes(settings.adminGroup) ? "admin" : "user") : undefined;
  const stored = JSON.stringify(groups);
  if (stored === user.groups && (role === undefined || role === user.role)) return;
  await db().user.update({ where: { id: userId }, data: { groups: stored, ...(role ? { role } : {}) } });
  await auditAs(await personActor(userId, "sso"), "user.update", userId, { email: user.email, role, groups, from: "identity provider" });
}

/** The provider profile's groups, kept for the session this sign-in is about to create. */
export function rememberProfileGroups(email: string, claim: unknown): void {
  pendingGroups.set(email.toLowerCase(), groupsFromClaim(claim));
}

/** A person the provider signed in for the first time has become an account: the trail says so. */
export async function auditSsoSignUp(user: { id: string; email: string }): Promise<void> {
  const groups = pendingGroups.get(user.email.toLowerCase());
  if (!groups) return;
  await auditAs(await personActor(user.id, "sso"), "user.create", user.id, { email: user.email, groups, from: "identity provider" });
}

export function ssoPlugin(settings: SsoSettings) {
  return genericOAuth({
    config: [
      {
        providerId: SSO_PROVIDER_ID,
        discoveryUrl: `${settings.issuer}/.well-known/openid-configuration`,
        clientId: settings.clientId,
        clientSecret: settings.clientSecret,
        scopes: settings.scopes,
        pkce: true,
        // client_secret_basic: the token endpoint's default in OpenID Connect, accepted by every provider above.
        authentication: "basic",
        // Groups (and the role they give) follow the provider at every sign-in.
        overrideUserInfo: true,
        // Better Auth keeps provider claims out of fields users may not set themselves (groups,
        // role): the groups wait here for the session this sign-in creates (applySignInGroups).
        mapProfileToUser: (profile) => {
          if (typeof profile.email === "string") rememberProfileGroups(profile.email, profile[settings.groupsClaim]);
          return {};
        },
      },
    ],
  });
}
