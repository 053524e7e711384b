import { badRequest, notFound } from "@/lib/errors";
import { activeIngestor } from "./index";
import { findCollection } from "./repo";
import { COLLECTION_NAME_RE, type CollectionInfo } from "./schemas";

/** Route-parameter checks shared by the /v1 handlers. */

export function collectionName(raw: string): string {
  // Next has decoded the path segment already; decoding again would choke on a literal "%".
  const name = raw;
  if (!COLLECTION_NAME_RE.test(name)) {
    throw badRequest(
      `Invalid collection name '${name}': use lowercase letters, digits and underscores, starting with a letter (at most 63 characters)`,
    );
  }
  return name;
}

/** The collection's name once it is known to exist (one primary-key lookup, no counts). */
export async function existingCollectionName(raw: string): Promise<string> {
  const name = collectionName(raw);
  if (!(await findCollection(name))) throw notFound(`Collection '${name}' not found`);
  return name;
}

export async function existingCollection(raw: string): Promise<CollectionInfo> {
  const name = collectionName(raw);
  const info = await activeIngestor().getCollection(name);
  if (!info) throw notFound(`Collection '${name}' not found`);
  return info;
}
