import { config } from "@/lib/config";
import { isPostgresUrl } from "@/lib/db/client";
import { log } from "@/lib/log";
import { STALE_AFTER_MS } from "./claim";
import { jobEndsSettled } from "./end-job";
import { drain, IDLE_POLL_MS } from "./lanes";
import * as repo from "./repository";

/**
 * The ingestion worker's life in this process: started where the server starts (or by
 * `npm run worker`), woken by uploads, or run for a time budget where no process lives on
 * (INGEST_WORKER=request). Jobs and per-file progress live in the database; on start-up it
 * re-queues jobs a crash left running. The pieces it drives:
 *   lanes.ts        the INGEST_CONCURRENCY lanes taking claimed jobs' files in turn
 *   claim.ts        claiming queued jobs and opening them (backend, embedder, files left)
 *   ingest-file.ts  one file: ingested, or copied with new vectors (re-embedding)
 *   end-job.ts      a finished job: its status, text index and background upkeep
 *   active-job.ts   this process's claimed jobs (stopCollectionJobs)
 * What a job writes goes through the backend its job names (./backend.ts).
 */

interface WorkerState {
  running: boolean;
  wake: () => void;
  stop: () => Promise<void>;
}
const globalWorker = globalThis as unknown as { __docchatWorker?: WorkerState };

export function wakeWorker(): void {
  globalWorker.__docchatWorker?.wake();
}

/**
 * Starts this process's worker (once). `shared`: other workers may be running on the same
 * database (separate `npm run worker` processes), so only jobs with a stale heartbeat are
 * taken back at start; otherwise an embedded database's running jobs are all orphans.
 */
export function startWorker(options: { shared?: boolean } = {}): WorkerState {
  if (globalWorker.__docchatWorker?.running) return globalWorker.__docchatWorker;
  let wakeUp: () => void = () => undefined;
  let stopped = false;
  let newWork = false;
  const state: WorkerState = {
    running: true,
    wake: () => {
      newWork = true;
      wakeUp();
    },
    stop: async () => {
      stopped = true;
      state.running = false;
      wakeUp();
      await loop;
    },
  };
  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, IDLE_POLL_MS);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const takeNewWork = () => {
    const had = newWork;
    newWork = false;
    return had;
  };

  const loop = (async () => {
    // An embedded (SQLite) database has one server process: at its start every running job is
    // orphaned. A shared PostgreSQL may have live peers, so only stale heartbeats count there.
    const sharedDb = options.shared || isPostgresUrl(config().databaseUrl);
    await repo.requeueInterruptedJobs(sharedDb ? STALE_AFTER_MS : 0).catch((error) => log("error", "job_requeue_failed", { error }));
    while (!stopped) {
      await drain(() => stopped, takeNewWork);
      if (!stopped && !newWork) await sleep();
    }
  })();
  globalWorker.__docchatWorker = state;
  return state;
}

/**
 * Without a long-lived process (INGEST_WORKER=request): claims queued jobs and runs them until
 * none is left or `budgetMs` has passed, then hands unfinished jobs back to the queue (files
 * under way finish first). Where this process runs a worker already, it only wakes it.
 */
export async function runQueuedJobs(budgetMs: number): Promise<void> {
  if (globalWorker.__docchatWorker?.running) return wakeWorker();
  const deadline = Date.now() + budgetMs;
  await drain(
    () => Date.now() >= deadline,
    () => false,
  );
  await jobEndsSettled();
}

export async function stopWorker(): Promise<void> {
  await globalWorker.__docchatWorker?.stop();
  globalWorker.__docchatWorker = undefined;
}
