import { db } from "@/lib/db/client";

/**
 * The job queue's database queries: jobs and their files, claimed, beaten, released and ended
 * by the worker (./worker.ts), whatever backend writes their passages.
 */

/** The kinds of job: files to ingest, or a collection to re-embed (its chunks copied with new vectors). */
export const INGEST = "ingest";
export const REEMBED = "reembed";
export type JobKind = typeof INGEST | typeof REEMBED;

export const findJob = (id: string) =>
  db().ingestionJob.findUnique({ where: { id }, include: { files: { orderBy: { position: "asc" } } } });

/**
 * Pending jobs a worker may start, oldest first. A re-embedding copies a collection's chunks
 * into a fresh table, so it and the collection's ingestion jobs take turns: a job waits while
 * one of the other kind on its collection is running or was submitted before it.
 */
export async function pendingJobIds(): Promise<string[]> {
  const active = await db().ingestionJob.findMany({
    where: { status: { in: ["pending", "processing"] } },
    orderBy: { submittedAt: "asc" },
    select: { id: true, collectionName: true, kind: true, status: true },
  });
  return active
    .filter(
      (job, i) =>
        job.status === "pending" &&
        !active.some(
          (other, j) => other.collectionName === job.collectionName && other.kind !== job.kind && (j < i || other.status === "processing"),
        ),
    )
    .map((j) => j.id);
}

/** Atomically moves a job from pending to processing; false if another worker got it first. */
export async function claimJob(id: string): Promise<boolean> {
  const now = new Date();
  const { count } = await db().ingestionJob.updateMany({
    where: { id, status: "pending" },
    data: { status: "processing", startedAt: now, heartbeatAt: now },
  });
  return count === 1;
}

export const heartbeat = (id: string) =>
  db().ingestionJob.updateMany({ where: { id, status: "processing" }, data: { heartbeatAt: new Date() } });

/** A stopping worker hands back a job it has not finished; its remaining files run on the next claim. */
export const releaseJob = (id: string) =>
  db().ingestionJob.updateMany({ where: { id, status: "processing" }, data: { status: "pending" } });

/**
 * Jobs whose worker stopped beating (a crash or restart) go back to the queue; their files
 * restart cleanly. Jobs other live instances are running keep a fresh heartbeat and stay.
 */
export async function requeueInterruptedJobs(staleAfterMs: number): Promise<number> {
  const { count } = await db().ingestionJob.updateMany({
    where: {
      status: "processing",
      OR: [{ heartbeatAt: null }, { heartbeatAt: { lt: new Date(Date.now() - staleAfterMs) } }],
    },
    data: { status: "pending" },
  });
  return count;
}

export const activeJobsFor = (collectionName: string, kind?: JobKind) =>
  db().ingestionJob.findMany({
    where: { collectionName, status: { in: ["pending", "processing"] }, ...(kind ? { kind } : {}) },
    select: { id: true },
    orderBy: { submittedAt: "asc" },
  });

export type JobRow = NonNullable<Awaited<ReturnType<typeof findJob>>>;
export type JobFileRow = JobRow["files"][number];
export type DocumentRow = Awaited<ReturnType<ReturnType<typeof db>["document"]["findMany"]>>[number];

/** Queues a job of `kind` without files (a re-embedding lists its files when it starts). */
export const createJob = (data: { id: string; collectionName: string; kind: JobKind; backend: string }) =>
  db().ingestionJob.create({ data: { ...data, status: "pending" } });

export const documentsByIds = (ids: string[]) => db().document.findMany({ where: { id: { in: ids } } });

export const jobFiles = (jobId: string) => db().jobFile.findMany({ where: { jobId } });

export interface JobFileUpdate {
  status?: string;
  progressPercent?: number;
  chunksCreated?: number;
  errorMessage?: string | null;
  attempts?: { increment: number };
}

export const updateJobFile = (id: string, data: JobFileUpdate) =>
  db()
    .jobFile.update({ where: { id }, data })
    .then(() => undefined);

export const markDocumentIngesting = (id: string) =>
  db().document.update({ where: { id }, data: { status: "ingesting", errorMessage: null } });

/** False when the document was deleted while it was being ingested. */
export async function markDocumentIngested(
  id: string,
  outcome: { chunks: number; pageCount: number | null; summary: string | null },
  /** The document's metadata with this reading's notes (serialize.ts withNotes). */
  metadata: string,
): Promise<boolean> {
  const { count } = await db().document.updateMany({
    where: { id },
    data: {
      status: "success",
      chunkCount: outcome.chunks,
      pageCount: outcome.pageCount,
      summary: outcome.summary,
      metadata,
      ingestedAt: new Date(),
    },
  });
  return count > 0;
}

export const markDocumentFailed = (id: string, message: string) =>
  db().document.update({ where: { id }, data: { status: "failed", errorMessage: message, ingestedAt: new Date(), chunkCount: 0 } });

export const documentExists = async (id: string) => (await db().document.count({ where: { id } })) > 0;

/** Files whose earlier attempts never finished: failed with `message`, file row and document both. */
export async function failUnfinishedFiles(files: JobFileRow[], message: string): Promise<void> {
  for (const file of files) {
    await db().jobFile.update({ where: { id: file.id }, data: { status: "failed", progressPercent: 100, errorMessage: message } });
    await db().document.updateMany({
      where: { id: file.documentId },
      data: { status: "failed", errorMessage: message, chunkCount: 0, ingestedAt: new Date() },
    });
  }
}

/** Only the worker still holding the job may end it (a stale one may have lost it to a peer). */
export async function finishJob(jobId: string, status: "completed" | "failed", errorMessage: string | null): Promise<void> {
  await db().ingestionJob.updateMany({
    where: { id: jobId, status: "processing" },
    data: { status, errorMessage, completedAt: new Date() },
  });
}
