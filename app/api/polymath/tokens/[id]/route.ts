import { adminRoute } from "@/lib/http/admin";
import { json } from "@/lib/http/respond";
import { revokeAccessToken } from "@/lib/polymath/settings";

type Ctx = { params: Promise<{ id: string }> };

export const DELETE = adminRoute(async (_request: Request, { params }: Ctx) => {
  await revokeAccessToken((await params).id);
  return json({ revoked: true });
});
