import { notFound } from "@/lib/errors";
import { permittedCollections } from "@/lib/security/collection-access";
import type { Principal } from "@/lib/security/principal";
import { activeIngestor } from "./index";
import { existingCollectionName } from "./params";
import type { CollectionInfo } from "./schemas";

/** A collection with its counts, from the active backend; 404 when it does not exist or is not `principal`'s to see. */
export async function existingCollection(raw: string, principal: Principal, access: "read" | "edit" = "read"): Promise<CollectionInfo> {
  const name = await existingCollectionName(raw, principal, access);
  const info = await activeIngestor().getCollection(name);
  if (!info) throw notFound(`Collection '${name}' not found`);
  return info;
}

/** The collections `principal` may read (or edit), with their counts. */
export async function readableCollections(principal: Principal, access: "read" | "edit" = "read"): Promise<CollectionInfo[]> {
  const all = await activeIngestor().listCollections();
  const readable = new Set(
    await permittedCollections(
      principal,
      all.map((c) => c.name),
      access,
    ),
  );
  return all.filter((c) => readable.has(c.name));
}
