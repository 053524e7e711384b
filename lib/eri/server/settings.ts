import { z } from "zod";
import { jsonSetting } from "@/lib/db/json-setting";
import { badRequest } from "@/lib/errors";
import { CollectionName } from "@/lib/knowledge/schemas";
import { listCollectionRows } from "@/lib/knowledge/repo";
import { hashCredential } from "@/lib/security/hashing";
import { ProviderType } from "../schemas";
import { revokeAllSessions } from "./sessions";

/**
 * Settings of this app's own ERI server, kept as one JSON row in `Setting`. Login secrets
 * are stored as scrypt hashes: the server only has to recognise them, never send them.
 */

const SETTING_KEY = "eri.server";
/** Re-read from the database at most this often; this process's writes refresh at once. */

/** Methods this server can offer (KERBEROS is not implemented). */
export const ServerAuthMethod = z.enum(["NONE", "TOKEN", "USERNAME_PASSWORD"]);
export type ServerAuthMethod = z.infer<typeof ServerAuthMethod>;

const Stored = z.object({
  enabled: z.boolean().default(false),
  authMethods: z.array(ServerAuthMethod).default(["TOKEN"]),
  username: z.string().nullable().default(null),
  passwordHash: z.string().nullable().default(null),
  tokenHash: z.string().nullable().default(null),
  dataSourceName: z.string().default("DocChat knowledge base"),
  dataSourceDescription: z.string().default("Documents uploaded to DocChat, searched with hybrid (vector + keyword) retrieval."),
  /** null = every collection, including ones created later. */
  exposedCollections: z.array(z.string()).nullable().default(null),
  allowedProviderType: ProviderType.default("SELF_HOSTED"),
  sessionTtlMinutes: z.number().int().min(1).max(1440).default(60),
});
export type ServerSettings = z.infer<typeof Stored>;

/** What the admin API shows: everything but the hashes. */
export interface ServerSettingsView extends Omit<ServerSettings, "passwordHash" | "tokenHash"> {
  hasPassword: boolean;
  hasToken: boolean;
}

export const ServerSettingsUpdate = z
  .object({
    enabled: z.boolean(),
    authMethods: z.array(ServerAuthMethod).min(1, "Choose at least one authentication method").max(3),
    username: z.string().trim().min(1).max(200).nullable(),
    /** A new password; "" or null removes it; omitted keeps it. */
    password: z.string().max(500).nullable(),
    /** A new login token; "" or null removes it; omitted keeps it. */
    token: z.string().max(500).nullable(),
    dataSourceName: z.string().trim().min(1).max(200),
    dataSourceDescription: z.string().trim().max(2000),
    exposedCollections: z.array(CollectionName).max(1000).nullable(),
    allowedProviderType: ProviderType,
    sessionTtlMinutes: z.number().int().min(1).max(1440),
  })
  .partial()
  .strict();
export type ServerSettingsUpdate = z.infer<typeof ServerSettingsUpdate>;

const MIN_TOKEN_CHARS = 16;
const MIN_PASSWORD_CHARS = 8;

const stored = jsonSetting(SETTING_KEY, Stored, { unreadable: "stored ERI server settings are unreadable; using defaults (server off)" });

export const loadServerSettings = (): Promise<ServerSettings> => stored.load();

export function viewServerSettings(s: ServerSettings): ServerSettingsView {
  const { passwordHash, tokenHash, ...rest } = s;
  return { ...rest, hasPassword: Boolean(passwordHash), hasToken: Boolean(tokenHash) };
}

/** Applies a partial update, checks the result is usable, saves it; credential changes end all sessions. */
export async function updateServerSettings(update: ServerSettingsUpdate): Promise<ServerSettings> {
  const current = await loadServerSettings();
  const next: ServerSettings = { ...current };
  for (const key of [
    "enabled",
    "authMethods",
    "username",
    "dataSourceName",
    "dataSourceDescription",
    "allowedProviderType",
    "sessionTtlMinutes",
  ] as const) {
    if (update[key] !== undefined) (next as Record<string, unknown>)[key] = update[key];
  }
  if (update.exposedCollections !== undefined) next.exposedCollections = await checkCollections(update.exposedCollections);
  if (update.password !== undefined) next.passwordHash = await newSecretHash(update.password, MIN_PASSWORD_CHARS, "password");
  if (update.token !== undefined) next.tokenHash = await newSecretHash(update.token, MIN_TOKEN_CHARS, "token");
  next.authMethods = [...new Set(next.authMethods)];
  assertUsable(next);

  const credentialsChanged =
    update.password !== undefined ||
    update.token !== undefined ||
    next.username !== current.username ||
    next.authMethods.join() !== current.authMethods.join() ||
    (current.enabled && !next.enabled);
  await stored.save(next);
  if (credentialsChanged) await revokeAllSessions();
  return next;
}

async function newSecretHash(secret: string | null, minChars: number, what: string): Promise<string | null> {
  if (!secret) return null;
  if (secret.length < minChars) throw badRequest(`The ${what} must have at least ${minChars} characters`);
  return hashCredential(secret);
}

async function checkCollections(names: string[] | null): Promise<string[] | null> {
  if (names === null) return null;
  const known = new Set((await listCollectionRows()).map((c) => c.name));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length) throw badRequest(`Unknown collection(s): ${unknown.join(", ")}`);
  return [...new Set(names)];
}

/** An enabled server must be able to let someone in with every method it offers. */
function assertUsable(s: ServerSettings): void {
  if (!s.enabled) return;
  if (s.authMethods.includes("TOKEN") && !s.tokenHash) throw badRequest("Set a login token for the TOKEN method");
  if (s.authMethods.includes("USERNAME_PASSWORD") && (!s.username || !s.passwordHash)) {
    throw badRequest("Set a user name and password for the USERNAME_PASSWORD method");
  }
}

/** Tests switch databases between cases. */
export function resetServerSettingsCache(): void {
  stored.reset();
}
