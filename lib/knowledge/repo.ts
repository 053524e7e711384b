import { db } from "@/lib/db/client";

/** Database queries of the Knowledge Layer (collections, documents, jobs), in one place. */

export const findCollection = (name: string) => db().collection.findUnique({ where: { name } });

/** The LanceDB table holding a collection's chunks (a re-embedding swaps in a fresh one). */
export const tableOf = (collection: { name: string; tableName: string | null }) => collection.tableName ?? collection.name;

/** The table of a collection by name; null when the collection does not exist. */
export async function tableFor(name: string): Promise<string | null> {
  const row = await db().collection.findUnique({ where: { name }, select: { name: true, tableName: true } });
  return row ? tableOf(row) : null;
}

/** The collections, oldest first; only those of `names` that exist when names are given. */
export const listCollectionRows = (names?: string[]) =>
  db().collection.findMany({ ...(names ? { where: { name: { in: names } } } : {}), orderBy: { createdAt: "asc" } });

export async function collectionCounts(only?: string): Promise<Map<string, { files: number; chunks: number }>> {
  const rows = await db().document.groupBy({
    by: ["collectionName"],
    ...(only ? { where: { collectionName: only } } : {}),
    _count: { _all: true },
    _sum: { chunkCount: true },
  });
  return new Map(rows.map((r) => [r.collectionName, { files: r._count._all, chunks: r._sum.chunkCount ?? 0 }]));
}

export const touchCollection = (name: string) => db().collection.update({ where: { name }, data: { updatedAt: new Date() } });

export const listDocuments = (collectionName: string) =>
  db().document.findMany({ where: { collectionName }, orderBy: { uploadedAt: "asc" } });

export const findDocument = (id: string, collectionName: string) => db().document.findFirst({ where: { id, collectionName } });

export const findJob = (id: string) =>
  db().ingestionJob.findUnique({ where: { id }, include: { files: { orderBy: { position: "asc" } } } });

/**
 * A job with one page of its files (in upload order) and the counts over all of them: a
 * 5,000-file job's status need not carry 5,000 file details.
 */
export async function findJobPage(id: string, offset: number, limit: number) {
  const job = await db().ingestionJob.findUnique({
    where: { id },
    include: { files: { orderBy: { position: "asc" }, skip: offset, take: limit } },
  });
  if (!job) return null;
  const byStatus = await db().jobFile.groupBy({ by: ["status"], where: { jobId: id }, _count: { _all: true } });
  const count = (statuses: string[]) => byStatus.filter((g) => statuses.includes(g.status)).reduce((sum, g) => sum + g._count._all, 0);
  return { job, total: count(byStatus.map((g) => g.status)), processed: count(["success", "failed"]) };
}

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

export const activeJobsFor = (collectionName: string, kind?: "ingest" | "reembed") =>
  db().ingestionJob.findMany({
    where: { collectionName, status: { in: ["pending", "processing"] }, ...(kind ? { kind } : {}) },
    select: { id: true },
    orderBy: { submittedAt: "asc" },
  });
