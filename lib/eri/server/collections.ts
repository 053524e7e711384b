import type { Collection } from "@/lib/db/generated/sqlite/client";
import { listCollectionRows } from "@/lib/knowledge/repo";
import { permittedCollections } from "@/lib/security/collection-access";
import { integration } from "@/lib/security/principal";
import type { ServerSettings } from "./settings";

/** Whom the ERI server reads as: its logins share one scope. */
export const ERI_PRINCIPAL = integration("eri");

/**
 * The collections this ERI server exposes: the chosen ones (or all of them) that still exist and
 * its scope may read.
 */
export async function exposedCollections(settings: ServerSettings): Promise<Collection[]> {
  const rows = await listCollectionRows();
  const chosen = settings.exposedCollections === null ? rows : rows.filter((r) => settings.exposedCollections!.includes(r.name));
  const readable = new Set(
    await permittedCollections(
      ERI_PRINCIPAL,
      chosen.map((r) => r.name),
    ),
  );
  return chosen.filter((r) => readable.has(r.name));
}
