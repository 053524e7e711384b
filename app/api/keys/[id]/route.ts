import { keyOwnerOf, revokeApiKey } from "@/lib/auth/api-keys";
import { json, route } from "@/lib/http/respond";
import { audit } from "@/lib/security/audit";

type Ctx = { params: Promise<{ id: string }> };

/** Revokes one of the person's own keys: clients using it are refused from the next request. */
export const DELETE = route(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  await revokeApiKey((await keyOwnerOf(request)).id, id);
  await audit(request, "api_key.revoke", id);
  return json({ revoked: true });
});
