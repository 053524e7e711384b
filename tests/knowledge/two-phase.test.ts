import * as lancedb from "@lancedb/lancedb";
import { Field, FixedSizeList, Float32, Int32, Schema, Utf8 } from "apache-arrow";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { config } from "@/lib/config";
import { onePerPage } from "@/lib/knowledge/pages";
import { TEXT_COLUMN } from "@/lib/knowledge/lancedb/spelling";
import {
  addChunks,
  createChunkTable,
  ensureTextIndex,
  searchChunks,
  type ChunkRow,
  type ScoredChunk,
  type SearchParams,
} from "@/lib/knowledge/lancedb/store";
import { fuse, scoreFromBm25, scoreFromDistance } from "@/lib/knowledge/ranking/fusion";
import { freshDataDir } from "../helpers/env";

/**
 * searchChunks searches both lists for ids, fuses them, then reads the survivors' columns by
 * row id. It must give exactly what one pass reading every column with the lists gives:
 * the reference below is that single pass, written against LanceDB directly.
 */

const DIMS = 8;
const WORDS = ["budget", "travel", "hotel", "allowance", "policy", "invoice", "refund", "meal", "flight", "receipt", "manager", "approval"];

function* rng(seed: number) {
  let s = seed >>> 0;
  for (;;) {
    s = (s * 1664525 + 1013904223) >>> 0;
    yield s / 2 ** 32;
  }
}

function rows(count: number, later: boolean): ChunkRow[] {
  const random = rng(7);
  const next = () => random.next().value as number;
  return Array.from({ length: count }, (_, i) => {
    const content = Array.from({ length: 12 }, () => WORDS[Math.floor(next() * next() * WORDS.length)]).join(" ");
    const fileId = `f${i % 3}`;
    return {
      chunk_id: `${fileId}:${i}`,
      file_id: fileId,
      file_name: `${fileId}.pdf`,
      page_number: i % 7 === 0 ? null : 1 + (i % 5),
      chunk_index: i,
      heading: i % 2 ? `Section ${i}` : null,
      content,
      search_text: content,
      content_type: i % 4 ? "text" : "table",
      token_count: 10 + i,
      vector: Float32Array.from({ length: DIMS }, () => next() - 0.5),
      ...(later && i % 2 === 1
        ? { source: JSON.stringify({ title: `Source ${i}` }), content_meta: JSON.stringify({ locator: `slide ${i}` }) }
        : {}),
    };
  });
}

const COLUMNS = ["chunk_id", "file_id", "file_name", "page_number", "chunk_index", "heading", "content", "content_type", "token_count"];

/** The single pass: every column read with both lists, fused, one chunk per page (or the first `candidates` chunks). */
async function reference(name: string, p: SearchParams, later: boolean): Promise<ScoredChunk[]> {
  const t = await (await lancedb.connect(config().lancedbUri)).openTable(name);
  const columns = later ? [...COLUMNS, "source", "content_meta"] : COLUMNS;
  const chunk = (r: Record<string, unknown>, score: number) =>
    ({
      ...Object.fromEntries(columns.map((c) => [c, r[c] ?? null])),
      source: r.source ?? null,
      content_meta: r.content_meta ?? null,
      score,
    }) as unknown as ScoredChunk;
  const depth = Math.max(p.topK * 4, 20);
  const byVector = async () => {
    let q = t
      .vectorSearch(p.vector!)
      .distanceType("cosine")
      .select([...columns, "_distance"])
      .limit(depth);
    if (p.where) q = q.where(p.where);
    if (p.exact) q = q.bypassVectorIndex();
    return ((await q.toArray()) as Record<string, unknown>[]).map((r) => chunk(r, scoreFromDistance(r._distance as number)));
  };
  const byText = async () => {
    let q = t
      .query()
      .fullTextSearch(p.query, { columns: [TEXT_COLUMN] })
      .select([...columns, "_score"])
      .limit(depth);
    if (p.where) q = q.where(p.where);
    return ((await q.toArray()) as Record<string, unknown>[]).map((r) => chunk(r, scoreFromBm25(r._score as number)));
  };
  const page = (c: ScoredChunk) => (c.page_number === null ? null : `${c.file_id}#${c.page_number}`);
  const ranked =
    p.mode === "vectors" ? await byVector() : p.mode === "text" ? await byText() : fuse([await byText(), await byVector()], [1, 0.5]);
  return p.candidates ? ranked.slice(0, p.candidates) : onePerPage(ranked, page).slice(0, p.topK);
}

const query = (mode: SearchParams["mode"], extra: Partial<SearchParams> = {}): SearchParams => ({
  mode,
  query: "hotel allowance approval",
  vector: Float32Array.from({ length: DIMS }, (_, i) => Math.sin(i + 1)),
  topK: 6,
  ...extra,
});

/** The store's own (cached) handle of a table. */
const storeTable = (name: string) =>
  (globalThis as unknown as { __docchatLance: { tables: Map<string, Promise<lancedb.Table>> } }).__docchatLance.tables.get(name)!;

beforeAll(async () => {
  await freshDataDir();
  await createChunkTable("current", DIMS);
  await addChunks("current", rows(120, true));
  await ensureTextIndex("current");
  // A table made before the source and content_meta columns, and one without its BM25 index yet.
  const conn = await lancedb.connect(config().lancedbUri);
  const old = new Schema([
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
    new Field("vector", new FixedSizeList(DIMS, new Field("item", new Float32(), true)), false),
  ]);
  await conn.createEmptyTable("older", old);
  await addChunks("older", rows(60, false));
  await ensureTextIndex("older");
  await createChunkTable("unindexed", DIMS);
  await addChunks("unindexed", rows(40, true));
});

