import { adminRoute } from "@/lib/http/admin";
import { json, parseWith, readJson } from "@/lib/http/respond";
import { createAccessToken, NewAccessToken } from "@/lib/polymath/settings";
import { audit } from "@/lib/security/audit";

export const dynamic = "force-dynamic";

/** A new access token granting tags: the token is in this answer and never again. */
export const POST = adminRoute(async (request: Request) => {
  const input = parseWith(NewAccessToken, await readJson(request));
  const created = await createAccessToken(input);
  await audit(request, "polymath_token.create", input.name, { tags: input.tags });
  return json(created, 201);
});
