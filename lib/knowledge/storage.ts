import { readFileSync, statSync } from "node:fs";
import { copyFile, mkdir, readdir, readFile, rename, rm, unlink } from "node:fs/promises";
import path from "node:path";
import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { S3Bucket, S3Error } from "@/lib/storage/s3";
import { safeFileName } from "./file-names";
import { log } from "@/lib/log";

/**
 * Original uploads, kept so ingestion can read them and citations can open them, under
 * <collection>/<file_id>/<name>: in UPLOAD_DIR by default, or in object storage (ORIGINALS_URL)
 * where many instances (serverless functions, separate workers) must reach the same files.
 * A document's `storagePath` says where its original is (a path, or `s3://bucket/key`), so
 * originals stored before a switch stay readable.
 */

/** The original is a path on this machine's disk, not an object in a bucket. */
const onLocalDisk = (storagePath: string) => !storagePath.startsWith("s3://");

let bucket: { store: S3Bucket; key: string } | null = null;

/** The object store of the settings, or null when originals are on local disk. */
export function objectStore(): S3Bucket | null {
  const location = config().objectStore;
  if (!location) return null;
  const key = JSON.stringify(location);
  if (bucket?.key !== key) bucket = { store: new S3Bucket(location), key };
  return bucket.store;
}

/** The object key of an original (and, with a trailing "/", of its folders). */
export function originalKey(collection: string, fileId?: string, fileName?: string): string {
  const prefix = `${objectStore()?.location.prefix ?? ""}${collection}/`;
  if (!fileId) return prefix;
  return fileName ? `${prefix}${fileId}/${safeFileName(fileName)}` : `${prefix}${fileId}/`;
}

/** Takes over an upload's temp file as the original; returns its storage path. */
export async function keepUpload(tempPath: string, collection: string, fileId: string, fileName: string): Promise<string> {
  const store = objectStore();
  if (store) {
    const key = originalKey(collection, fileId, fileName);
    // Served with its own type later (signed URLs name it), so stored as plain bytes.
    await unavailableAsAppError(store.put(key, new Uint8Array(await readFile(tempPath)), "application/octet-stream"));
    await unlink(tempPath).catch(tempLeftBehind(tempPath));
    return store.uri(key);
  }
  const dir = path.join(config().uploadDir, collection, fileId);
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, safeFileName(fileName));
  try {
    await rename(tempPath, target);
  } catch {
    // Different filesystem (tmp on another mount): copy then remove.
    await copyFile(tempPath, target);
    await unlink(tempPath).catch(tempLeftBehind(tempPath));
  }
  return target;
}

export async function readOriginal(storagePath: string): Promise<Uint8Array> {
  if (onLocalDisk(storagePath)) return new Uint8Array(await readFile(storagePath));
  const { store, key } = storeHolding(storagePath);
  return unavailableAsAppError(store.get(key));
}

/**
 * readOriginal, one read at a time in the order asked: a job starts its largest files first
 * (jobs/claim.ts), and reads side by side end smallest first, which would hand the PDF workers
 * the small files first and leave a large one to end the job.
 */
export function readOriginalInTurn(storagePath: string): Promise<Uint8Array> {
  const read = reads.then(() => (isSmallLocalFile(storagePath) ? new Uint8Array(readFileSync(storagePath)) : readOriginal(storagePath)));
  reads = read.catch(() => undefined);
  return read;
}

let reads: Promise<unknown> = Promise.resolve();

/**
 * Local originals up to this size are read for ingestion in one call on this thread. One an
 * upload has just written is in the page cache: that takes well under a millisecond, where the
 * asynchronous read waits for a turn of the event loop at each step (open, size, every 512 kB,
 * close), and on a server's first upload, busy with first-time work, it held the PDF workers'
 * first files back by 20-45 ms.
 */
const READ_AT_ONCE_BYTES = 8 * 2 ** 20;

function isSmallLocalFile(storagePath: string): boolean {
  return onLocalDisk(storagePath) && statSync(storagePath).size <= READ_AT_ONCE_BYTES;
}

/**
 * A short-lived URL the browser can fetch the original from directly, or null when the app
 * serves it itself (local disk).
 */
export async function signedOriginalUrl(storagePath: string, fileName: string, mimeType: string): Promise<string | null> {
  if (onLocalDisk(storagePath)) return null;
  const { store, key } = storeHolding(storagePath);
  return store.presignGet(key, { expiresIn: DOWNLOAD_URL_SECONDS, fileName, contentType: mimeType });
}

/** Long enough to open a citation, short enough that a shared link soon stops working. */
const DOWNLOAD_URL_SECONDS = 300;

function storeHolding(storagePath: string): { store: S3Bucket; key: string } {
  const store = objectStore();
  const key = store?.keyOf(storagePath);
  if (!store || key == null) throw new Error(`This original is in object storage the settings do not name: ${storagePath}`);
  return { store, key };
}

/** A store that fails (down, refusing) answers 502 with its reason, not an anonymous 500. */
function unavailableAsAppError<T>(call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) => {
    if (error instanceof S3Error && error.status !== 404) throw new AppError(502, `${error.message}: try again later`);
    throw error;
  });
}

/** True when the error says the original is gone (not that its store is unreachable). */
export function isMissingOriginal(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === "ENOENT" || (error instanceof S3Error && error.status === 404);
}

/** Removes one original by where it is stored. */
export async function removeOriginal(storagePath: string): Promise<void> {
  if (onLocalDisk(storagePath)) return rm(storagePath, { force: true });
  const { store, key } = storeHolding(storagePath);
  await store.delete(key);
}

export async function removeUpload(collection: string, fileId: string): Promise<void> {
  await objectStore()?.deletePrefix(originalKey(collection, fileId));
  await rm(path.join(config().uploadDir, collection, fileId), { recursive: true, force: true });
}

export async function removeCollectionUploads(collection: string): Promise<void> {
  await objectStore()?.deletePrefix(originalKey(collection));
  await rm(path.join(config().uploadDir, collection), { recursive: true, force: true });
}

/**
 * Where an upload's files wait between the request and the job: beside the originals (so taking
 * them over is a rename) and inside the owner-only data, not in the shared /tmp. Collection names
 * start with a letter, so no collection's folder can be this one.
 */
export function incomingDir(): string {
  return path.join(config().uploadDir, ".incoming");
}

/** A temp file that could not be removed stays until the next start (clearIncoming): logged, not fatal. */
const tempLeftBehind = (tempPath: string) => (error: unknown) => log("warn", "upload_temp_removal_failed", { path: tempPath, error });

/**
 * Removes the files a crash left between request and job (no row refers to them); returns how
 * many. Only at start-up, before requests are served: at any other time it would take files
 * from uploads in flight.
 */
export async function clearIncoming(): Promise<number> {
  const leftovers = await readdir(incomingDir()).catch(() => []);
  await rm(incomingDir(), { recursive: true, force: true });
  return leftovers.length;
}
