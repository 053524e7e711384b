import { config } from "@/lib/config";
import { includesRole, type Role } from "./roles";

/**
 * What each path needs, in one table the proxy applies to every request:
 *   "public"   — anyone (health checks, the login form and its API);
 *   "protocol" — endpoints with their own credentials (ERI logins, Polymath access tokens,
 *                the Copilot key), which their routes check; one whose credential is optional
 *                and unset reads as a chat user would (`ownCredentialOr`);
 *   a role     — `user` for chat, own history and reading collections; `editor` for managing
 *                the files of a collection (the route checks the editor's grant on it); `admin`
 *                for every other write and the admin pages.
 * First match wins; anything unlisted needs `admin`.
 */
export type Access = "public" | "protocol" | Role;

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

interface Rule {
  path: RegExp;
  access: Access | ((method: string) => Access);
}

const readsForUsers = (method: string): Access => (READS.has(method) ? "user" : "admin");
const readsForUsersWritesForEditors = (method: string): Access => (READS.has(method) ? "user" : "editor");

/**
 * An integration that reads collections with its own optional credential: its route checks that
 * credential when one is configured; without one, reading needs a reader like any other read.
 */
const ownCredentialOr = (role: Role, configured: () => boolean) => (): Access => (configured() ? "protocol" : role);

const RULES: Rule[] = [
  { path: /^\/(_next\/static|_next\/image)\//, access: "public" },
  { path: /^\/(favicon\.ico|icon\.svg|robots\.txt)$/, access: "public" },
  { path: /^\/login$/, access: "public" },
  { path: /^\/api\/auth\/(login|logout)$/, access: "public" },
  // An invite link is its own credential; the first admin's page checks who may use it (lib/auth).
  { path: /^\/(invite|setup)$/, access: "public" },
  { path: /^\/api\/(invites\/(check|accept)|setup)$/, access: "public" },
  // Better Auth's endpoints (sign in, sign out, the session) check their own credentials (lib/auth).
  { path: /^\/api\/account\//, access: "public" },
  { path: /^\/v1\/knowledge\/health$/, access: "public" },
  // ERI v1 server routes at the root (AI Studio logs in through /auth).
  { path: /^\/(auth|auth\/methods|dataSource|embedding\/info|retrieval|retrieval\/info|security\/requirements)$/, access: "protocol" },
  { path: /^\/api\/polymath$/, access: "protocol" },
  { path: /^\/api\/copilot\/search$/, access: ownCredentialOr("user", () => config().copilot.apiKey !== null) },
  // The plugin's descriptions: what Microsoft 365 fetches to install it, no collection content.
  { path: /^\/api\/copilot\/(openapi\.json|ai-plugin\.json)$/, access: "protocol" },
  // Vercel Cron: the route checks CRON_SECRET itself (lib/security/cron.ts).
  { path: /^\/api\/cron\/ingest$/, access: "protocol" },
  // Chat and what a chat user reads.
  { path: /^\/$/, access: "user" },
  { path: /^\/api\/(chat|chat\/stream|chat\/sources|suggestions)$/, access: "user" },
  { path: /^\/api\/history(\/[^/]+)?$/, access: "user" },
  // One's own account page and personal API keys (the routes check there is an account).
  { path: /^\/account$/, access: "user" },
  { path: /^\/api\/keys(\/[^/]+)?$/, access: "user" },
  // A reader rates their own answers (the route checks the chat is theirs); reading all feedback is admin.
  { path: /^\/api\/answer-feedback$/, access: "user" },
  { path: /^\/content\//, access: "user" },
  { path: /^\/v1\/collections\/[^/]+\/search$/, access: "user" },
  // Who may read a collection is the admins' to see and change.
  { path: /^\/v1\/collections\/[^/]+\/access$/, access: "admin" },
  // A whole collection with its embeddings, restricted files included: admins only.
  { path: /^\/v1\/collections\/[^/]+\/export$/, access: "admin" },
  // A collection's files: editors upload, delete and re-embed where they hold an edit grant (the
  // routes check it, so an editor's request for another collection is a 404). Creating and
  // deleting collections and changing who may read them stay with admins.
  { path: /^\/v1\/collections\/[^/]+\/(documents|uploads|reembed)$/, access: readsForUsersWritesForEditors },
  { path: /^\/api\/polymath\/collections\/[^/]+\/files\/[^/]+$/, access: "editor" },
  { path: /^\/collections(\/[^/]+)?$/, access: "editor" },
  { path: /^\/v1\//, access: readsForUsers },
];

export function accessFor(method: string, pathname: string): Access {
  const rule = RULES.find((r) => r.path.test(pathname));
  if (!rule) return "admin";
  return typeof rule.access === "function" ? rule.access(method.toUpperCase()) : rule.access;
}

/** Whether `role` may do what `access` asks ("public" and "protocol" ask nothing of it; each role includes those below it). */
export function allows(access: Access, role: Role | null): boolean {
  if (access === "public" || access === "protocol") return true;
  return includesRole(role, access);
}
