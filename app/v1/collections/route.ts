import { json, parseWith, readJson, route } from "@/lib/http/respond";
import { activeIngestor } from "@/lib/knowledge";
import { readableCollections } from "@/lib/knowledge/existing";
import { CreateCollectionRequest } from "@/lib/knowledge/schemas";
import { principalOf } from "@/lib/security/principal";
import { audit } from "@/lib/security/audit";

// Carries LanceDB: its own maxDuration keeps Vercel from grouping it with the small functions.
export const maxDuration = 60;

/** The collections the caller may read; `?access=edit`: those they may edit (an editor's own). */
export const GET = route(async (request: Request) => {
  const access = new URL(request.url).searchParams.get("access") === "edit" ? "edit" : "read";
  return json(await readableCollections(await principalOf(request), access));
});

export const POST = route(async (request: Request) => {
  const body = parseWith(CreateCollectionRequest, await readJson(request));
  const created = await activeIngestor().createCollection(body.name, body.description, body.metadata);
  await audit(request, "collection.create", body.name, { description: body.description });
  return json(created, 201);
});
