import { createApiKey, keyOwnerOf, listApiKeys, NewApiKey } from "@/lib/auth/api-keys";
import { json, parseWith, readJson, route } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

/** The signed-in person's own API keys (never the keys themselves). */
export const GET = route(async (request: Request) => json({ keys: await listApiKeys((await keyOwnerOf(request)).id) }));

/** A new key: it is in this answer and never again. */
export const POST = route(async (request: Request) => {
  const owner = await keyOwnerOf(request, "create");
  return json(await createApiKey(owner.id, parseWith(NewApiKey, await readJson(request))), 201);
});
