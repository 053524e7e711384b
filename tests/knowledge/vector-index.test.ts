import * as lancedb from "@lancedb/lancedb";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { config } from "@/lib/config";
import { sizeComputePool } from "@/lib/knowledge/lancedb/compute-pool";
import {
  addChunks,
  createChunkTable,
  dropChunkTable,
  optimizeTable,
  searchChunks,
  VECTOR_INDEX_MIN_ROWS,
  type ChunkRow,
} from "@/lib/knowledge/lancedb/store";
import { freshDataDir } from "../helpers/env";

/** The store's connection and open tables (lib/knowledge/lancedb/tables.ts), to stand fakes in for them. */
const lanceState = () =>
  (globalThis as unknown as { __docchatLance: { connection: Promise<lancedb.Connection>; tables: Map<string, Promise<lancedb.Table>> } })
    .__docchatLance;

/**
 * The vector index upkeep builds once a table is large enough: IVF_RQ with 4-bit codes, the
 * limit re-ranked on exact distances. Its results are checked against an exact scan, and an
 * index of an earlier release (2-bit codes) is rebuilt by the next upkeep.
 */

const DIMS = 32;

function* rng(seed: number) {
  let s = seed >>> 0;
  for (;;) {
    s = (s * 1664525 + 1013904223) >>> 0;
    yield s / 2 ** 32;
  }
}

function rows(count: number): ChunkRow[] {
  const random = rng(11);
  const next = () => random.next().value as number;
  return Array.from({ length: count }, (_, i) => ({
    chunk_id: `f:${i}`,
    file_id: "f",
    file_name: "f.txt",
    page_number: 1 + (i % 5000),
    chunk_index: i,
    heading: null,
    content: `passage ${i}`,
    search_text: `passage ${i}`,
    content_type: "text",
    token_count: 2,
    vector: Float32Array.from({ length: DIMS }, () => next() - 0.5),
  }));
}

async function openTable(name: string): Promise<lancedb.Table> {
  return (await lancedb.connect(config().lancedbUri)).openTable(name);
}

async function indexBits(name: string): Promise<unknown> {
  const index = (await (await openTable(name)).listIndices()).find((i) => i.columns.includes("vector"));
  return (index?.indexDetails as { compression?: { num_bits?: number } } | undefined)?.compression?.num_bits;
}

const queries = Array.from({ length: 20 }, (_, q) => Float32Array.from({ length: DIMS }, (_, i) => Math.sin(q * 7 + i)));

async function recallAt10(name: string): Promise<number> {
  let found = 0;
  for (const vector of queries) {
    const p = { mode: "vectors" as const, query: "", vector, topK: 10 };
    const [indexed, exact] = await Promise.all([searchChunks(name, p), searchChunks(name, { ...p, exact: true })]);
    const truth = new Set(exact.map((c) => c.chunk_id));
    found += indexed.filter((c) => truth.has(c.chunk_id)).length;
  }
  return found / (queries.length * 10);
}

beforeAll(async () => {
  await freshDataDir();
  const all = rows(VECTOR_INDEX_MIN_ROWS);
  for (const name of ["fresh", "older"]) {
    await createChunkTable(name, DIMS);
    for (let i = 0; i < all.length; i += 5000) await addChunks(name, all.slice(i, i + 5000));
  }
  // As an earlier release built it (through the store's own handle: one process writes).
  const older = await lanceState().tables.get("older")!;
  await older.optimize();
  await older.createIndex("vector", { config: lancedb.Index.ivfRq({ distanceType: "cosine", numPartitions: 16, numBits: 2 }) });
}, 120_000);

describe("vector index upkeep", () => {
  it("builds a 4-bit IVF_RQ index once the table is large enough, finding what an exact scan finds", async () => {
    expect(await indexBits("fresh")).toBeUndefined();
    await optimizeTable("fresh");
    expect(await indexBits("fresh")).toBe(4);
    expect(await recallAt10("fresh")).toBeGreaterThanOrEqual(0.95);
  }, 120_000);

  it("finds, in a hybrid search BM25 matches little, the nearest chunks an exact scan finds", async () => {
    // "4321" is in one chunk: the other nine of the top 10 are the vectors' alone.
    let found = 0;
    for (const vector of queries) {
      const p = { mode: "hybrid" as const, query: "4321", vector, topK: 10 };
      const [indexed, exact] = await Promise.all([searchChunks("fresh", p), searchChunks("fresh", { ...p, exact: true })]);
      expect(indexed[0].chunk_id).toBe("f:4321");
      const truth = new Set(exact.map((c) => c.chunk_id));
      found += indexed.filter((c) => truth.has(c.chunk_id)).length;
    }
    expect(found / (queries.length * 10)).toBeGreaterThanOrEqual(0.95);
  });

  it("rebuilds an index of an earlier release with 4-bit codes", async () => {
    expect(await indexBits("older")).toBe(2);
    expect(await recallAt10("older")).toBeGreaterThanOrEqual(0.95);
    await optimizeTable("older");
    expect(await indexBits("older")).toBe(4);
    expect(await recallAt10("older")).toBeGreaterThanOrEqual(0.95);
  }, 120_000);
});

