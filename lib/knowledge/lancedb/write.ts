import { LATER_COLUMNS, RECORD_COLUMN, packRecord, sqlString, type ChunkRow } from "./rows";
import { forgetIndexedWords, forgetUnknownWords } from "./spelling";
import { forgetSchema, laterColumns, table, tableSchema } from "./tables";
import { arrowTable } from "./arrow-rows";

/** Writes to a collection table: a job's rows added, a file's rows deleted. */

export async function addChunks(name: string, rows: ChunkRow[]): Promise<void> {
  if (rows.length === 0) return;
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
