import { badRequest, notFound } from "@/lib/errors";
import { permittedCollections } from "@/lib/security/collection-access";
import type { Principal } from "@/lib/security/principal";
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

/**
 * The collection's name once it is known to exist and `principal` may read it (or edit it): one
 * that is not theirs is as missing as one that does not exist.
 */
export async function existingCollectionName(raw: string, principal: Principal, access: "read" | "edit" = "read"): Promise<string> {
  const name = collectionName(raw);
  const [row, permitted] = await Promise.all([findCollection(name), permittedCollections(principal, [name], access)]);
  if (!row || permitted.length === 0) throw notFound(`Collection '${name}' not found`);
  return name;
}
