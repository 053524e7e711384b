import type { Collection } from "@/lib/db/generated/sqlite/client";
import { listCollectionRows } from "@/lib/knowledge/repo";
import type { ServerSettings } from "./settings";

/** The collections this ERI server exposes: the chosen ones that still exist, or all of them. */
export async function exposedCollections(settings: ServerSettings): Promise<Collection[]> {
  const rows = await listCollectionRows();
  if (settings.exposedCollections === null) return rows;
  const chosen = new Set(settings.exposedCollections);
  return rows.filter((r) => chosen.has(r.name));
}
