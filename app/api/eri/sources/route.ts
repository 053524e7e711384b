import { adminRoute } from "@/lib/http/admin";
import { json, parseWith, readJson } from "@/lib/http/respond";
import { SourceCreate } from "@/lib/eri/source-schemas";
import { createSource, listSources } from "@/lib/eri/sources";
import { audit } from "@/lib/security/audit";

export const dynamic = "force-dynamic";

export const GET = adminRoute(async () => json(await listSources()));

export const POST = adminRoute(async (request: Request) => {
  const input = parseWith(SourceCreate, await readJson(request));
  const created = await createSource(input);
  await audit(request, "eri_source.create", created.id, input);
  return json(created, 201);
});
