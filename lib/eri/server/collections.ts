import type { Collection } from "@/lib/db/generated/sqlite/client";
import { listCollectionRows } from "@/lib/knowledge/repo";
import { permittedCollections } from "@/lib/security/collection-access";
import { integration, type Principal } from "@/lib/security/principal";
import type { ServerSettings } from "./settings";

/** Whom the ERI server reads as: logins with its own secrets share one scope (a person's API key reads as them). */
export const ERI_PRINCIPAL = integration("eri");

/**
 * The collections this ERI server exposes to `reader`: the chosen ones (or all of them) that still
 * exist and the reader (its scope, or the person who logged in) may read.
 */
export async function exposedCollections(settings: ServerSettings, reader: Principal = ERI_PRINCIPAL): Promise<Collection[]> {
  const rows = await listCollectionRows();
  const chosen = settings.exposedCollections === null ? rows : rows.filter((r) => settings.exposedCollections!.includes(r.name));
  const readable = new Set(
    await permittedCollections(
      reader,
      chosen.map((r) => r.name),
    ),
  );
  return chosen.filter((r) => readable.has(r.name));
}
