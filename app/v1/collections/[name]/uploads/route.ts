import { json, readJson, route } from "@/lib/http/respond";
import { signUploads } from "@/lib/knowledge/direct-upload";
import { existingCollectionName } from "@/lib/knowledge/params";
import { principalOf } from "@/lib/security/principal";

type Ctx = { params: Promise<{ name: string }> };

/**
 * Browser-direct uploads (object storage only): `{"files": [{name, size, type}]}` → one signed
 * PUT URL per file; then POST `{"files": [{file_id, file_name}]}` to ../documents.
 */
export const POST = route(async (request: Request, { params }: Ctx) => {
  const name = await existingCollectionName((await params).name, await principalOf(request), "edit");
  return json(await signUploads(name, await readJson(request)));
});
