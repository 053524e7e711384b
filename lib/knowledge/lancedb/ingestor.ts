import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { config } from "@/lib/config";
import { conflict, notFound, payloadTooLarge } from "@/lib/errors";
import { getEmbedder, vectorSize } from "@/lib/models/embedder";
import { mimeTypeFor } from "@/lib/ingest/parse";
import type { Ingestor, SubmittedFile } from "../types";
import type { CollectionInfo, DeleteFilesResult, FileInfo, IngestionJobStatus } from "../schemas";
import * as repo from "../repo";
import { toCollectionInfo, toFileInfo, toJobStatus, unknownJobStatus } from "../serialize";
import { safeFileName } from "../file-names";
import { keepUpload, removeCollectionUploads, removeUpload } from "../storage";
import { findJob, activeJobsFor, REEMBED } from "../jobs/repository";
import { stopCollectionJobs } from "../jobs/active-job";
import { wakeWorker } from "../jobs/worker";
import { reembeddingTable, submitReembedding } from "./reembed";
import { createChunkTable, dropChunkTable, pingStore } from "./tables";
import { deleteFileChunks } from "./write";

import { LANCEDB_BACKEND } from "./backend";

export { LANCEDB_BACKEND };

/**
 * Clean-up after a failed submit: best effort, so the failure itself is what the caller hears
 * (a store that refused the upload may refuse the clean-up too).
 */
async function removeUploads(collectionName: string, fileIds: string[]): Promise<void> {
  await Promise.all(
    fileIds.map((id) =>
      removeUpload(collectionName, id).catch((error: unknown) =>
        log("warn", "upload_cleanup_failed", { collection: collectionName, file_id: id, error: String(error) }),
      ),
    ),
  );
}

/** Collections live in the metadata DB (name, model) and as one LanceDB table each. */
/** How long a deletion waits for files being ingested to finish before answering. */
const DELETE_WAIT_MS = 20_000;

export class LanceDbIngestor implements Ingestor {
  readonly backendName = LANCEDB_BACKEND;

  async createCollection(name: string, description?: string | null, metadata?: Record<string, unknown> | null) {
    if (await repo.findCollection(name)) throw conflict(`Collection '${name}' already exists`);
    const embedder = getEmbedder();
    const dimensions = await vectorSize(embedder);
    await createChunkTable(name, dimensions);
    try {
      const row = await db().collection.create({
        data: {
          name,
          description: description ?? null,
          embeddingModel: embedder.model,
          embeddingDims: dimensions,
          metadata: JSON.stringify(metadata ?? {}),
        },
      });
      return toCollectionInfo(row, { files: 0, chunks: 0 }, this.backendName);
    } catch (error) {
      // A concurrent create of the same name won the race: its table is the one on disk now.
      if (await repo.findCollection(name)) throw conflict(`Collection '${name}' already exists`);
      await dropChunkTable(name);
      throw error;
    }
  }

  /**
   * Deleting a collection while it ingests: its jobs here take no further file, then its rows
   * go (jobs and files with them: a worker elsewhere sees its files gone and stops), then its
   * table and originals. A file still being read past the wait is let finish first, and the
   * table and originals go after it (its last write would otherwise race the removal).
   */
  async deleteCollection(name: string): Promise<boolean> {
    const row = await repo.findCollection(name);
    if (!row) return false;
    const stopped = await stopCollectionJobs(name, DELETE_WAIT_MS);
    // Read before the rows go: the table a re-embedding was filling goes with the collection's own.
    const tables = [repo.tableOf(row), ...(await activeJobsFor(name, REEMBED)).map((j) => reembeddingTable(name, j.id))];
    await db().collection.deleteMany({ where: { name } });
    const removeData = async () => {
      for (const t of tables) await dropChunkTable(t);
      await removeCollectionUploads(name);
    };
    if (stopped) await removeData();
    else
      void stopCollectionJobs(name, Infinity)
        .then(removeData)
        .catch((error: unknown) => log("error", "collection_data_removal_failed", { collection: name, error }));
    return true;
  }

  async listCollections(): Promise<CollectionInfo[]> {
    const [rows, counts] = await Promise.all([repo.listCollectionRows(), repo.collectionCounts()]);
    return rows.map((r) => toCollectionInfo(r, counts.get(r.name) ?? { files: 0, chunks: 0 }, this.backendName));
  }

