import { badRequest } from "@/lib/errors";
import { json, route } from "@/lib/http/respond";
import { activeIngestor } from "@/lib/knowledge";
import { ingestAfterResponse } from "@/lib/knowledge/background";
import { existingCollectionName } from "@/lib/knowledge/params";
import { principalOf } from "@/lib/security/principal";
import { audit } from "@/lib/security/audit";

type Ctx = { params: Promise<{ name: string }> };

/** Admins: re-embeds the collection with the configured embedding model; poll GET /v1/documents/{job_id}/status. */
export const POST = route(async (request: Request, { params }: Ctx) => {
  const name = await existingCollectionName((await params).name, await principalOf(request), "edit");
  const ingestor = activeIngestor();
  if (!ingestor.reembedCollection) throw badRequest(`The ${ingestor.backendName} backend cannot re-embed a collection`);
  const { jobId } = await ingestor.reembedCollection(name);
  ingestAfterResponse();
  await audit(request, "files.reembed", name, { job_id: jobId });
  return json({ job_id: jobId, message: `Re-embedding of '${name}' queued` }, 202);
});
