import os from "node:os";

/**
 * LanceDB runs CPU-bound work (BM25 scoring, vector distances) on a pool of its cores minus
 * two kept for I/O, at least one thread: on a 2-core machine (a Vercel function, the CI box) a
 * hybrid search's BM25 and vector lists then take turns on one thread. Two threads let them run
 * side by side (1M chunks on 2 cores: the two lists 52 → 39 ms). Read once, at LanceDB's first
 * search; a LANCE_CPU_THREADS of the deployment's own wins. Larger machines keep the default.
 */
export function sizeComputePool(env: Record<string, string | undefined> = process.env, cores = os.availableParallelism()): void {
  env.LANCE_CPU_THREADS ??= String(Math.max(2, cores - 2));
}
