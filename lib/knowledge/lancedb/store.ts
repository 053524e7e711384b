import * as lancedb from "@lancedb/lancedb";
import { Field, FixedSizeList, Float32, Int32, Schema, Utf8 } from "apache-arrow";
import { config } from "@/lib/config";
import { isPostgresUrl } from "@/lib/db/client";
import { workerMode } from "../worker-mode";
import type { RetrievalMode } from "../schemas";
import type { ReadChunksOptions, SpellingResult } from "../types";
import { documentTitle } from "../document-title";
import { bestPerPage } from "../pages";
import { withJoinedCompounds } from "@/lib/text/compounds";
import { bm25Query } from "@/lib/text/bm25-query";
import { correctSpelling, forgetIndexedWords, forgetUnknownWords, TEXT_COLUMN } from "./spelling";
import { sizeComputePool } from "./compute-pool";
import { arrowTable } from "./arrow-rows";
import { textIndexConfig } from "./text-index";
import { fuse, scoreFromBm25, scoreFromDistance, VECTOR_WEIGHT } from "../ranking/fusion";

sizeComputePool();

/** One row of a collection table: a chunk with its vector. */
export interface ChunkRow {
  chunk_id: string;
  file_id: string;
  file_name: string;
  page_number: number | null;
  chunk_index: number;
  heading: string | null;
  content: string;
  /** What search sees: the document's title and the section heading, then the content. */
  search_text: string;
  content_type: string;
  token_count: number;
  vector: Float32Array;
  /**
   * Where a passage imported from a Polymath library came from: JSON of its `info` (url,
   * title, description, image_url). Null for passages of the collection's own files.
   */
  source?: string | null;
  /**
   * JSON of what the SDK Chunk carries beyond text, for passages that have it: `subtype`
   * (content_subtype), `structured_data` (a table's rows, a JSON section), `locator` (how the
   * citation names the page: "slide 3", "sheet Budget"). Null for plain text passages.
   */
  content_meta?: string | null;
}

export type StoredChunk = Omit<ChunkRow, "vector" | "search_text">;
export interface ScoredChunk extends StoredChunk {
  /** Normalised to 0..1, see scoreFromDistance / scoreFromBm25 / hybrid fusion. */
  score: number;
}

const PROJECTION = ["chunk_id", "file_id", "file_name", "page_number", "chunk_index", "heading", "content", "content_type", "token_count"];
/** Added after the first release: tables made before it lack the column until a row needs it. */
const SOURCE_COLUMN = "source";
/** Added with Office, table and image files: same as `source` for older tables. */
const META_COLUMN = "content_meta";
/** Nullable columns added after the first release, in schema order. */
const LATER_COLUMNS = [SOURCE_COLUMN, META_COLUMN] as const;
/**
 * Every field of a row but its text, vector and search text, as one JSON string: what search
 * reads for the chunks it returns. Reading a column of a few rows by row id costs ~1-5 ms
 * whatever their number (1M generated chunks, one core: the 11 columns 13.8 ms, this and
 * `content` ~2.5 ms). Tables made before it lack it, and are read column by column.
 */
const RECORD_COLUMN = "record";
const OPTIONAL_COLUMNS = [...LATER_COLUMNS, RECORD_COLUMN] as const;
type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];
/** Candidates fetched from each list before fusion (a multiple of top_k). */
const HYBRID_DEPTH = 4;
/** Below this many rows a flat scan beats any index. */
export const VECTOR_INDEX_MIN_ROWS = 20_000;
/**
 * The vector index: IVF partitions of 4-bit RaBitQ codes, all probed (NPROBES ≥ VECTOR_PARTITIONS),
 * the `limit` best re-ranked on the stored vectors. Neighbours in hashed-embedding space sit at
 * nearly equal distances and scatter across partitions, so probing a few partitions (IVF_FLAT:
 * 0.40 recall@10 against exact search at 1M generated chunks with 20 of its default partitions
 * probed, 0.84 with 100 at 40 ms) or an HNSW graph (IVF_HNSW_SQ: 264 s to build at 100k, recall@10
 * 0.21) missed many of them. A full scan of the compact codes finds them: at 1M on one core,
 * 4-bit codes re-ranking the limit 0.998 in 17 ms (2-bit codes needed 5× the limit re-ranked,
 * 0.985 in 22 ms; unre-ranked either finds 0.83). Builds in 15-40 s.
 */
