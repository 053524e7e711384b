import { notFound } from "@/lib/errors";
import { activeIngestor } from "./index";
import { collectionName } from "./params";
import type { CollectionInfo } from "./schemas";

/** A collection with its counts, from the active backend; 404 when it does not exist. */
export async function existingCollection(raw: string): Promise<CollectionInfo> {
  const name = collectionName(raw);
  const info = await activeIngestor().getCollection(name);
  if (!info) throw notFound(`Collection '${name}' not found`);
  return info;
}
