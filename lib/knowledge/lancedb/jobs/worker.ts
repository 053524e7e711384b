import { config } from "@/lib/config";
import { db, isPostgresUrl } from "@/lib/db/client";
import { IngestError } from "@/lib/errors";
import { embedderFor } from "@/lib/models/embedder";
import { deleteFileChunks, ensureTextIndex, optimizeTable } from "../store";
import * as repo from "../../repo";
import { ingestFile } from "./pipeline";

/**
 * In-process ingestion worker. Jobs and per-file progress live in the database; the worker
 * claims pending jobs atomically (so several app instances may share one PostgreSQL), runs
 * their files with bounded concurrency, and on start-up re-queues jobs a crash left running.
 */

const IDLE_POLL_MS = 1000;
const HEARTBEAT_MS = 5_000;
/** A running job whose heartbeat is older than this belongs to a dead worker. */
const STALE_AFTER_MS = 30_000;

interface WorkerState {
  running: boolean;
  wake: () => void;
  stop: () => Promise<void>;
}
const globalWorker = globalThis as unknown as { __docchatWorker?: WorkerState };

export function wakeWorker(): void {
  globalWorker.__docchatWorker?.wake();
}

export function startWorker(): WorkerState {
  if (globalWorker.__docchatWorker?.running) return globalWorker.__docchatWorker;
  let wakeUp: () => void = () => undefined;
  let stopped = false;
  const state: WorkerState = {
    running: true,
    wake: () => wakeUp(),
    stop: async () => {
      stopped = true;
      state.running = false;
      wakeUp();
      await loop;
    },
  };
  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, IDLE_POLL_MS);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = (async () => {
    // An embedded (SQLite) database has one server process: at its start every running job is
    // orphaned. A shared PostgreSQL may have live peers, so only stale heartbeats count there.
    const sharedDb = isPostgresUrl(config().databaseUrl);
    await repo.requeueInterruptedJobs(sharedDb ? STALE_AFTER_MS : 0).catch((error) => console.error("[ingest] requeue failed:", error));
    while (!stopped) {
      try {
        await repo.requeueInterruptedJobs(STALE_AFTER_MS);
        for (const id of await repo.pendingJobIds()) {
          if (stopped) break;
          if (await repo.claimJob(id)) await withHeartbeat(id, () => runJob(id));
        }
      } catch (error) {
        console.error("[ingest] worker loop error:", error instanceof Error ? error.message : error);
      }
      if (!stopped) await sleep();
    }
  })();
  globalWorker.__docchatWorker = state;
  return state;
}

export async function stopWorker(): Promise<void> {
  await globalWorker.__docchatWorker?.stop();
  globalWorker.__docchatWorker = undefined;
}

async function withHeartbeat(jobId: string, work: () => Promise<void>): Promise<void> {
  const timer = setInterval(() => void repo.heartbeat(jobId).catch(() => undefined), HEARTBEAT_MS);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
}

async function runJob(jobId: string): Promise<void> {
  const job = await repo.findJob(jobId);
  if (!job) return;
  const collection = await repo.findCollection(job.collectionName);
  if (!collection) {
    await finishJob(jobId, "failed", "The collection was deleted before ingestion finished");
    return;
  }
  const todo = job.files.filter((f) => f.status !== "success" && f.status !== "failed");
  const docs = new Map((await db().document.findMany({ where: { id: { in: todo.map((f) => f.documentId) } } })).map((d) => [d.id, d]));

  let embedder: ReturnType<typeof embedderFor> | null = null;
  let jobError: string | null = null;
  try {
    embedder = embedderFor(collection.embeddingModel, collection.embeddingDims);
  } catch (error) {
    jobError = error instanceof Error ? error.message : String(error);
  }

  await runPool(todo, config().ingestConcurrency, async (jobFile) => {
    const doc = docs.get(jobFile.documentId);
    if (!doc) return; // deleted while queued
    const setFile = (data: { status?: string; progressPercent?: number; chunksCreated?: number; errorMessage?: string | null }) =>
      db().jobFile.update({ where: { id: jobFile.id }, data }).then(() => undefined);
    try {
      if (!embedder) throw new IngestError(jobError ?? "No embedder available");
      await setFile({ status: "ingesting", progressPercent: 5, errorMessage: null, chunksCreated: 0 });
      await db().document.update({ where: { id: doc.id }, data: { status: "ingesting", errorMessage: null } });
      const outcome = await ingestFile(
        { fileId: doc.id, fileName: doc.fileName, storagePath: doc.storagePath, collectionName: job.collectionName },
        embedder,
        (percent) => setFile({ progressPercent: Math.round(percent) }),
      );
      const { count } = await db().document.updateMany({
        where: { id: doc.id },
        data: { status: "success", chunkCount: outcome.chunks, pageCount: outcome.pageCount, summary: outcome.summary, ingestedAt: new Date() },
      });
      if (count === 0) {
        // Deleted while it was being ingested: take back the chunks just written.
        await deleteFileChunks(job.collectionName, [doc.id]).catch(() => undefined);
        return;
      }
      await setFile({ status: "success", progressPercent: 100, chunksCreated: outcome.chunks });
    } catch (error) {
      const message = userMessage(error);
      if (!(error instanceof IngestError)) console.error(`[ingest] ${doc.fileName}:`, error);
      await db()
        .document.update({ where: { id: doc.id }, data: { status: "failed", errorMessage: message, ingestedAt: new Date(), chunkCount: 0 } })
        .catch(() => undefined);
      await setFile({ status: "failed", progressPercent: 100, errorMessage: message }).catch(() => undefined);
    }
  });

  const files = await db().jobFile.findMany({ where: { jobId } });
  const succeeded = files.filter((f) => f.status === "success").length;
  if (succeeded > 0) {
    await ensureTextIndex(job.collectionName).catch((error) => console.error("[ingest] text index failed:", error));
  }
  await repo.touchCollection(job.collectionName).catch(() => undefined);
  await finishJob(
    jobId,
    succeeded > 0 ? "completed" : "failed",
    succeeded > 0 ? null : jobError ?? `All ${files.length} file${files.length === 1 ? "" : "s"} failed to ingest`,
  );
  if (succeeded > 0) {
    optimizeTable(job.collectionName).catch((error) => console.error("[ingest] optimize failed:", error));
  }
}

/** Only the worker still holding the job may end it (a stale one may have lost it to a peer). */
async function finishJob(jobId: string, status: "completed" | "failed", errorMessage: string | null) {
  await db().ingestionJob.updateMany({ where: { id: jobId, status: "processing" }, data: { status, errorMessage, completedAt: new Date() } });
}

function userMessage(error: unknown): string {
  if (error instanceof IngestError) return error.message;
  return "This file could not be ingested because of an internal error. Try uploading it again.";
}

async function runPool<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(lanes);
}
