import { notFound } from "@/lib/errors";
import { route } from "@/lib/http/respond";
import { originalResponse } from "@/lib/knowledge/originals";
import { findDocument } from "@/lib/knowledge/repo";
import { existingCollectionName } from "@/lib/knowledge/params";
import { principalOf } from "@/lib/security/principal";

type Ctx = { params: Promise<{ name: string; file_id: string }> };

/** The original upload, so a citation can open it (PDF viewers honour #page=N). */
export const GET = route(async (request: Request, { params }: Ctx) => {
  const p = await params;
  const doc = await findDocument(p.file_id, await existingCollectionName(p.name, await principalOf(request)));
  if (!doc) throw notFound(`File '${p.file_id}' not found in collection '${p.name}'`);
  return originalResponse(doc);
});
