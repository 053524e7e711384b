import type { ReadChunksOptions } from "../types";
import { plain, sqlString, type ChunkRow, type StoredChunk } from "./rows";
import { projection, table } from "./tables";

/** Reads of stored passages in document order: a file's, a collection's, or found pages' neighbours. */

export async function countChunks(name: string, fileId?: string): Promise<number> {
  const t = await table(name);
  return t.countRows(fileId ? `file_id = ${sqlString(fileId)}` : undefined);
}

/** Passages a page holds within PAGE_REACH of a found one: a page of a thousand rows (a sheet) stays a few passages. */
const PAGE_REACH = 2;
const pageFilter = (p: { fileId: string; page: number; chunkIndex: number }) =>
  `(file_id = ${sqlString(p.fileId)} AND page_number = ${Math.trunc(p.page)} AND chunk_index BETWEEN ${Math.trunc(p.chunkIndex) - PAGE_REACH} AND ${Math.trunc(p.chunkIndex) + PAGE_REACH})`;

/** Reads a collection's chunks (or one file's) in document order, with vectors if asked. */
export async function readRows(name: string, options: ReadChunksOptions = {}): Promise<(StoredChunk & { vector?: Float32Array })[]> {
  const t = await table(name);
  const columns = await projection(name, t);
  let q = t.query().select(options.withVectors ? [...columns, "vector"] : columns);
  if (options.fileId) q = q.where(`file_id = ${sqlString(options.fileId)}`);
  if (options.pages?.length) q = q.where(options.pages.map(pageFilter).join(" OR "));
  const rows = (await q.limit(options.limit ?? 1_000_000).toArray()) as (StoredChunk & { vector?: ArrayLike<number> })[];
  return rows
    .map((r) => ({ ...plain(r), ...(options.withVectors && r.vector ? { vector: Float32Array.from(r.vector) } : {}) }))
    .sort((a, b) => a.file_id.localeCompare(b.file_id) || a.chunk_index - b.chunk_index);
}

/** A file's rows as written, search text included and vector left out: what a re-embedding copies. */
export async function readFileRows(name: string, fileId: string): Promise<Omit<ChunkRow, "vector">[]> {
  const t = await table(name);
  const rows = (await t
    .query()
    .select([...(await projection(name, t)), "search_text"])
    .where(`file_id = ${sqlString(fileId)}`)
    .limit(1_000_000)
    .toArray()) as (StoredChunk & { search_text: string })[];
  return rows.map((r) => ({ ...plain(r), search_text: r.search_text })).sort((a, b) => a.chunk_index - b.chunk_index);
}
