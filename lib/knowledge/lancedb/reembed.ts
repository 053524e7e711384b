import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { getEmbedder, vectorSize } from "@/lib/models/embedder";
import type { Reembedding } from "../jobs/backend";
import { activeJobsFor, createJob, REEMBED } from "../jobs/repository";
import * as repo from "../repo";
import { LANCEDB_BACKEND } from "./backend";
import { createChunkTable, dropChunkTable } from "./tables";
import { optimizeTable } from "./upkeep";
import { addChunks, deleteFileChunks } from "./write";
import { readFileRows } from "./read";

/**
 * Re-embedding a collection with the configured embedding model, as a job of the ingestion
 * queue: each stored chunk's search text is embedded again and written, with the rest of its
 * row, into a fresh table. Search keeps reading the old table until the fresh one is complete
 * and indexed; then one update of the collection's record swaps in the table, the model and the
 * dimensions together, and the old table is dropped. Files are not parsed again.
 */

/** The fresh table a re-embedding job fills (`-` keeps it apart from any collection name). */
export const reembeddingTable = (collectionName: string, jobId: string) => `${collectionName}-${jobId.slice(0, 8)}`;

/** Queues a re-embedding of the collection; one already queued or running is answered instead. */
export async function submitReembedding(collectionName: string): Promise<string> {
  if (!(await repo.findCollection(collectionName))) throw notFound(`Collection '${collectionName}' not found`);
  const [queued] = await activeJobsFor(collectionName, REEMBED);
  if (queued) return queued.id;
  const id = randomUUID();
  // Its files are listed when it starts: files still being ingested now are re-embedded too.
  await createJob({ id, collectionName, kind: REEMBED, backend: LANCEDB_BACKEND });
  return id;
}

/**
 * Starts (or, after an interruption, starts over) a claimed re-embedding: the fresh table is
 * made empty and the job lists the collection's ingested files, all to do.
 */
export async function prepareReembedding(collection: { name: string; tableName: string | null }, jobId: string): Promise<Reembedding> {
  const embedder = getEmbedder();
  const dims = await vectorSize(embedder);
  const target = reembeddingTable(collection.name, jobId);
  await createChunkTable(target, dims);
  const docs = await db().document.findMany({
    where: { collectionName: collection.name, status: "success" },
    orderBy: { uploadedAt: "asc" },
  });
  await db().$transaction([
    db().jobFile.deleteMany({ where: { jobId } }),
    ...docs.map((doc, position) =>
      db().jobFile.create({ data: { id: randomUUID(), jobId, documentId: doc.id, fileName: doc.fileName, position, status: "uploading" } }),
    ),
  ]);
  return { source: repo.tableOf(collection), sourceTableName: collection.tableName, target, embedder, dims, copied: new Set() };
}

const EMBED_BATCH = 256;

/** Copies one file's chunks into the fresh table with new vectors; returns how many. */
export async function reembedFile(job: Reembedding, fileId: string): Promise<number> {
  const rows = await readFileRows(job.source, fileId);
  for (let start = 0; start < rows.length; start += EMBED_BATCH) {
    const batch = rows.slice(start, start + EMBED_BATCH);
    const vectors = await job.embedder.embed(batch.map((r) => r.search_text));
    await addChunks(
      job.target,
      batch.map((r, i) => ({ ...r, vector: vectors[i] })),
    );
  }
  job.copied.add(fileId);
  return rows.length;
}

/**
 * Indexes the fresh table, then swaps it in: the collection's record takes the table, model and
 * dimensions in one update, unless the collection was deleted or swapped meanwhile (false).
 */
export async function swapInReembedding(collectionName: string, job: Reembedding): Promise<boolean> {
  await dropDeletedFiles(collectionName, job);
  await optimizeTable(job.target); // the text index, and the vector index for a large table
  const { count } = await db().collection.updateMany({
    where: { name: collectionName, tableName: job.sourceTableName },
    data: { tableName: job.target, embeddingModel: job.embedder.model, embeddingDims: job.dims },
  });
  if (count === 0) {
    await dropChunkTable(job.target);
    return false;
  }
  // A file deleted while the swap was under way had its chunks removed from the old table.
  await dropDeletedFiles(collectionName, job);
  return true;
}

/** Chunks of files deleted while the job ran (their deletion went to the table then in use). */
async function dropDeletedFiles(collectionName: string, job: Reembedding): Promise<void> {
  const copied = [...job.copied];
  const kept = new Set(
    (await db().document.findMany({ where: { collectionName, id: { in: copied } }, select: { id: true } })).map((d) => d.id),
  );
  await deleteFileChunks(
    job.target,
    copied.filter((id) => !kept.has(id)),
  );
}
