import { notFound } from "@/lib/errors";
import { route } from "@/lib/http/respond";
import { originalResponse } from "@/lib/knowledge/originals";
import { findDocument } from "@/lib/knowledge/repo";
import { existingCollectionName } from "@/lib/knowledge/params";
import { principalOf } from "@/lib/security/principal";

type Ctx = { params: Promise<{ name: string; file_id: string }> };

/**
 * The picture behind an image passage (the SDK Chunk's image_url): the original upload when it
 * is an image (its type was checked from its bytes at ingestion), 404 for any other document.
 */
export const GET = route(async (request: Request, { params }: Ctx) => {
  const p = await params;
  const doc = await findDocument(p.file_id, await existingCollectionName(p.name, await principalOf(request)));
  if (!doc || !doc.mimeType.startsWith("image/")) throw notFound(`No image '${p.file_id}' in collection '${p.name}'`);
  return originalResponse(doc);
});