  async getCollection(name: string): Promise<CollectionInfo | null> {
    const row = await repo.findCollection(name);
    if (!row) return null;
    const counts = await repo.collectionCounts(name);
    return toCollectionInfo(row, counts.get(name) ?? { files: 0, chunks: 0 }, this.backendName);
  }

  async submitJob(files: SubmittedFile[], collectionName: string) {
    if (!(await repo.findCollection(collectionName))) throw notFound(`Collection '${collectionName}' not found`);
    const { maxUploadFiles } = config();
    if (files.length > maxUploadFiles) {
      throw payloadTooLarge(`An upload may carry at most ${maxUploadFiles} files (MAX_UPLOAD_FILES); this one has ${files.length}`);
    }
    const jobId = randomUUID();
    const ids = files.map((f) => ("stored" in f ? f.stored.fileId : randomUUID()));
    const kept = await Promise.allSettled(
      files.map((f, i) => ("stored" in f ? f.stored.storagePath : keepUpload(f.path, collectionName, ids[i], f.fileName))),
    );
    // One file that cannot be stored fails the upload: none of its files may stay on disk without a row.
    const failed = kept.find((k) => k.status === "rejected");
    if (failed) {
      await removeUploads(collectionName, ids);
      throw failed.reason;
    }
    const stored = files.map((f, i) => ({
      id: ids[i],
      file: { ...f, fileName: safeFileName(f.fileName) }, // the displayed name is the name on disk
      storagePath: (kept[i] as PromiseFulfilledResult<string>).value,
    }));
    // One statement per table, not one per file: each is a query the database client plans and runs.
    const records = [
      db().ingestionJob.create({ data: { id: jobId, collectionName, status: "pending", backend: this.backendName } }),
      db().document.createMany({
        data: stored.map(({ id, file, storagePath }) => ({
          id,
          collectionName,
          fileName: file.fileName,
          fileSize: file.size,
          mimeType: mimeTypeFor(file.fileName),
          storagePath,
          status: "uploading",
          metadata: JSON.stringify(file.metadata ?? {}),
        })),
      }),
      db().jobFile.createMany({
        data: stored.map(({ id, file }, position) => ({
          id: randomUUID(),
          jobId,
          documentId: id,
          fileName: file.fileName,
          position,
          status: "uploading",
        })),
      }),
    ];
    try {
      await db().$transaction(records);
    } catch (error) {
      await removeUploads(collectionName, ids);
      throw error;
    }
    await repo.touchCollection(collectionName);
    wakeWorker();
    return { jobId, fileIds: stored.map((s) => s.id) };
  }

  async reembedCollection(collectionName: string) {
    const jobId = await submitReembedding(collectionName);
    wakeWorker();
    return { jobId };
  }

  async getJobStatus(jobId: string): Promise<IngestionJobStatus> {
    const job = await findJob(jobId);
    return job ? toJobStatus(job) : unknownJobStatus(jobId, this.backendName);
  }

  async deleteFile(fileId: string, collectionName: string): Promise<boolean> {
    const doc = await repo.findDocument(fileId, collectionName);
    if (!doc) return false;
    await deleteFileChunks((await repo.tableFor(collectionName)) ?? collectionName, [fileId]);
    await db().document.delete({ where: { id: fileId } });
    await removeUpload(collectionName, fileId);
    await repo.touchCollection(collectionName);
    return true;
  }

  async deleteFiles(fileIds: string[], collectionName: string): Promise<DeleteFilesResult> {
    const successful: string[] = [];
    const failed: { file_id: string; error: string }[] = [];
    for (const id of fileIds) {
      try {
        if (await this.deleteFile(id, collectionName)) successful.push(id);
        else failed.push({ file_id: id, error: "Not found" });
      } catch (error) {
        failed.push({ file_id: id, error: error instanceof Error ? error.message : "Delete failed" });
      }
    }
    return {
      successful,
      failed,
      total_deleted: successful.length,
      message: `Deleted ${successful.length} of ${fileIds.length} file${fileIds.length === 1 ? "" : "s"}`,
    };
  }

  async listFiles(collectionName: string): Promise<FileInfo[]> {
    return (await repo.listDocuments(collectionName)).map(toFileInfo);
  }

  async getFileStatus(fileId: string, collectionName: string): Promise<FileInfo | null> {
    const doc = await repo.findDocument(fileId, collectionName);
    return doc ? toFileInfo(doc) : null;
  }

  async healthCheck(): Promise<boolean> {
    try {
      await Promise.all([pingStore(), db().collection.count()]);
      return true;
    } catch {
      return false;
    }
  }
}
