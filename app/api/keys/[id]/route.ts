import { keyOwnerOf, revokeApiKey } from "@/lib/auth/api-keys";
import { json, route } from "@/lib/http/respond";

type Ctx = { params: Promise<{ id: string }> };

/** Revokes one of the person's own keys: clients using it are refused from the next request. */
export const DELETE = route(async (request: Request, { params }: Ctx) => {
  await revokeApiKey((await keyOwnerOf(request)).id, (await params).id);
  return json({ revoked: true });
});