describe("upkeep of a deleted collection", () => {
  it("ends quietly when the table is gone, and still reports other failures", async () => {
    await createChunkTable("doomed", DIMS);
    await addChunks("doomed", rows(10));
    const upkeep = optimizeTable("doomed");
    await dropChunkTable("doomed");
    await expect(upkeep).resolves.toBeUndefined();
    await expect(optimizeTable("doomed")).resolves.toBeUndefined();
    // A table that exists but cannot be kept up still fails.
    await createChunkTable("broken", DIMS);
    await addChunks("broken", rows(10));
    const t = await openTable("broken");
    const store = lanceState().tables;
    store.set("broken", Promise.resolve(Object.assign(Object.create(t), { optimize: () => Promise.reject(new Error("disk full")) })));
    await expect(optimizeTable("broken")).rejects.toThrow("disk full");
  });

  it("ends quietly when the upkeep fails while a drop under way still lists the table", async () => {
    await createChunkTable("halfgone", DIMS);
    await addChunks("halfgone", rows(10));
    const store = lanceState();
    const connection = await store.connection;
    const t = await openTable("halfgone");
    const failing = Object.assign(Object.create(t), { optimize: () => Promise.reject(new Error("Not found: data/1.lance")) });
    store.tables.set("halfgone", Promise.resolve(failing));
    // The folder outlives the drop a moment: the table is still listed (and opens) when the upkeep fails.
    const lagging = { tableNames: async () => [...(await connection.tableNames()), "halfgone"], openTable: async () => failing };
    store.connection = Promise.resolve(Object.assign(Object.create(connection), lagging));
    try {
      const upkeep = optimizeTable("halfgone");
      await dropChunkTable("halfgone");
      await expect(upkeep).resolves.toBeUndefined();
    } finally {
      store.connection = Promise.resolve(connection);
    }
  });

  it("removes a table once its upkeep has stopped, which stops at its next step", async () => {
    await createChunkTable("busy", DIMS);
    await addChunks("busy", rows(10));
    const store = lanceState();
    const connection = await store.connection;
    const t = await openTable("busy");
    // The upkeep is held mid-compaction, writing into the folder, until released.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let compacting = false;
    const steps: string[] = [];
    const slow = Object.assign(Object.create(t), {
      optimize: async (options?: Partial<lancedb.OptimizeOptions>) => {
        compacting = true;
        await held;
        return t.optimize(options);
      },
      listIndices: async () => (steps.push("indexes read"), t.listIndices()),
    });
    store.tables.set("busy", Promise.resolve(slow));
    const upkeep = optimizeTable("busy");
    await vi.waitFor(() => expect(compacting).toBe(true));
    let removed = false;
    const drop = dropChunkTable("busy").then(() => (removed = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(removed).toBe(false);
    steps.length = 0;
    release();
    await drop;
    await expect(upkeep).resolves.toBeUndefined();
    expect(steps).toEqual([]); // nothing after the compaction it was in
    expect(await connection.tableNames()).not.toContain("busy");
  });
});

describe("LanceDB compute pool", () => {
  it("gets at least two threads, so a hybrid search's lists run side by side", () => {
    expect(Number(process.env.LANCE_CPU_THREADS)).toBeGreaterThanOrEqual(2); // set when the store loaded
    for (const [cores, threads] of [
      [1, "2"],
      [2, "2"],
      [4, "2"],
      [8, "6"],
    ] as const) {
      const env: Record<string, string | undefined> = {};
      sizeComputePool(env, cores);
      expect(env.LANCE_CPU_THREADS).toBe(threads);
    }
    const own: Record<string, string | undefined> = { LANCE_CPU_THREADS: "1" };
    sizeComputePool(own, 2);
    expect(own.LANCE_CPU_THREADS).toBe("1");
  });
});
