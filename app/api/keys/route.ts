import { createApiKey, keyOwnerOf, listApiKeys, NewApiKey } from "@/lib/auth/api-keys";
import { json, parseWith, readJson, route } from "@/lib/http/respond";
import { audit } from "@/lib/security/audit";

export const dynamic = "force-dynamic";

/** The signed-in person's own API keys (never the keys themselves). */
export const GET = route(async (request: Request) => json({ keys: await listApiKeys((await keyOwnerOf(request)).id) }));

/** A new key: it is in this answer and never again. */
export const POST = route(async (request: Request) => {
  const owner = await keyOwnerOf(request, "create");
  const created = await createApiKey(owner.id, parseWith(NewApiKey, await readJson(request)));
  await audit(request, "api_key.create", created.record.id, { name: created.record.name, expires_at: created.record.expires_at });
  return json(created, 201);
});