const VECTOR_PARTITIONS = 16;
const NPROBES = 20;
/**
 * A hybrid search's vector list only reorders BM25's when BM25 fills its list (see rankedHits):
 * it probes half the partitions and is not re-ranked. 1M generated chunks, 2 cores, hybrid
 * recall@10 against exact search 0.96-0.99 (a quarter of them: flat word queries 0.948); the
 * retriever's p50 on flat word queries 25-28 → 20 ms, on Northwind's questions 23 → 21-23 ms.
 */
const COARSE_NPROBES = 8;
const VECTOR_BITS = 4;
/** How many times the limit is re-ranked on exact distances, by the index's bits per dimension. */
const refineFactor = (bits: number) => (bits >= 4 ? 1 : 5);

function chunkSchema(dims: number): Schema {
  return new Schema([
    new Field("chunk_id", new Utf8(), false),
    new Field("file_id", new Utf8(), false),
    new Field("file_name", new Utf8(), false),
    new Field("page_number", new Int32(), true),
    new Field("chunk_index", new Int32(), false),
    new Field("heading", new Utf8(), true),
    new Field("content", new Utf8(), false),
    new Field("search_text", new Utf8(), false),
    new Field("content_type", new Utf8(), false),
    new Field("token_count", new Int32(), false),
    new Field("vector", new FixedSizeList(dims, new Field("item", new Float32(), true)), false),
    new Field(SOURCE_COLUMN, new Utf8(), true),
    new Field(META_COLUMN, new Utf8(), true),
    new Field(RECORD_COLUMN, new Utf8(), true),
  ]);
}

export function searchText(fileName: string, heading: string | null, content: string): string {
  // The heading once more than the content already carries it: a section title says what the
  // chunk is about better than any sentence in it.
  const head = heading ? `${heading}\n` : "";
  return withJoinedCompounds(`${documentTitle(fileName)}\n${head}${content}`, "\n");
}

/** Quotes a string for a LanceDB SQL filter: single quotes doubled, no other escape needed. */
export function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

interface StoreState {
  uri: string;
  connection: Promise<lancedb.Connection>;
  tables: Map<string, Promise<lancedb.Table>>;
}
const globalStore = globalThis as unknown as { __docchatLance?: StoreState };

