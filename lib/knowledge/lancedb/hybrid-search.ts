import type * as lancedb from "@lancedb/lancedb";
import type { RetrievalMode } from "../schemas";
import type { SpellingResult } from "../types";
import { bestPerPage } from "../pages";
import { bm25Query } from "@/lib/text/bm25-query";
import { readInEnglish, type EnglishReading } from "@/lib/text/cross-language";
import { words } from "@/lib/text/typos";
import { detectLanguage } from "@/lib/text/language";
import { fuse, scoreFromBm25, scoreFromDistance, VECTOR_WEIGHT } from "../ranking/fusion";
import { RECORD_COLUMN, plain, unpackRecord, type ScoredChunk, type StoredChunk } from "./rows";
import { correctSpelling, TEXT_COLUMN } from "./spelling";
import { cachedIndexBits, hasTextIndex, projection, table, takenColumns } from "./tables";
import { indexLanguage } from "./text-index";
import { NPROBES, VECTOR_BITS } from "./upkeep";

/**
 * Search of one collection table: BM25, vectors or both fused, in two phases (row ids and
 * scores first, the chunks that make the top K read after), and the query's spelling.
 */

/** Candidates fetched from each list before fusion (a multiple of top_k). */
const HYBRID_DEPTH = 4;
/**
 * A hybrid search's vector list only reorders BM25's when BM25 fills its list (see rankedHits):
 * it probes half the partitions and is not re-ranked. 1M generated chunks, 2 cores, hybrid
 * recall@10 against exact search 0.96-0.99 (a quarter of them: flat word queries 0.948); the
 * retriever's p50 on flat word queries 25-28 → 20 ms, on Northwind's questions 23 → 21-23 ms.
 */
const COARSE_NPROBES = 8;
/** How many times the limit is re-ranked on exact distances, by the index's bits per dimension. */
const refineFactor = (bits: number) => (bits >= 4 ? 1 : 5);

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

/**
 * A question in German, French or Spanish of an English collection, read in English word by word
 * (lib/text/cross-language); null for any other question or collection.
 */
async function readingFor(name: string, query: string): Promise<EnglishReading | null> {
  const lang = detectLanguage(query);
  if (lang === "en" || (await indexLanguage(await table(name), TEXT_COLUMN)) !== "en") return null;
  return readInEnglish(query, lang);
}

/** The query as the collection's documents can match it: another language's words by their English senses. */
export async function inCollectionLanguage(name: string, query: string): Promise<string> {
  return (await readingFor(name, query))?.searchText ?? query;
}

/**
 * Spelling of a query read in English: its own words are no typos of English ones, and only a
 * word read through the glossary can be unknown: when its first, most common English sense is not
 * in the collection ("Urlaubstage": "vacation day"; "leave day", a rarer sense, would find a leave of absence).
 */
export async function spellCheckAcrossLanguages(name: string, query: string): Promise<SpellingResult> {
  const own = await spellCheck(name, query);
  const reading = await readingFor(name, query);
  if (!reading) return own;
  const english = await spellCheck(name, reading.searchText);
  const known = (sense: string) => words(sense).every((w) => !english.unknown.includes(w));
  // A word the glossary cannot read is not known to be missing: it may be said in English after all.
  const unknown = own.unknown.filter((w) => {
    const senses = reading.senses.get(w);
    return senses !== undefined && !known(senses[0]);
  });
  return { ...own, unknown };
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
async function rankedHits(
  t: lancedb.Table,
  p: SearchParams,
  depth: number,
  columns: string[],
): Promise<{ hits: Hit[]; read?: Map<bigint, StoredChunk> }> {
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
  const kept = (ranked: ScoredChunk[]) =>
    p.candidates ? ranked.slice(0, p.candidates) : bestPerPage(ranked, chunkPage, p.perPage ?? 1).slice(0, p.topK);
  if (p.mode === "vectors") return kept(await vectorSearch<ScoredChunk>(t, p, depth, columns, false));
  if (p.mode === "text") return kept(await textSearch<ScoredChunk>(t, p, depth, columns, false));
  const [byVector, byText] = await Promise.all([
    vectorSearch<ScoredChunk>(t, p, depth, columns, false),
    textSearch<ScoredChunk>(t, p, depth, columns, false),
  ]);
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
async function readCandidates(
  t: lancedb.Table,
  columns: string[],
  hits: Hit[],
  read = new Map<bigint, StoredChunk>(),
): Promise<ScoredChunk[] | null> {
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
  let q = t
    .vectorSearch(p.vector)
    .distanceType("cosine")
    .select([...columns, "_distance"])
    .limit(limit);
  q = reach === "coarse" ? q.nprobes(COARSE_NPROBES) : q.nprobes(NPROBES).refineFactor(refineFactor(bits ?? VECTOR_BITS));
  if (p.where) q = q.where(p.where);
  if (p.exact) q = q.bypassVectorIndex();
  if (rowIds) q = q.withRowId();
  const rows = (await q.toArray()) as Record<string, unknown>[];
  return rows.map((r) => fromRow<T>(r, rowIds, scoreFromDistance(r._distance as number)));
}

/** The best BM25 matches with a 0..1 score: as hits (row ids) if asked, else as `columns`. */
/** (A table whose first job has not finished has no BM25 index yet: LanceDB then scans the text.) */
async function textSearch<T extends Scored>(
  t: lancedb.Table,
  p: SearchParams,
  limit: number,
  columns: string[],
  rowIds: boolean,
): Promise<T[]> {
  let q = t
    .query()
    .fullTextSearch(bm25Query(p.query), { columns: [TEXT_COLUMN] })
    .select([...columns, "_score"])
    .limit(limit);
  if (p.where) q = q.where(p.where);
  if (rowIds) q = q.withRowId();
  const rows = (await q.toArray()) as Record<string, unknown>[];
  return rows.map((r) => fromRow<T>(r, rowIds, scoreFromBm25(r._score as number)));
}

/** A result row as a hit (row id and score) or as the chunk it holds. */
function fromRow<T extends Scored>(r: Record<string, unknown>, rowId: boolean, score: number): T {
  return (rowId ? { _rowid: r._rowid, score } : { ...plain(r as unknown as StoredChunk), score }) as unknown as T;
}
