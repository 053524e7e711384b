import { badRequest, notFound } from "@/lib/errors";
import { findCollection } from "./repo";
import { COLLECTION_NAME_RE } from "./schemas";

/** Route-parameter checks shared by the /v1 handlers (database only: no knowledge store loaded). */

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
