import { db } from "@/lib/db/client";

/** Database queries of the Knowledge Layer (collections, documents, a job's status), in one place; the queue's are in jobs/repository.ts. */

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
