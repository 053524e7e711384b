import { randomUUID } from "node:crypto";
import { mkdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { config } from "@/lib/config";
import { AppError, badRequest, payloadTooLarge, unsupportedMediaType } from "@/lib/errors";
import { isSupportedFile, SUPPORTED_LABELS, unsupportedMessage } from "@/lib/ingest/formats";
import { safeFileName } from "./file-names";
import { incomingDir, removeOriginal } from "./storage";
import type { SubmittedFile } from "./types";
import { log } from "@/lib/log";

/**
 * The HTTP layer's half of an upload (as the SDK describes it): check the request, write each
 * file of the multipart field `files` to a temp path, and hand the paths to the ingestor.
 * Unsupported files in a mixed upload are still submitted so they fail alone, visibly, in the
 * job; an upload with no supported file at all is refused with 415. `fields` reads the form's
 * other fields into metadata stored with every file of the upload (and may refuse them).
 */
export async function receiveUpload(
  request: Request,
  fields?: (form: FormData) => Record<string, unknown>,
): Promise<(SubmittedFile & { path: string })[]> {
  const { maxUploadBytes, maxUploadMb } = config();
  const tooLarge = () => payloadTooLarge(`Upload exceeds the ${maxUploadMb} MB limit`);
  // Without a declared length the body would be buffered before any size check.
  const declaredHeader = request.headers.get("content-length");
  if (declaredHeader === null) throw new AppError(411, "Send the upload with a Content-Length header");
  if (Number(declaredHeader) > maxUploadBytes + 64 * 1024) throw tooLarge();
  if (!(request.headers.get("content-type") ?? "").includes("multipart/form-data")) {
    throw badRequest("Send the files as multipart/form-data in the field 'files'");
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw badRequest("The multipart body could not be read");
  }
  const files = form.getAll("files").filter((v): v is File => typeof v !== "string");
  if (files.length === 0) throw badRequest("No files received: send them in the multipart field 'files'");
  if (files.reduce((sum, f) => sum + f.size, 0) > maxUploadBytes) throw tooLarge();
  if (!files.some((f) => isSupportedFile(safeFileName(f.name)))) {
    const names = files.map((f) => safeFileName(f.name));
    throw unsupportedMediaType(
      names.length === 1 ? unsupportedMessage(names[0]) : `Unsupported file types (${names.join(", ")}). Supported: ${SUPPORTED_LABELS}`,
    );
  }
  const metadata = fields?.(form);
  const dir = incomingDir();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const saved = files.map((file) => ({
    path: path.join(dir, randomUUID()),
    fileName: safeFileName(file.name),
    size: file.size,
    ...(metadata && Object.keys(metadata).length ? { metadata } : {}),
  }));
  try {
    await Promise.all(files.map(async (file, i) => writeFile(saved[i].path, new Uint8Array(await file.arrayBuffer()), { mode: 0o600 })));
  } catch (error) {
    await discardUploads(saved);
    throw error;
  }
  return saved;
}

/** Removes the files of a failed submit: temp files, and originals uploaded for it directly. */
export async function discardUploads(files: SubmittedFile[]): Promise<void> {
  await Promise.all(
    files.map((f) => {
      // A temp file left behind goes at the next start (clearIncoming); an original is named in the log.
      const [where, removal] = "path" in f ? [f.path, unlink(f.path)] : [f.stored.storagePath, removeOriginal(f.stored.storagePath)];
      return removal.catch((error: unknown) => log("warn", "upload_discard_failed", { path: where, error }));
    }),
  );
}
