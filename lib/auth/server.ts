import { createHmac } from "node:crypto";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { admin } from "better-auth/plugins";
import { config, liveSetting } from "@/lib/config";
import { db, isPostgresUrl } from "@/lib/db/client";
import { auditSignIn, auditSignOut } from "./sign-in-audit";
import { applySignInGroups, auditSsoSignUp, ssoPlugin, ssoSettings } from "./sso";

/**
 * Accounts and server-side sessions: Better Auth storing through this app's Prisma client (its
 * User, Session, Account and Verification models, migration 0007). A session is a database row:
 * signing out or disabling a user deletes it, and the next request is refused.
 *
 * Accounts come on with the protected mode (ADMIN_TOKEN set, which stays the break-glass way in);
 * without it the app is the single local user's and no one signs in.
 */

export const AUTH_BASE_PATH = "/api/account";

/** Signs session cookies: AUTH_SECRET, else one derived from ADMIN_TOKEN (rotating it then ends every session). */
function authSecret(): string {
  const explicit = liveSetting("AUTH_SECRET");
  if (explicit) return explicit;
  const adminToken = liveSetting("ADMIN_TOKEN") ?? "";
  return createHmac("sha256", adminToken).update("docchat-auth-secret").digest("base64url");
}

function createAuth() {
  const sso = ssoSettings();
  return betterAuth({
    database: prismaAdapter(db(), { provider: isPostgresUrl(config().databaseUrl) ? "postgresql" : "sqlite" }),
    basePath: AUTH_BASE_PATH,
    // Behind a proxy the public address; else each request's own origin.
    ...(config().publicBaseUrl ? { baseURL: config().publicBaseUrl! } : {}),
    secret: authSecret(),
    // People get accounts from an admin (or, later, their identity provider); no one signs themselves up.
    emailAndPassword: { enabled: true, disableSignUp: true },
    user: { additionalFields: { groups: { type: "string", defaultValue: "[]", input: false } } },
    plugins: [admin({ defaultRole: "user", adminRoles: ["admin"] }), ...(sso ? [ssoPlugin(sso)] : [])],
    telemetry: { enabled: false },
    // Password sign-ins are throttled as every credential check is, failures only
    // (lib/auth/password-sign-in.ts), not by Better Auth's three sign-ins in ten seconds per address.
    rateLimit: { customRules: { "/sign-in/email": false } },
    databaseHooks: {
      user: { create: { after: async (user) => auditSsoSignUp(user) } },
      session: {
        create: {
          after: async (session, context) => {
            await applySignInGroups(session.userId);
            await auditSignIn(session, context?.path);
          },
        },
        delete: { after: async (session, context) => auditSignOut(session, context?.path) },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const store = globalThis as unknown as { __docchatAuth?: { key: string; auth: Auth } };

/** One instance per database and secret (kept on globalThis so dev reloads do not make more). */
export function auth(): Auth {
  const key = `${config().databaseUrl}\n${authSecret()}\n${JSON.stringify(ssoSettings())}`;
  if (store.__docchatAuth?.key !== key) store.__docchatAuth = { key, auth: createAuth() };
  return store.__docchatAuth.auth;
}
