import { AppError } from "@/lib/errors";
import { isJsonRequest, json, parseWith, readJson, route } from "@/lib/http/respond";
import { activeIngestor } from "@/lib/knowledge";
import { ingestAfterResponse } from "@/lib/knowledge/background";
import { existingCollectionName } from "@/lib/knowledge/params";
import { principalOf } from "@/lib/security/principal";
import { DeleteFilesRequest } from "@/lib/knowledge/schemas";
import { receiveDirectUploads } from "@/lib/knowledge/direct-upload";
import { discardUploads, receiveUpload } from "@/lib/knowledge/upload";
import { uploadMetadata } from "@/lib/polymath/access";
import { audit } from "@/lib/security/audit";

type Ctx = { params: Promise<{ name: string }> };

export const POST = route(async (request: Request, { params }: Ctx) => {
  const name = await existingCollectionName((await params).name, await principalOf(request), "edit");
  // Optional field `access_tag`: the files' Polymath access tag.
  const files = isJsonRequest(request)
    ? await receiveDirectUploads(name, await readJson(request), uploadMetadata)
    : await receiveUpload(request, uploadMetadata);
  const { jobId, fileIds } = await activeIngestor()
    .submitJob(files, name)
    .catch(async (error) => {
      await discardUploads(files);
      throw error;
    });
  ingestAfterResponse();
  await audit(request, "files.upload", name, { job_id: jobId, files: files.map((f) => f.fileName), file_ids: fileIds });
  return json({ job_id: jobId, file_ids: fileIds, message: `Ingestion job submitted for ${files.length} file(s)` }, 202);
});

export const GET = route(async (request: Request, { params }: Ctx) => {
  const name = await existingCollectionName((await params).name, await principalOf(request));
  return json(await activeIngestor().listFiles(name));
});

/** File ids come as JSON `{"file_ids": [...]}` or as `?file_ids=a,b` (or repeated). */
export const DELETE = route(async (request: Request, { params }: Ctx) => {
  const name = await existingCollectionName((await params).name, await principalOf(request), "edit");
  const fromQuery = new URL(request.url).searchParams
    .getAll("file_ids")
    .flatMap((v) => v.split(","))
    .filter(Boolean);
  // No or unreadable JSON reads as {} (the schema then says what is missing); too large stays 413.
  const body = fromQuery.length
    ? { file_ids: fromQuery }
    : await readJson(request).catch((error: unknown) => {
        if (error instanceof AppError && error.status === 413) throw error;
        return {};
      });
  const { file_ids } = parseWith(DeleteFilesRequest, body);
  const result = await activeIngestor().deleteFiles(file_ids, name);
  if (result.successful.length) await audit(request, "files.delete", name, { file_ids: result.successful });
  return json(result);
});
