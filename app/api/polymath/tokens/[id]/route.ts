import { adminRoute } from "@/lib/http/admin";
import { json } from "@/lib/http/respond";
import { revokeAccessToken } from "@/lib/polymath/settings";
import { audit } from "@/lib/security/audit";

type Ctx = { params: Promise<{ id: string }> };

export const DELETE = adminRoute(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  await revokeAccessToken(id);
  await audit(request, "polymath_token.revoke", id);
  return json({ revoked: true });
});