describe("two-phase search (ids first, columns of the final chunks after)", () => {
  it.each([
    ["hybrid", {}],
    ["vectors", {}],
    ["text", {}],
    ["hybrid", { where: "file_id IN ('f0', 'f2')" }],
    ["vectors", { where: "content_type = 'text'" }],
    ["text", { where: "file_id = 'f1'" }],
    ["hybrid", { exact: true }],
    ["hybrid", { topK: 1 }],
    ["hybrid", { topK: 50 }],
    ["hybrid", { candidates: 18 }],
    ["text", { candidates: 18 }],
    ["vectors", { candidates: 18 }],
  ] as const)("gives the single pass's chunks, order, scores and fields: %s %j", async (mode, extra) => {
    const p = query(mode, extra);
    const expected = await reference("current", p, true);
    expect(expected.length).toBeGreaterThan(0);
    // Fields read in the second phase, null or not, must all be there.
    if (p.topK > 1)
      expect(expected.some((c) => c.source && c.content_meta && c.heading) && expected.some((c) => !c.source && !c.heading)).toBe(true);
    // One search of the list(s), then reads by row id: the single pass (searchChunks' fallback) did not run.
    const t = await storeTable("current");
    const search = mode === "text" ? vi.spyOn(t, "query") : vi.spyOn(t, "vectorSearch");
    const take = vi.spyOn(t, "takeRowIds");
    search.mockClear();
    take.mockClear();
    expect(await searchChunks("current", p)).toEqual(expected);
    expect(search).toHaveBeenCalledTimes(1);
    expect(take).toHaveBeenCalled();
    search.mockRestore();
    take.mockRestore();
  });

  it("reads the chunks it returns from the record column, which packs every field of the row", async () => {
    const t = await storeTable("current");
    const take = t.takeRowIds.bind(t);
    const selected: string[][] = [];
    const spy = vi.spyOn(t, "takeRowIds").mockImplementation((ids) => {
      const q = take(ids);
      const select = q.select.bind(q);
      vi.spyOn(q, "select").mockImplementation((columns) => (selected.push(columns as string[]), select(columns)));
      return q;
    });
    expect(await searchChunks("current", query("hybrid"))).toEqual(await reference("current", query("hybrid"), true));
    spy.mockRestore();
    expect(selected.length).toBeGreaterThan(0);
    for (const columns of selected) expect(columns).toEqual(["record", "content"]);
    const stored = (await t
      .query()
      .select([...COLUMNS, "source", "content_meta", "record"])
      .toArray()) as Record<string, unknown>[];
    for (const row of stored) {
      const { record, content, ...fields } = row;
      expect(content).toBeTypeOf("string");
      expect(JSON.parse(record as string)).toEqual(fields);
    }
  });

  it("reads tables that lack the later columns", async () => {
    for (const mode of ["hybrid", "vectors", "text"] as const) {
      const found = await searchChunks("older", query(mode));
      expect(found.length).toBeGreaterThan(0);
      expect(found).toEqual(await reference("older", query(mode), false));
      for (const c of found) expect(c).toMatchObject({ source: null, content_meta: null });
    }
    // Rows added since are not given a record column the table lacks.
    await addChunks("older", rows(64, true).slice(60));
    const t = await (await lancedb.connect(config().lancedbUri)).openTable("older");
    expect((await t.schema()).fields.map((f) => f.name)).not.toContain("record");
    // (BM25 ties between indexed and newly added rows come in either order.)
    const byScore = (chunks: ScoredChunk[]) => [...chunks].sort((a, b) => b.score - a.score || a.chunk_id.localeCompare(b.chunk_id));
    const added = query("text", { where: "chunk_index >= 60" });
    const found = await searchChunks("older", added);
    expect(found.length).toBeGreaterThan(0);
    expect(byScore(found)).toEqual(byScore(await reference("older", added, true)));
  });

  it("searches a table without its BM25 index (LanceDB scans the text)", async () => {
    for (const mode of ["hybrid", "text"] as const) {
      const found = await searchChunks("unindexed", query(mode));
      expect(found.length).toBeGreaterThan(0);
      expect(found).toEqual(await reference("unindexed", query(mode), true));
    }
  });

  it("finds nothing where nothing matches", async () => {
    expect(await searchChunks("current", query("hybrid", { where: "file_id = 'none'" }))).toEqual([]);
  });

  it("searches again in one pass when the row ids no longer hold the chunks (a compaction in between)", async () => {
    const t = await storeTable("current");
    const take = t.takeRowIds.bind(t);
    const expected = await reference("current", query("hybrid"), true);
    // A stale row id reads no row (LanceDB leaves it out), or the read fails.
    const moved = vi.spyOn(t, "takeRowIds").mockImplementation((ids) => take(ids.slice(1)));
    expect(await searchChunks("current", query("hybrid"))).toEqual(expected);
    moved.mockImplementation(() => {
      throw new Error("fragment 0 not found");
    });
    expect(await searchChunks("current", query("hybrid"))).toEqual(expected);
    expect(moved).toHaveBeenCalled();
    // The second stage's candidates too.
    const candidates = query("hybrid", { candidates: 18 });
    expect(await searchChunks("current", candidates)).toEqual(await reference("current", candidates, true));
    moved.mockRestore();
  });

  it("hands a second stage candidates that share pages", async () => {
    const found = await searchChunks("current", query("hybrid", { candidates: 18 }));
    expect(found).toHaveLength(18);
    expect(new Set(found.map((c) => `${c.file_id}#${c.page_number}`)).size).toBeLessThan(found.length);
  });
});
