import { readFile } from "node:fs/promises";
import { notFound } from "@/lib/errors";
import { route } from "@/lib/http/respond";
import { findDocument } from "@/lib/knowledge/repo";
import { collectionName } from "@/lib/knowledge/params";

type Ctx = { params: Promise<{ name: string; file_id: string }> };

/** The original upload, so a citation can open it (PDF viewers honour #page=N). */
export const GET = route(async (_request: Request, { params }: Ctx) => {
  const p = await params;
  const doc = await findDocument(p.file_id, collectionName(p.name));
  if (!doc) throw notFound(`File '${p.file_id}' not found in collection '${p.name}'`);
  const data = await readFile(doc.storagePath).catch(() => {
    throw notFound(`The original of '${doc.fileName}' is no longer stored`);
  });
  return new Response(new Uint8Array(data), {
    headers: {
      "Content-Type": doc.mimeType,
      "Content-Length": String(data.byteLength),
      "Content-Disposition": `inline; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, max-age=300",
    },
  });
});
