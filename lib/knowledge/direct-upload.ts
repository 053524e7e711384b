import { randomUUID } from "node:crypto";
import { z } from "zod";
import { config } from "@/lib/config";
import { AppError, badRequest, conflict, payloadTooLarge, unsupportedMediaType } from "@/lib/errors";
import { parseWith } from "@/lib/http/respond";
import { isSupportedFile, SUPPORTED_LABELS, unsupportedMessage } from "@/lib/ingest/formats";
import { db } from "@/lib/db/client";
import { safeFileName } from "./file-names";
import { objectStore, originalKey } from "./storage";
import type { SubmittedFile } from "./types";

/**
 * Browser-direct uploads, for files a serverless request body cannot carry (4.5 MB on Vercel):
 * the app signs one PUT URL per file into object storage, the browser sends the bytes there,
 * then submits the file ids as JSON and the job starts as for a multipart upload. The object
 * store enforces each signed size; the app checks again what actually arrived.
 */

/** Long enough for a large file on a slow line. */
const UPLOAD_URL_SECONDS = 15 * 60;
const MAX_FILES = 100;

export const DirectUploadRequest = z.object({
  files: z
    .array(z.object({ name: z.string().min(1).max(1024), size: z.number().int().positive(), type: z.string().max(200).optional() }))
    .min(1)
    .max(MAX_FILES),
});

const DirectUploadSubmission = z.looseObject({
  files: z
    .array(z.object({ file_id: z.uuid(), file_name: z.string().min(1).max(1024) }))
    .min(1)
    .max(MAX_FILES),
});

export interface SignedUpload {
  file_id: string;
  file_name: string;
  method: "PUT";
  url: string;
  headers: Record<string, string>;
}

function requireStore() {
  const store = objectStore();
  if (!store) {
    throw new AppError(501, "Direct uploads need object storage (set ORIGINALS_URL); send the files as multipart/form-data instead");
  }
  return store;
}

/** One signed PUT per file, each under a new file id. Refuses what the upload would refuse. */
export async function signUploads(collection: string, body: unknown): Promise<{ uploads: SignedUpload[]; expires_in: number }> {
  const store = requireStore();
  const { files } = parseWith(DirectUploadRequest, body);
  const { maxUploadBytes, maxUploadMb } = config();
  const unsupported = files.map((f) => safeFileName(f.name)).filter((name) => !isSupportedFile(name));
  if (unsupported.length) {
    throw unsupportedMediaType(
      unsupported.length === 1
        ? unsupportedMessage(unsupported[0])
        : `Unsupported file types (${unsupported.join(", ")}). Supported: ${SUPPORTED_LABELS}`,
    );
  }
  const tooLarge = files.find((f) => f.size > maxUploadBytes);
  if (tooLarge) throw payloadTooLarge(`'${tooLarge.name}' exceeds the ${maxUploadMb} MB limit`);
  const uploads = await Promise.all(
    files.map(async (file) => {
      const fileId = randomUUID();
      const fileName = safeFileName(file.name);
      const contentType = file.type || "application/octet-stream";
      const signed = await store.presignPut(originalKey(collection, fileId, fileName), {
        expiresIn: UPLOAD_URL_SECONDS,
        contentType,
        size: file.size,
      });
      return { file_id: fileId, file_name: fileName, method: "PUT" as const, ...signed };
    }),
  );
  return { uploads, expires_in: UPLOAD_URL_SECONDS };
}

/**
 * The files a browser says it uploaded, checked against the store: each must be there, within
 * the size limit, and not yet a document. `fields` reads the submission's other fields (as a
 * multipart upload's form fields) into metadata stored with every file.
 */
export async function receiveDirectUploads(
  collection: string,
  body: unknown,
  fields?: (form: FormData) => Record<string, unknown>,
): Promise<SubmittedFile[]> {
  const store = requireStore();
  const submission = parseWith(DirectUploadSubmission, body);
  const form = new FormData();
  for (const [key, value] of Object.entries(submission)) if (typeof value === "string") form.set(key, value);
  const metadata = fields?.(form);
  const ids = submission.files.map((f) => f.file_id);
  if (new Set(ids).size !== ids.length) throw badRequest("A file id is listed twice");
  const existing = await db().document.findMany({ where: { id: { in: ids } }, select: { id: true } });
  if (existing.length) throw conflict(`Already submitted: ${existing.map((d) => d.id).join(", ")}`);
  const { maxUploadBytes, maxUploadMb } = config();
  return Promise.all(
    submission.files.map(async ({ file_id, file_name }) => {
      const fileName = safeFileName(file_name);
      const key = originalKey(collection, file_id, fileName);
      const object = await store.head(key);
      if (!object) throw badRequest(`'${fileName}' has not arrived in storage: PUT it to its signed URL first`);
      if (object.size > maxUploadBytes) throw payloadTooLarge(`'${fileName}' exceeds the ${maxUploadMb} MB limit`);
      return {
        stored: { fileId: file_id, storagePath: store.uri(key) },
        fileName,
        size: object.size,
        ...(metadata && Object.keys(metadata).length ? { metadata } : {}),
      };
    }),
  );
}
