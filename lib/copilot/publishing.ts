import { z } from "zod";
import { jsonSetting } from "@/lib/db/json-setting";
import { badRequest } from "@/lib/errors";
import { CollectionName } from "@/lib/knowledge/schemas";
import { listCollectionRows } from "@/lib/knowledge/repo";
import { permittedCollections } from "@/lib/security/collection-access";
import { integration } from "@/lib/security/principal";

/**
 * What an admin publishes to Microsoft 365 Copilot, one JSON row in `Setting`: the collections
 * Copilot may search and name (none by default: the app is private until an admin says so, as
 * for Polymath), and the app package's last release, so that a package whose content changed
 * gets a higher version (Teams refuses an update at the same version).
 */

const SETTING_KEY = "copilot.publishing";

const Stored = z.object({
  published: z.array(z.string()).default([]),
  release: z.object({ hash: z.string(), version: z.string() }).nullable().default(null),
});
export type CopilotPublishing = z.infer<typeof Stored>;

export const CopilotPublishingUpdate = z.object({ published: z.array(CollectionName).max(1000) }).strict();
export type CopilotPublishingUpdate = z.infer<typeof CopilotPublishingUpdate>;

const stored = jsonSetting(SETTING_KEY, Stored, { unreadable: "stored Copilot settings are unreadable; nothing is published" });

export const loadCopilotPublishing = (): Promise<CopilotPublishing> => stored.load();

/** Whom the plugin searches as, whoever its client is. */
export const COPILOT_PRINCIPAL = integration("copilot");

/** The published collections that still exist and Copilot's scope may read, in the order of the collection list. */
export async function publishedCollections(): Promise<string[]> {
  const published = new Set((await loadCopilotPublishing()).published);
  return permittedCollections(
    COPILOT_PRINCIPAL,
    (await listCollectionRows()).map((r) => r.name).filter((name) => published.has(name)),
  );
}

export async function updateCopilotPublishing(update: CopilotPublishingUpdate): Promise<CopilotPublishing> {
  const known = new Set((await listCollectionRows()).map((c) => c.name));
  const unknown = update.published.filter((n) => !known.has(n));
  if (unknown.length) throw badRequest(`Unknown collection(s): ${unknown.join(", ")}`);
  return stored.save({ ...(await loadCopilotPublishing()), published: [...new Set(update.published)] });
}

export const FIRST_VERSION = "1.0.0";

/** The package version for content `hash`: the last one while the content is the same, the next patch once it changes. */
export async function packageVersion(hash: string): Promise<string> {
  const current = await loadCopilotPublishing();
  if (current.release?.hash === hash) return current.release.version;
  const version = current.release ? nextPatch(current.release.version) : FIRST_VERSION;
  await stored.save({ ...current, release: { hash, version } });
  return version;
}

function nextPatch(version: string): string {
  const [major, minor, patch] = version.split(".").map(Number);
  return `${major}.${minor}.${patch + 1}`;
}

/** Tests switch databases between cases. */
export function resetCopilotPublishingCache(): void {
  stored.reset();
}
