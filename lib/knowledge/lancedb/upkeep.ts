import * as lancedb from "@lancedb/lancedb";
import { TEXT_COLUMN } from "./spelling";
import { dropsOf, forgetIndexBits, table, tableExists, upkeep, vectorIndexBits } from "./tables";
import { textIndexConfig } from "./text-index";

/** Index upkeep after a job: the BM25 index at once, then compaction and the vector index. */

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
export const NPROBES = 20;
export const VECTOR_BITS = 4;

/** What search needs as soon as a job completes: the BM25 index (quick to build). */
export async function ensureTextIndex(name: string): Promise<void> {
  const t = await table(name);
  const indices = await t.listIndices();
  if (indices.some((i) => i.columns.includes(TEXT_COLUMN))) return;
  if ((await t.countRows()) === 0) return;
  await t.createIndex(TEXT_COLUMN, { config: await textIndexConfig(t) });
}

/**
 * Heavier upkeep, run after a job has completed so it never delays one: folds new rows into
 * the indexes, compacts the versions a job wrote, and builds a vector index once the table is
 * large enough that a flat scan gets slow. Runs one at a time per table.
 */
export function optimizeTable(name: string): Promise<void> {
  const dropsBefore = dropsOf(name);
  const previous = upkeep.get(name) ?? Promise.resolve();
  const dropped = () => dropsOf(name) !== dropsBefore;
  const next = previous
    .then(async () => {
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
        forgetIndexBits(t);
      }
    })
    .catch(async (error: unknown) => {
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
