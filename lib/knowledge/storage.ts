import { copyFile, mkdir, rename, rm, unlink } from "node:fs/promises";
import path from "node:path";
import { config } from "@/lib/config";

/** Original uploads, kept so citations can open them: UPLOAD_DIR/<collection>/<file_id>/<name>. */

/** A file name safe to use on disk and in headers: no directories, no control characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 200);
  return cleaned && cleaned !== "." && cleaned !== ".." ? cleaned : "file";
}

export async function keepUpload(tempPath: string, collection: string, fileId: string, fileName: string): Promise<string> {
  const dir = path.join(config().uploadDir, collection, fileId);
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, safeFileName(fileName));
  try {
    await rename(tempPath, target);
  } catch {
    // Different filesystem (tmp on another mount): copy then remove.
    await copyFile(tempPath, target);
    await unlink(tempPath).catch(() => undefined);
  }
  return target;
}

export async function removeUpload(collection: string, fileId: string): Promise<void> {
  await rm(path.join(config().uploadDir, collection, fileId), { recursive: true, force: true });
}

export async function removeCollectionUploads(collection: string): Promise<void> {
  await rm(path.join(config().uploadDir, collection), { recursive: true, force: true });
}
