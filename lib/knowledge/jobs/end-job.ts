import { log } from "@/lib/log";
import { touchCollection } from "../repo";
import { logFailure, type ActiveJob } from "./active-job";
import type { Reembedding } from "./backend";
import * as repo from "./repository";

/**
 * A job whose last file is done: its status written, its table indexed, and the upkeep that
 * may follow in the background (compaction, dropping a table a re-embedding replaced).
 */

/** Completions one at a time: two jobs of one collection must not build its text index at once. */
let completions: Promise<void> = Promise.resolve();
/** Table compactions and old tables' drops under way (awaited where the process may end after the work: runQueuedJobs). */
const optimizing = new Set<Promise<void>>();
/** How long a table swapped out by a re-embedding stays for searches that were reading it. */
const OLD_TABLE_GRACE_MS = 2_000;

export function completeJob(job: ActiveJob): Promise<void> {
  completions = completions.then(() => endJob(job));
  return completions;
}

/** Resolves once every job ended so far is written and its background upkeep has settled. */
export async function jobEndsSettled(): Promise<void> {
  await completions;
  await Promise.allSettled(optimizing);
}

async function endJob(job: ActiveJob): Promise<void> {
  try {
    if (job.reembedding) return await endReembedding(job, job.reembedding);
    const files = await repo.jobFiles(job.id);
    const succeeded = files.filter((f) => f.status === "success").length;
    if (succeeded > 0) {
      await job.backend.indexTable(job.table).catch((error) => log("error", "text_index_failed", { job_id: job.id, error }));
    }
    await touchCollection(job.collectionName).catch(logFailure("collection_touch_failed", { collection: job.collectionName }));
    await repo.finishJob(
      job.id,
      succeeded > 0 ? "completed" : "failed",
      succeeded > 0 ? null : (job.jobError ?? `All ${files.length} file${files.length === 1 ? "" : "s"} failed to ingest`),
    );
    console.log(
      `[ingest] job ${job.id} ${succeeded > 0 ? "completed" : "failed"}: ${succeeded} of ${files.length} file(s) ingested (pid ${process.pid})`,
    );
    if (succeeded > 0) {
      afterJob(job.backend.optimizeTable(job.table), "table_optimize_failed", { job_id: job.id, table: job.table });
    }
  } catch (error) {
    // Left "processing": its heartbeat stops, so it is requeued and ended on a later claim.
    log("error", "job_end_failed", { job_id: job.id, error });
  } finally {
    clearInterval(job.heartbeat);
  }
}

/** A re-embedding whose every file was copied swaps its table in; otherwise its table goes. */
async function endReembedding(job: ActiveJob, reembedding: Reembedding): Promise<void> {
  const files = await repo.jobFiles(job.id);
  const copied = !job.jobError && files.every((f) => f.status === "success");
  const swapped = copied && (await job.backend.swapInReembedding(job.collectionName, reembedding));
  if (!copied)
    await job.backend.dropTable(reembedding.target).catch(logFailure("table_drop_failed", { job_id: job.id, table: reembedding.target }));
  await repo.finishJob(
    job.id,
    swapped ? "completed" : "failed",
    swapped ? null : (job.jobError ?? "The collection was changed while it was being re-embedded"),
  );
  console.log(
    `[reembed] job ${job.id} ${swapped ? "completed" : "failed"}: ${files.length} file(s) with ${reembedding.embedder.model} (pid ${process.pid})`,
  );
  // Searches that read the old table a moment ago finish before it goes.
  if (swapped)
    afterJob(
      new Promise((resolve) => setTimeout(resolve, OLD_TABLE_GRACE_MS)).then(() => job.backend.dropTable(reembedding.source)),
      "table_drop_failed",
      { job_id: job.id, table: reembedding.source },
    );
}

/** Work left after a job has ended (awaited where the process may end after the work: runQueuedJobs). */
function afterJob(work: Promise<void>, failureEvent: string, fields: Record<string, string>): void {
  const settled = work.catch((error) => log("error", failureEvent, { ...fields, error })).finally(() => optimizing.delete(settled));
  optimizing.add(settled);
}
