import { LATER_COLUMNS, RECORD_COLUMN, packRecord, sqlString, type ChunkRow } from "./rows";
import { forgetIndexedWords, forgetUnknownWords } from "./spelling";
import { forgetSchema, laterColumns, table, tableSchema } from "./tables";
import { arrowTable } from "./arrow-rows";

/** Writes to a collection table: a job's rows added, a file's rows deleted. */

/** One caller's rows (a file's) waiting for a write to its table. */
interface Part {
  rows: ChunkRow[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Per table: the write under way and the parts that came in meanwhile. */
interface Queue {
  writing: boolean;
  waiting: Part[];
}
const queues = new Map<string, Queue>();

/**
 * Adds rows to a table; resolves once they are committed. Rows that come in while a write to
 * the same table is under way go out together in the next write: LanceDB commits one version
 * of a table at a time, so adds made side by side (the files of a job ending together) wait
 * for each other and retry, and one add of their rows costs little more than one file's. A
 * caller's rows always share one write, so a file stays all-or-nothing.
 */
export function addChunks(name: string, rows: ChunkRow[]): Promise<void> {
  if (rows.length === 0) return Promise.resolve();
  const queue = queues.get(name) ?? { writing: false, waiting: [] };
  queues.set(name, queue);
  const added = new Promise<void>((resolve, reject) => queue.waiting.push({ rows, resolve, reject }));
  if (!queue.writing) void writeWaiting(name, queue);
  return added;
}

async function writeWaiting(name: string, queue: Queue): Promise<void> {
  queue.writing = true;
  while (queue.waiting.length) {
    const parts = queue.waiting.splice(0);
    try {
      await writeRows(name, parts.length === 1 ? parts[0].rows : parts.flatMap((p) => p.rows));
      for (const part of parts) part.resolve();
    } catch (error) {
      if (parts.length === 1) parts[0].reject(error);
      // One file's rows may be what failed: each is tried alone, so only its own write fails.
      else for (const part of parts) await writeRows(name, part.rows).then(part.resolve, part.reject);
    }
  }
  queue.writing = false;
  queues.delete(name);
}

async function writeRows(name: string, rows: ChunkRow[]): Promise<void> {
  const t = await table(name);
  const present = await laterColumns(name, t);
  const missing = LATER_COLUMNS.filter((c) => !present.has(c) && rows.some((r) => r[c]));
  if (missing.length) {
    // An older table gains the column (null in its existing rows) when a row first needs it.
    await t.addColumns(missing.map((c) => ({ name: c, valueSql: "CAST(NULL AS STRING)" })));
    forgetSchema(name);
  }
  // Shaped by the table's own schema: an old table is sent only the columns it has.
  const packed = present.has(RECORD_COLUMN);
  const values = rows.map((r) => (packed ? { ...r, [RECORD_COLUMN]: packRecord(r) } : r));
  await t.add(arrowTable(await tableSchema(name, t), values));
  forgetUnknownWords(name);
}

export async function deleteFileChunks(name: string, fileIds: string[]): Promise<void> {
  if (fileIds.length === 0) return;
  const t = await table(name);
  // An empty table (a new collection's first files) has nothing to delete, and a delete is a
  // commit: the files of a job, started together, would contend for it.
  if ((await t.countRows()) === 0) return;
  await t.delete(`file_id IN (${fileIds.map(sqlString).join(", ")})`);
  forgetIndexedWords(name);
}
