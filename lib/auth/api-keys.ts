import { randomUUID } from "node:crypto";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/errors";
import { randomToken, sha256Hex } from "@/lib/security/hashing";
import { signedInUser, type SignedInUser } from "./session";

/**
 * Personal API keys: a person creates one while signed in, sees it once, and an API client sending
 * `Authorization: Bearer <key>` then acts as that person (their role, groups, collections and
 * chats; lib/auth/session.ts resolves it). A key is 256 random bits, so its sha256 is all that is
 * stored. Each expires; revoking one, or disabling its user, refuses it at the next request.
 */

export const API_KEY_PREFIX = "dck_";
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;
const DAY_MS = 24 * 60 * 60_000;
/** How often a key's "last used" is written: not on every request. */
const LAST_USED_EVERY_MS = 60_000;

export const isApiKey = (bearer: string) => bearer.startsWith(API_KEY_PREFIX);

export const NewApiKey = z
  .object({
    name: z.string().trim().min(1).max(100),
    expires_in_days: z.number().int().min(1).max(365).default(90),
  })
  .strict();
export type NewApiKey = z.infer<typeof NewApiKey>;

export const ApiKeyView = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters (the whole key is shown once, at creation). */
  prefix: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  expired: z.boolean(),
});
export type ApiKeyView = z.infer<typeof ApiKeyView>;

export const CreatedApiKey = z.object({ key: z.string(), record: ApiKeyView });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

type Row = { id: string; name: string; prefix: string; createdAt: Date; expiresAt: Date; lastUsedAt: Date | null };

const viewOf = (row: Row, now = new Date()): ApiKeyView => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  expired: row.expiresAt <= now,
});

export async function createApiKey(userId: string, input: NewApiKey): Promise<CreatedApiKey> {
  const key = `${API_KEY_PREFIX}${randomToken()}`;
  const row = await db().apiKey.create({
    data: {
      id: randomUUID(),
      userId,
      name: input.name,
      keyHash: sha256Hex(key),
      prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
      expiresAt: new Date(Date.now() + input.expires_in_days * DAY_MS),
    },
  });
  return { key, record: viewOf(row) };
}

/** The user's keys that are not revoked, newest first (expired ones too, marked). */
export async function listApiKeys(userId: string): Promise<ApiKeyView[]> {
  const rows = await db().apiKey.findMany({ where: { userId, revokedAt: null }, orderBy: { createdAt: "desc" } });
  const now = new Date();
  return rows.map((row) => viewOf(row, now));
}

/** Revokes one of the user's keys; another user's key is one that does not exist. */
export async function revokeApiKey(userId: string, id: string): Promise<void> {
  const { count } = await db().apiKey.updateMany({ where: { id, userId, revokedAt: null }, data: { revokedAt: new Date() } });
  if (count === 0) throw notFound(`No API key '${id}'`);
}

export interface KeyOwner {
  id: string;
  role: string | null;
  groups: string;
}

const KEY_AND_OWNER = {
  id: true,
  revokedAt: true,
  expiresAt: true,
  lastUsedAt: true,
  user: { select: { id: true, role: true, groups: true, banned: true } },
} as const;

type KeyRow = { id: string; revokedAt: Date | null; expiresAt: Date; lastUsedAt: Date | null; user: KeyOwner & { banned: boolean | null } };

const works = (row: KeyRow | null, now: Date): row is KeyRow => Boolean(row && !row.revokedAt && row.expiresAt > now && !row.user.banned);

/** The user a key acts as: null when it is unknown, revoked or expired, or its user is disabled. */
export async function userOfApiKey(key: string): Promise<(KeyOwner & { keyId: string }) | null> {
  if (!isApiKey(key)) return null;
  const row = await db().apiKey.findUnique({ where: { keyHash: sha256Hex(key) }, select: KEY_AND_OWNER });
  const now = new Date();
  if (!works(row, now)) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
    await db()
      .apiKey.update({ where: { id: row.id }, data: { lastUsedAt: now } })
      .catch(() => undefined);
  }
  const { id, role, groups } = row.user;
  return { id, role, groups, keyId: row.id };
}

/** The user of the key with this id while it works (a session opened with the key: lib/eri/server/sessions.ts). */
export async function userOfApiKeyId(keyId: string): Promise<KeyOwner | null> {
  const row = await db().apiKey.findUnique({ where: { id: keyId }, select: KEY_AND_OWNER });
  if (!works(row, new Date())) return null;
  const { id, role, groups } = row.user;
  return { id, role, groups };
}

/**
 * Whose keys a request manages: its signed-in account's. Shared tokens carry no account, and a
 * key cannot mint more keys (a leaked one could otherwise outlive its expiry).
 */
export async function keyOwnerOf(request: Request, action: "manage" | "create" = "manage"): Promise<SignedInUser> {
  const user = await signedInUser(request);
  if (!user) throw new AppError(403, "Personal API keys belong to accounts: sign in with yours at /login");
  if (action === "create" && user.via !== "session") throw new AppError(403, "Create API keys from a signed-in browser, not with a key");
  return user;
}