function state(): StoreState {
  const uri = config().lancedbUri;
  if (globalStore.__docchatLance?.uri !== uri) {
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
async function table(name: string): Promise<lancedb.Table> {
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
const dropsOf = (name: string) => drops.get(name) ?? 0;

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

async function tableExists(name: string): Promise<boolean> {
  return (await (await state().connection).tableNames()).includes(name);
}

export async function pingStore(): Promise<void> {
  await (await state().connection).tableNames();
}

export async function addChunks(name: string, rows: ChunkRow[]): Promise<void> {
  if (rows.length === 0) return;
  const t = await table(name);
  const present = await laterColumns(name, t);
  const missing = LATER_COLUMNS.filter((c) => !present.has(c) && rows.some((r) => r[c]));
  if (missing.length) {
    // An older table gains the column (null in its existing rows) when a row first needs it.
    await t.addColumns(missing.map((c) => ({ name: c, valueSql: "CAST(NULL AS STRING)" })));
    schemas.delete(name);
  }
  // Shaped by the table's own schema: an old table is sent only the columns it has.
  const packed = present.has(RECORD_COLUMN);
  const values = rows.map((r) => (packed ? { ...r, [RECORD_COLUMN]: packRecord(r) } : r));
  await t.add(arrowTable(await tableSchema(name, t), values));
  forgetUnknownWords(name);
}

/**
 * The table's columns in its order, typed as chunkSchema types them: an older table lacks some,
 * and LanceDB answers `schema()` with types of its own Arrow instance, which ours cannot build.
 */
async function readSchema(t: lancedb.Table): Promise<Schema> {
  const theirs = await t.schema();
  const vector = theirs.fields.find((f) => f.name === "vector")!.type as FixedSizeList;
  const ours = chunkSchema(vector.listSize);
  return new Schema(theirs.fields.map((f) => ours.fields.find((o) => o.name === f.name) ?? f));
}

/** The record column of a row (see RECORD_COLUMN). */
function packRecord(r: Omit<ChunkRow, "vector">): string {
  const { chunk_id, file_id, file_name, page_number, chunk_index, heading, content_type, token_count, source, content_meta } = r;
  return JSON.stringify({ chunk_id, file_id, file_name, page_number, chunk_index, heading, content_type, token_count, source: source ?? null, content_meta: content_meta ?? null });
}

/** Per table: its schema as readSchema gives it, read once (columns are only added by addChunks). */
const schemas = new Map<string, Promise<Schema>>();

function tableSchema(name: string, t: lancedb.Table): Promise<Schema> {
  let schema = schemas.get(name);
  if (!schema) {
    schema = readSchema(t);
    schemas.set(name, schema);
    schema.catch(() => schemas.delete(name));
  }
  return schema;
}

/** Which of the optional columns the table has (tables made before them lack them). */
async function laterColumns(name: string, t: lancedb.Table): Promise<Set<OptionalColumn>> {
  const { fields } = await tableSchema(name, t);
  return new Set(OPTIONAL_COLUMNS.filter((c) => fields.some((f) => f.name === c)));
}

async function projection(name: string, t: lancedb.Table): Promise<string[]> {
  const present = await laterColumns(name, t);
  return [...PROJECTION, ...LATER_COLUMNS.filter((c) => present.has(c))];
}

/** What a read by row id selects: the record and the text where the table has the record column. */
async function takenColumns(name: string, t: lancedb.Table): Promise<string[]> {
  const present = await laterColumns(name, t);
  return present.has(RECORD_COLUMN) ? [RECORD_COLUMN, "content"] : projection(name, t);
}

export async function deleteFileChunks(name: string, fileIds: string[]): Promise<void> {
  if (fileIds.length === 0) return;
  const t = await table(name);
  await t.delete(`file_id IN (${fileIds.map(sqlString).join(", ")})`);
  forgetIndexedWords(name);
}

/** A table was dropped or replaced: nothing cached about it holds any more. */
function forgetTable(name: string): void {
  forgetIndexedWords(name);
  schemas.delete(name);
  textIndexed.delete(name);
}

/** Bits per dimension of the table's vector index codes; null without one (or not IVF_RQ). */
async function vectorIndexBits(t: lancedb.Table): Promise<number | null> {
  const index = (await t.listIndices()).find((i) => i.columns.includes("vector"));
  const bits = (index?.indexDetails as { compression?: { num_bits?: unknown } } | undefined)?.compression?.num_bits;
  return typeof bits === "number" ? bits : null;
}

/**
 * Per open table, its vector index's bits as first seen. An index another process rebuilds
 * with more bits is then searched with the older, larger re-ranking: slower, never worse.
 */
const indexBitsOf = new WeakMap<lancedb.Table, Promise<number | null>>();

function cachedIndexBits(t: lancedb.Table): Promise<number | null> {
  let bits = indexBitsOf.get(t);
  if (!bits) {
    bits = vectorIndexBits(t);
    indexBitsOf.set(t, bits);
    bits.catch(() => indexBitsOf.delete(t));
  }
  return bits;
}

export async function countChunks(name: string, fileId?: string): Promise<number> {
  const t = await table(name);
  return t.countRows(fileId ? `file_id = ${sqlString(fileId)}` : undefined);
}

/** Passages a page holds within PAGE_REACH of a found one: a page of a thousand rows (a sheet) stays a few passages. */
const PAGE_REACH = 2;
const pageFilter = (p: { fileId: string; page: number; chunkIndex: number }) =>
  `(file_id = ${sqlString(p.fileId)} AND page_number = ${Math.trunc(p.page)} AND chunk_index BETWEEN ${Math.trunc(p.chunkIndex) - PAGE_REACH} AND ${Math.trunc(p.chunkIndex) + PAGE_REACH})`;

/** Reads a collection's chunks (or one file's) in document order, with vectors if asked. */
export async function readRows(
  name: string,
  options: ReadChunksOptions = {},
): Promise<(StoredChunk & { vector?: Float32Array })[]> {
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

/** What search needs as soon as a job completes: the BM25 index (quick to build). */
export async function ensureTextIndex(name: string): Promise<void> {
  const t = await table(name);
  const indices = await t.listIndices();
  if (indices.some((i) => i.columns.includes(TEXT_COLUMN))) return;
  if ((await t.countRows()) === 0) return;
  await t.createIndex(TEXT_COLUMN, { config: await textIndexConfig(t) });
}

const upkeep = new Map<string, Promise<void>>();

/**
 * Heavier upkeep, run after a job has completed so it never delays one: folds new rows into
 * the indexes, compacts the versions a job wrote, and builds a vector index once the table is
 * large enough that a flat scan gets slow. Runs one at a time per table.
 */
export function optimizeTable(name: string): Promise<void> {
  const dropsBefore = dropsOf(name);
  const previous = upkeep.get(name) ?? Promise.resolve();
  const dropped = () => dropsOf(name) !== dropsBefore;
  const next = previous.then(async () => {
    if (dropped()) return;
    await ensureTextIndex(name);
    const t = await table(name);
    const rows = await t.countRows();
    if (rows === 0 || dropped()) return;
    const { compaction } = await t.optimize({ cleanupOlderThan: new Date(Date.now() - 60_000) });
    if (dropped()) return;
    const bits = await vectorIndexBits(t);
    // Compaction remaps the vector index onto the rewritten fragments, and an IVF_RQ index
    // remapped so returns the wrong neighbours (1M generated chunks: recall@10 0.36 after
    // compaction, 0.98 rebuilt): it is built after compaction, and again whenever one ran, or
    // when an earlier release built it with fewer bits.
    if (rows >= VECTOR_INDEX_MIN_ROWS && (bits !== VECTOR_BITS || compaction.fragmentsRemoved > 0)) {
      // See VECTOR_PARTITIONS (built after the job: 15-40 s at 1M rows on 2 cores).
      const config = lancedb.Index.ivfRq({ distanceType: "cosine", numPartitions: VECTOR_PARTITIONS, numBits: VECTOR_BITS });
      await t.createIndex("vector", { config, replace: true });
      indexBitsOf.delete(t);
    }
  }).catch(async (error: unknown) => {
    // The collection was deleted while its upkeep waited or ran: nothing is left to keep up.
    // (A drop under way may not have removed the folder yet: it counts as deleted.)
    if (dropped()) return;
    if (await tableExists(name)) throw error;
  });
  const settled = next.catch(() => undefined);
  upkeep.set(name, settled);
  void settled.then(() => upkeep.get(name) === settled && upkeep.delete(name));
  return next;
}

function plain(row: StoredChunk): StoredChunk {
  return {
    chunk_id: row.chunk_id,
    file_id: row.file_id,
    file_name: row.file_name,
    page_number: row.page_number ?? null,
    chunk_index: row.chunk_index,
    heading: row.heading ?? null,
    content: row.content,
    content_type: row.content_type,
    token_count: row.token_count,
    source: row.source ?? null,
    content_meta: row.content_meta ?? null,
  };
}

/**
 * The query with words the collection never uses replaced by their closest spelling in it.
 * Without a BM25 index yet (the first job is still running) LanceDB would scan the raw text
 * instead, unstemmed, and call known words unknown: nothing is checked then.
 */
export async function spellCheck(name: string, query: string): Promise<SpellingResult> {
  const t = await table(name);
  if (!(await hasTextIndex(name, t))) return { query, corrections: {}, unknown: [] };
  return correctSpelling(t, name, query);
}

/** Tables known to have their BM25 index (it is never dropped once built). */
const textIndexed = new Set<string>();

async function hasTextIndex(name: string, t: lancedb.Table): Promise<boolean> {
  if (textIndexed.has(name)) return true;
  const indexed = (await t.listIndices()).some((i) => i.columns.includes(TEXT_COLUMN));
  if (indexed) textIndexed.add(name);
  return indexed;
}

export interface SearchParams {
  mode: RetrievalMode;
  query: string;
  vector: Float32Array | null;
  topK: number;
  where?: string;
  /** Exact nearest vectors (a flat scan past the vector index): the yardstick for the index's recall. */
  exact?: boolean;
  /**
   * For a second stage (lib/knowledge/ranking): this many of the best chunks in first-stage
   * order, pages not deduplicated. The lists still reach as far as topK asks.
   */
  candidates?: number;
  /** Chunks one page may give (default 1). */
  perPage?: number;
}

/**
 * What a search list carries into fusion: the row id and the score, nothing else. Reading
 * columns with a result list costs ~1-5 ms per column at 1M rows whatever the number of rows
 * (1M generated chunks: the vector list 23 ms on row ids alone, 43 ms with every column; BM25
 * 9 ms and 28 ms): the lists are fused on row ids, and only the chunks that make the top K are
 * read, by row id, their pages then kept one chunk each (onePerPage) as before.
 */
interface Hit {
  _rowid: bigint;
  score: number;
}
/**
 * Hybrid search reads this many times topK of BM25's best rows while the vector list runs: the
 * fused top K come from them unless chunks share pages or vectors lift lower ones. Reading 20
 * rows costs little more than 10 (1M generated chunks: 2.4 against 2.0 ms), and a second read
 * after fusion a whole one: with 10 read, 35 of 50 word queries needed one; with 20, 16.
 */
const EARLY_READ = 2;
/** Columns are read in this many takes at once: one take of 11 columns ~15 ms at 1M rows, two of 5-6 ~9.5 ms. */
const TAKE_GROUPS = 2;

export async function searchChunks(name: string, p: SearchParams): Promise<ScoredChunk[]> {
  const t = await table(name);
  const depth = Math.max(p.topK * HYBRID_DEPTH, 20);
  const taken = await takenColumns(name, t);
  const { hits, read } = await rankedHits(t, p, depth, taken);
  // Row ids are positions in the table's files: a compaction between the search and the read
  // moves them, and the read then misses rows. The search is run once more, reading every
  // column with the lists.
  const found = p.candidates
    ? await readCandidates(t, taken, hits.slice(0, p.candidates), read)
    : await readHits(t, taken, hits, p.topK, p.perPage ?? 1, read);
  return found ?? (await rankedChunks(t, p, depth, await projection(name, t)));
}

const byRowId = (h: Hit) => h._rowid;

/**
 * Every candidate in rank order (fused in hybrid mode), pages not yet deduplicated; in hybrid
 * mode also the rows of the BM25 list's top 2K (EARLY_READ), read while the vector search still runs: with
 * vectors weighted half, a chunk BM25 missed ranks below BM25's 10th (0.5/(RRF_K+1) <
 * 1/(RRF_K+10)), so the fused top 10 are those rows unless some share a page. The vector list
 * then only orders them, and a coarse one does (COARSE_NPROBES).
 */
async function rankedHits(t: lancedb.Table, p: SearchParams, depth: number, columns: string[]): Promise<{ hits: Hit[]; read?: Map<bigint, StoredChunk> }> {
  if (p.mode === "vectors") return { hits: await vectorSearch<Hit>(t, p, depth, [], true) };
  if (p.mode === "text") return { hits: await textSearch<Hit>(t, p, depth, [], true) };
  const text = textSearch<Hit>(t, p, depth, [], true);
  const early = text.then(
    async (hits) => {
      const ids = hits.slice(0, p.topK * EARLY_READ).map(byRowId);
      const rows = await takeRows(t, columns, ids);
      return new Map(rows?.map((row, i) => [ids[i], row]));
    },
    () => undefined,
  );
  // Without a vector index the search is a flat scan, as exact at any reach.
  const coarse = !p.exact && (await cachedIndexBits(t)) !== null;
  const vectors = vectorSearch<Hit>(t, p, depth, [], true, coarse ? "coarse" : "full");
  vectors.catch(() => undefined); // not awaited when a coarse list is not enough
  const [byText, read] = await Promise.all([text, early]);
  // A short BM25 list leaves places in the top K to chunks only the vectors found: those come
  // from the full search.
  const byVector = coarse && byText.length < depth ? await vectorSearch<Hit>(t, p, depth, [], true) : await vectors;
  return { hits: fuse([byText, byVector], [1, VECTOR_WEIGHT], byRowId), read };
}

/** The single-pass search (every column read with both lists): the fallback of searchChunks. */
async function rankedChunks(t: lancedb.Table, p: SearchParams, depth: number, columns: string[]): Promise<ScoredChunk[]> {
  const kept = (ranked: ScoredChunk[]) => (p.candidates ? ranked.slice(0, p.candidates) : bestPerPage(ranked, chunkPage, p.perPage ?? 1).slice(0, p.topK));
  if (p.mode === "vectors") return kept(await vectorSearch<ScoredChunk>(t, p, depth, columns, false));
  if (p.mode === "text") return kept(await textSearch<ScoredChunk>(t, p, depth, columns, false));
  const [byVector, byText] = await Promise.all([vectorSearch<ScoredChunk>(t, p, depth, columns, false), textSearch<ScoredChunk>(t, p, depth, columns, false)]);
  return kept(fuse([byText, byVector], [1, VECTOR_WEIGHT]));
}

/**
 * The best topK hits as chunks, `perPage` per page, in rank order with their scores: read topK
 * rows (those not `read` already), and more only when several of them shared a page. Null if
 * a row id no longer holds a row.
 */
async function readHits(
  t: lancedb.Table,
  columns: string[],
  hits: Hit[],
  topK: number,
  perPage: number,
  read = new Map<bigint, StoredChunk>(),
): Promise<ScoredChunk[] | null> {
  const found: ScoredChunk[] = [];
  let kept: ScoredChunk[] = [];
  while (kept.length < topK && found.length < hits.length) {
    const batch = hits.slice(found.length, found.length + Math.max(topK - kept.length, 4));
    const missing = batch.map(byRowId).filter((id) => !read.has(id));
    if (missing.length) {
      const rows = await takeRows(t, columns, missing);
      if (!rows) return null;
      rows.forEach((row, i) => read.set(missing[i], row));
    }
    for (const hit of batch) found.push({ ...plain(read.get(hit._rowid)!), score: hit.score });
    kept = bestPerPage(found, chunkPage, perPage);
  }
  return kept.slice(0, topK);
}

/** The hits as chunks in their order (reading those not `read` already); null if a row id no longer holds a row. */
async function readCandidates(t: lancedb.Table, columns: string[], hits: Hit[], read = new Map<bigint, StoredChunk>()): Promise<ScoredChunk[] | null> {
  const missing = hits.map(byRowId).filter((id) => !read.has(id));
  const rows = missing.length ? await takeRows(t, columns, missing) : [];
  if (!rows) return null;
  rows.forEach((row, i) => read.set(missing[i], row));
  return hits.map((hit) => ({ ...plain(read.get(hit._rowid)!), score: hit.score }));
}

/**
 * Rows by row id, in the ids' order; null if any is missing. The record and the text in one
 * take; a table without the record column has its columns read in TAKE_GROUPS takes at once.
 */
async function takeRows(t: lancedb.Table, columns: string[], rowIds: bigint[]): Promise<StoredChunk[] | null> {
  const groups = columns.includes(RECORD_COLUMN)
    ? [columns]
    : Array.from({ length: TAKE_GROUPS }, (_, g) => columns.filter((_, i) => i % TAKE_GROUPS === g)).filter((g) => g.length);
  let parts: Record<string, unknown>[][];
  try {
    parts = (await Promise.all(groups.map((g) => t.takeRowIds(rowIds).select(g).withRowId().toArray()))) as Record<string, unknown>[][];
  } catch {
    return null;
  }
  // A take returns its rows in row id order, and leaves out ids that hold no row.
  const rows = new Map<bigint, Record<string, unknown>>(rowIds.map((id) => [id, {}]));
  for (const part of parts) {
    if (part.length !== rowIds.length) return null;
    for (const r of part) {
      const row = rows.get(BigInt(r._rowid as bigint));
      if (!row) return null;
      Object.assign(row, r);
    }
  }
  return rowIds.map((id) => unpackRecord(rows.get(id)!));
}

/** A row read with the record column as the row of separate columns it packs. */
function unpackRecord(row: Record<string, unknown>): StoredChunk {
  const { [RECORD_COLUMN]: record, ...rest } = row;
  return (typeof record === "string" ? { ...JSON.parse(record), ...rest } : rest) as StoredChunk;
}

const chunkPage = (c: { file_id: string; page_number: number | null }) => (c.page_number === null ? null : `${c.file_id}#${c.page_number}`);

type Scored = { score: number };

/**
 * The nearest chunks by cosine distance with a 0..1 score: as hits (row ids) if asked, else as
 * `columns`. A `coarse` search of an indexed table probes COARSE_NPROBES partitions, unre-ranked.
 */
async function vectorSearch<T extends Scored>(
  t: lancedb.Table,
  p: SearchParams,
  limit: number,
  columns: string[],
  rowIds: boolean,
  reach: "full" | "coarse" = "full",
): Promise<T[]> {
  if (!p.vector) throw new Error("vector search needs a query vector");
  const bits = await cachedIndexBits(t);
  let q = t.vectorSearch(p.vector).distanceType("cosine").select([...columns, "_distance"]).limit(limit);
  q = reach === "coarse" ? q.nprobes(COARSE_NPROBES) : q.nprobes(NPROBES).refineFactor(refineFactor(bits ?? VECTOR_BITS));
  if (p.where) q = q.where(p.where);
  if (p.exact) q = q.bypassVectorIndex();
  if (rowIds) q = q.withRowId();
  const rows = (await q.toArray()) as Record<string, unknown>[];
  return rows.map((r) => fromRow<T>(r, rowIds, scoreFromDistance(r._distance as number)));
}

/** The best BM25 matches with a 0..1 score: as hits (row ids) if asked, else as `columns`. */
async function textSearch<T extends Scored>(t: lancedb.Table, p: SearchParams, limit: number, columns: string[], rowIds: boolean): Promise<T[]> {
  let q = t.query().fullTextSearch(bm25Query(p.query), { columns: [TEXT_COLUMN] }).select([...columns, "_score"]).limit(limit);
  if (p.where) q = q.where(p.where);
  if (rowIds) q = q.withRowId();
  try {
    const rows = (await q.toArray()) as Record<string, unknown>[];
    return rows.map((r) => fromRow<T>(r, rowIds, scoreFromBm25(r._score as number)));
  } catch (error) {
    // A table whose first job has not finished yet has no BM25 index: nothing to match.
    if (/index/i.test(String(error))) return [];
    throw error;
  }
}

/** A result row as a hit (row id and score) or as the chunk it holds. */
function fromRow<T extends Scored>(r: Record<string, unknown>, rowId: boolean, score: number): T {
  return (rowId ? { _rowid: r._rowid, score } : { ...plain(r as unknown as StoredChunk), score }) as unknown as T;
}
