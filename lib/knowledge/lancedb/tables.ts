import * as lancedb from "@lancedb/lancedb";
import type { Schema } from "apache-arrow";
import { config } from "@/lib/config";
import { isPostgresUrl } from "@/lib/db/client";
import { workerMode } from "../worker-mode";
import { sizeComputePool } from "./compute-pool";
import { LATER_COLUMNS, OPTIONAL_COLUMNS, PROJECTION, RECORD_COLUMN, chunkSchema, readSchema, type OptionalColumn } from "./rows";
import { forgetIndexedWords, TEXT_COLUMN } from "./spelling";

/**
 * The connection and the collection tables: opened once per process and kept, with what is
 * known about each (its schema, whether it has its BM25 index, its vector index's bits) until
 * it is dropped or replaced.
 */

interface StoreState {
  uri: string;
  connection: Promise<lancedb.Connection>;
  tables: Map<string, Promise<lancedb.Table>>;
}
const globalStore = globalThis as unknown as { __docchatLance?: StoreState };

function state(): StoreState {
  const uri = config().lancedbUri;
  if (globalStore.__docchatLance?.uri !== uri) {
    sizeComputePool();
    globalStore.__docchatLance = { uri, connection: lancedb.connect(uri, connectOptions()), tables: new Map() };
  }
  return globalStore.__docchatLance;
}

/**
 * Other processes write here too when workers are separate or several app instances share a
 * PostgreSQL: open tables then look for newer versions at most once a second. A lone process on
 * the embedded database sees its own writes at once and skips the check.
 */
function connectOptions(): Partial<lancedb.ConnectionOptions> {
  const alone = workerMode() === "server" && !isPostgresUrl(config().databaseUrl);
  return alone ? {} : { readConsistencyInterval: 1 };
}

/** Collection names are validated upstream (lowercase, digits, underscores): safe as table names. */
export async function table(name: string): Promise<lancedb.Table> {
  const s = state();
  let t = s.tables.get(name);
  if (!t) {
    t = s.connection.then((c) => c.openTable(name));
    s.tables.set(name, t);
    t.catch(() => s.tables.delete(name));
  }
  return t;
}

export async function createChunkTable(name: string, dims: number): Promise<void> {
  const s = state();
  const conn = await s.connection;
  const created = await conn.createEmptyTable(name, chunkSchema(dims), { mode: "overwrite" });
  forgetTable(name);
  s.tables.set(name, Promise.resolve(created));
}

/** Per table: how many times this process began dropping it (an upkeep that saw one ends quietly). */
const drops = new Map<string, number>();
export const dropsOf = (name: string) => drops.get(name) ?? 0;

/** Per table: the upkeep running on it (upkeep.ts), which a drop waits for. */
export const upkeep = new Map<string, Promise<void>>();

export async function dropChunkTable(name: string): Promise<void> {
  const s = state();
  const conn = await s.connection;
  drops.set(name, dropsOf(name) + 1);
  s.tables.delete(name);
  forgetTable(name);
  // An upkeep still writing into the table's folder (compaction, an index build) would make its
  // removal fail ("directory not empty") or put files back after it: the removal waits for the
  // upkeep, which stops at its next step once it sees the drop.
  await upkeep.get(name);
  if (await tableExists(name)) await conn.dropTable(name);
}

export async function tableExists(name: string): Promise<boolean> {
  return (await (await state().connection).tableNames()).includes(name);
}

export async function pingStore(): Promise<void> {
  await (await state().connection).tableNames();
}

/** Per table: its schema as readSchema gives it, read once (columns are only added by addChunks). */
const schemas = new Map<string, Promise<Schema>>();

/** Columns were added to the table: its schema is read again. */
export const forgetSchema = (name: string) => schemas.delete(name);

export function tableSchema(name: string, t: lancedb.Table): Promise<Schema> {
  let schema = schemas.get(name);
  if (!schema) {
    schema = readSchema(t);
    schemas.set(name, schema);
    schema.catch(() => schemas.delete(name));
  }
  return schema;
}

/** Which of the optional columns the table has (tables made before them lack them). */
export async function laterColumns(name: string, t: lancedb.Table): Promise<Set<OptionalColumn>> {
  const { fields } = await tableSchema(name, t);
  return new Set(OPTIONAL_COLUMNS.filter((c) => fields.some((f) => f.name === c)));
}

/** The columns a read selects: every field of a chunk this table has. */
export async function projection(name: string, t: lancedb.Table): Promise<string[]> {
  const present = await laterColumns(name, t);
  return [...PROJECTION, ...LATER_COLUMNS.filter((c) => present.has(c))];
}

/** What a read by row id selects: the record and the text where the table has the record column. */
export async function takenColumns(name: string, t: lancedb.Table): Promise<string[]> {
  const present = await laterColumns(name, t);
  return present.has(RECORD_COLUMN) ? [RECORD_COLUMN, "content"] : projection(name, t);
}

/** A table was dropped or replaced: nothing cached about it holds any more. */
export function forgetTable(name: string): void {
  forgetIndexedWords(name);
  schemas.delete(name);
  textIndexed.delete(name);
}

/** Tables known to have their BM25 index (it is never dropped once built). */
const textIndexed = new Set<string>();

export async function hasTextIndex(name: string, t: lancedb.Table): Promise<boolean> {
  if (textIndexed.has(name)) return true;
  const indexed = (await t.listIndices()).some((i) => i.columns.includes(TEXT_COLUMN));
  if (indexed) textIndexed.add(name);
  return indexed;
}

/** Bits per dimension of the table's vector index codes; null without one (or not IVF_RQ). */
export async function vectorIndexBits(t: lancedb.Table): Promise<number | null> {
  const index = (await t.listIndices()).find((i) => i.columns.includes("vector"));
  const bits = (index?.indexDetails as { compression?: { num_bits?: unknown } } | undefined)?.compression?.num_bits;
  return typeof bits === "number" ? bits : null;
}

/**
 * Per open table, its vector index's bits as first seen. An index another process rebuilds
 * with more bits is then searched with the older, larger re-ranking: slower, never worse.
 */
const indexBitsOf = new WeakMap<lancedb.Table, Promise<number | null>>();

/** The table's vector index was rebuilt (upkeep.ts). */
export const forgetIndexBits = (t: lancedb.Table) => indexBitsOf.delete(t);

export function cachedIndexBits(t: lancedb.Table): Promise<number | null> {
  let bits = indexBitsOf.get(t);
  if (!bits) {
    bits = vectorIndexBits(t);
    indexBitsOf.set(t, bits);
    bits.catch(() => indexBitsOf.delete(t));
  }
  return bits;
}
