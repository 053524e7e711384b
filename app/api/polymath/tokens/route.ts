import { adminRoute } from "@/lib/http/admin";
import { json, parseWith, readJson } from "@/lib/http/respond";
import { createAccessToken, NewAccessToken } from "@/lib/polymath/settings";

export const dynamic = "force-dynamic";

/** A new access token granting tags: the token is in this answer and never again. */
export const POST = adminRoute(async (request: Request) =>
  json(await createAccessToken(parseWith(NewAccessToken, await readJson(request))), 201),
);
