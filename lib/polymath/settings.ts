import { randomBytes } from "node:crypto";
import { z } from "zod";
import { jsonSetting } from "@/lib/db/json-setting";
import { badRequest, notFound } from "@/lib/errors";
import { CollectionName } from "@/lib/knowledge/schemas";
import { listCollectionRows } from "@/lib/knowledge/repo";
import { randomToken, safeEqual, sha256Hex } from "@/lib/security/hashing";
import { AccessTag } from "./access";

/**
 * The Polymath host's settings, one JSON row in `Setting`: which collections are published,
 * whether restricted counts are reported (the reference host's `restricted.count`), the message
 * shown when bits were withheld, and the access tokens. Tokens are random, so a sha256 of each
 * is enough to recognise it; the token itself is shown once, when it is created.
 */

const SETTING_KEY = "polymath.host";
const TOKEN_PREFIX = "pm_";

const StoredToken = z.object({
  id: z.string(),
  name: z.string(),
  tags: z.array(z.string()),
  hash: z.string(),
  createdAt: z.string(),
});
type StoredToken = z.infer<typeof StoredToken>;

const Stored = z.object({
  /** Nothing is published until an admin says so: the app is private by default. */
  published: z.array(z.string()).default([]),
  reportRestricted: z.boolean().default(false),
  restrictedMessage: z.string().default(""),
  tokens: z.array(StoredToken).default([]),
});
export type PolymathSettings = z.infer<typeof Stored>;

export interface AccessTokenView {
  id: string;
  name: string;
  tags: string[];
  createdAt: string;
}

export interface PolymathSettingsView {
  published: string[];
  reportRestricted: boolean;
  restrictedMessage: string;
  tokens: AccessTokenView[];
}

export const PolymathSettingsUpdate = z
  .object({
    published: z.array(CollectionName).max(1000),
    reportRestricted: z.boolean(),
    restrictedMessage: z.string().trim().max(500),
  })
  .partial()
  .strict();
export type PolymathSettingsUpdate = z.infer<typeof PolymathSettingsUpdate>;

export const NewAccessToken = z
  .object({
    name: z.string().trim().min(1, "Give the token a name").max(100),
    tags: z.array(AccessTag).min(1, "A token must grant at least one access tag").max(50),
  })
  .strict();
export type NewAccessToken = z.infer<typeof NewAccessToken>;

const stored = jsonSetting(SETTING_KEY, Stored, { unreadable: "stored Polymath settings are unreadable; nothing is published" });

export const loadPolymathSettings = (): Promise<PolymathSettings> => stored.load();
const save = (next: PolymathSettings): Promise<PolymathSettings> => stored.save(next);

export function viewPolymathSettings(s: PolymathSettings): PolymathSettingsView {
  return {
    published: s.published,
    reportRestricted: s.reportRestricted,
    restrictedMessage: s.restrictedMessage,
    tokens: s.tokens.map(({ id, name, tags, createdAt }) => ({ id, name, tags, createdAt })),
  };
}

export async function updatePolymathSettings(update: PolymathSettingsUpdate): Promise<PolymathSettings> {
  const next = { ...(await loadPolymathSettings()) };
  if (update.published !== undefined) {
    const known = new Set((await listCollectionRows()).map((c) => c.name));
    const unknown = update.published.filter((n) => !known.has(n));
    if (unknown.length) throw badRequest(`Unknown collection(s): ${unknown.join(", ")}`);
    next.published = [...new Set(update.published)];
  }
  if (update.reportRestricted !== undefined) next.reportRestricted = update.reportRestricted;
  if (update.restrictedMessage !== undefined) next.restrictedMessage = update.restrictedMessage;
  return save(next);
}

/** Creates a token granting `tags`; the token is returned here and never again. */
export async function createAccessToken(input: NewAccessToken): Promise<{ token: string; record: AccessTokenView }> {
  const current = await loadPolymathSettings();
  const token = `${TOKEN_PREFIX}${randomToken()}`;
  const stored: StoredToken = {
    id: randomBytes(6).toString("hex"),
    name: input.name,
    tags: [...new Set(input.tags)],
    hash: sha256Hex(token),
    createdAt: new Date().toISOString(),
  };
  await save({ ...current, tokens: [...current.tokens, stored] });
  return { token, record: viewPolymathSettings({ ...current, tokens: [stored] }).tokens[0] };
}

export async function revokeAccessToken(id: string): Promise<void> {
  const current = await loadPolymathSettings();
  if (!current.tokens.some((t) => t.id === id)) throw notFound(`Access token '${id}' not found`);
  await save({ ...current, tokens: current.tokens.filter((t) => t.id !== id) });
}

/** The tags a presented token grants; null when no token matches. */
export function tagsGrantedBy(settings: PolymathSettings, token: string): Set<string> | null {
  const hash = sha256Hex(token);
  const record = settings.tokens.find((t) => safeEqual(t.hash, hash));
  return record ? new Set(record.tags) : null;
}

/** Tests switch databases between cases. */
export function resetPolymathSettingsCache(): void {
  stored.reset();
}
