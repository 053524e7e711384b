import { log } from "@/lib/log";
import { embedderFor } from "@/lib/models/embedder";
import { applyStoredModelSettings } from "@/lib/models/settings";
import { findCollection, tableOf } from "../repo";
import { logFailure, track, type ActiveJob, type JobFile } from "./active-job";
import { jobBackend, type Reembedding } from "./backend";
import { completeJob } from "./end-job";
import type { Rotation } from "./rotation";
import * as repo from "./repository";
import { REEMBED } from "./repository";

/**
 * Taking jobs from the queue: a claim is atomic in the database (so several app instances may
 * share one PostgreSQL), and a claimed job is opened with its backend, embedder and files left.
 */

const HEARTBEAT_MS = 5_000;
/** A running job whose heartbeat is older than this belongs to a dead worker. */
export const STALE_AFTER_MS = 30_000;
/** Bounded so one instance does not hoard the queue a shared database offers its peers. */
const MAX_ACTIVE_JOBS = 4;
/**
 * Attempts per file: an attempt the process did not survive (out of memory, a serverless
 * function's time limit) leaves the file to be retried; after this many it is failed instead.
 */
const MAX_FILE_ATTEMPTS = 3;

/** Claims pending jobs (oldest first) while fewer than MAX_ACTIVE_JOBS run; never throws. */
export async function claimJobs(jobs: Rotation<ActiveJob>): Promise<void> {
  try {
    await repo.requeueInterruptedJobs(STALE_AFTER_MS);
    for (const id of await repo.pendingJobIds()) {
      if (jobs.size >= MAX_ACTIVE_JOBS) break;
      // Already ours (requeued while its heartbeat lagged), or a peer claimed it first.
      if (jobs.has((j) => j.id === id) || !(await repo.claimJob(id))) continue;
      const job = await openJob(id);
      if (job) jobs.add(job);
    }
  } catch (error) {
    log("error", "job_claim_failed", { error });
  }
}

/** A claimed job ready to run, or null when there is nothing to run (it is then ended). */
async function openJob(jobId: string): Promise<ActiveJob | null> {
  let job = await repo.findJob(jobId);
  if (!job) return null;
  const collection = await findCollection(job.collectionName);
  if (!collection) {
    await repo.finishJob(jobId, "failed", "The collection was deleted before ingestion finished");
    return null;
  }
  const backend = jobBackend(job.backend);
  let embedder: ActiveJob["embedder"] = null;
  let reembedding: Reembedding | null = null;
  let jobError: string | null = null;
  try {
    // A model switched on in Settings → Model: this may be a worker process of its own.
    await applyStoredModelSettings();
    if (job.kind === REEMBED) {
      reembedding = await backend.prepareReembedding(collection, jobId);
      embedder = reembedding.embedder;
      job = (await repo.findJob(jobId)) ?? job;
    } else embedder = embedderFor(collection.embeddingModel, collection.embeddingDims);
  } catch (error) {
    // Recorded on the job: its files fail with this message.
    jobError = error instanceof Error ? error.message : String(error);
  }
  if (job.kind === REEMBED && !reembedding) {
    await repo.finishJob(jobId, "failed", `The collection could not be re-embedded: ${jobError}`);
    return null;
  }
  const unfinished = job.files.filter((f) => f.status !== "success" && f.status !== "failed");
  const queue = unfinished.filter((f) => f.attempts < MAX_FILE_ATTEMPTS);
  await giveUp(unfinished.filter((f) => f.attempts >= MAX_FILE_ATTEMPTS));
  const docs = new Map((await repo.documentsByIds(queue.map((f) => f.documentId))).map((d) => [d.id, d]));
  // Largest files first, so the job does not end waiting for a large file started last while
  // the other parsers idle (the longest-first rule for spreading work over workers).
  const size = (file: JobFile) => docs.get(file.documentId)?.fileSize ?? 0;
  queue.sort((a, b) => size(b) - size(a));
  const heartbeat = setInterval(
    () => void repo.heartbeat(jobId).catch(logFailure("job_heartbeat_failed", { job_id: jobId })),
    HEARTBEAT_MS,
  );
  const table = reembedding?.target ?? tableOf(collection);
  const active: ActiveJob = {
    id: jobId,
    collectionName: job.collectionName,
    backend,
    table,
    reembedding,
    queue,
    docs,
    embedder,
    jobError,
    inFlight: 0,
    heartbeat,
    cancelled: false,
  };
  if (queue.length > 0) {
    track(active);
    return active;
  }
  await completeJob(active); // resumed after its last file was done
  return null;
}

/** Files whose earlier attempts never finished (each ended its process): failed, not retried. */
async function giveUp(files: JobFile[]): Promise<void> {
  const message = `Ingestion of this file was interrupted ${MAX_FILE_ATTEMPTS} times (too large or too slow to process here?); it was not retried again.`;
  await repo.failUnfinishedFiles(files, message);
}
