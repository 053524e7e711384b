import { config } from "@/lib/config";
import { log } from "@/lib/log";
import { isPostgresUrl } from "@/lib/db/client";
import { IngestError } from "@/lib/errors";
import { embedderFor } from "@/lib/models/embedder";
import { applyStoredModelSettings } from "@/lib/models/settings";
import { findCollection, tableOf, touchCollection } from "../repo";
import { jobBackend, type JobBackend, type Reembedding } from "./backend";
import { withNotes } from "../serialize";
import * as repo from "./repository";
import { REEMBED, type DocumentRow, type JobRow } from "./repository";
import { Rotation } from "./rotation";

/**
 * In-process ingestion worker. Jobs and per-file progress live in the database; the worker
 * claims pending jobs atomically (so several app instances may share one PostgreSQL) and on
 * start-up re-queues jobs a crash left running. Up to MAX_ACTIVE_JOBS claimed jobs run at once,
 * INGEST_CONCURRENCY lanes taking their files in turn, so a one-file job waits for at most one
 * file of each other job rather than for a whole 300-file job. What a job writes goes through
 * the backend its job names (./backend.ts).
 */

const IDLE_POLL_MS = 1000;
const HEARTBEAT_MS = 5_000;
/** A running job whose heartbeat is older than this belongs to a dead worker. */
const STALE_AFTER_MS = 30_000;
/** Bounded so one instance does not hoard the queue a shared database offers its peers. */
const MAX_ACTIVE_JOBS = 4;
/**
 * Attempts per file: an attempt the process did not survive (out of memory, a serverless
 * function's time limit) leaves the file to be retried; after this many it is failed instead.
 */
export const MAX_FILE_ATTEMPTS = 3;

interface WorkerState {
  running: boolean;
  wake: () => void;
  stop: () => Promise<void>;
}
const globalWorker = globalThis as unknown as { __docchatWorker?: WorkerState };

/** A claimed job: the files still to ingest, and how many are being ingested now. */
interface ActiveJob {
  id: string;
  collectionName: string;
  /** The backend that writes its passages. */
  backend: JobBackend;
  /** The table its files' chunks go to. */
  table: string;
  /** A re-embedding job: its files' chunks are copied with new vectors. */
  reembedding: Reembedding | null;
  queue: JobRow["files"];
  docs: Map<string, DocumentRow>;
  embedder: ReturnType<typeof embedderFor> | null;
  jobError: string | null;
  inFlight: number;
  heartbeat: ReturnType<typeof setInterval>;
  /** Its collection is being deleted: take no more files, end without completing. */
  cancelled: boolean;
}

/** This process's claimed jobs, for stopCollectionJobs. */
const activeJobs = new Set<ActiveJob>();

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
    await repo.requeueInterruptedJobs(sharedDb ? STALE_AFTER_MS : 0).catch((error) => console.error("[ingest] requeue failed:", error));
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
  await completions;
  await Promise.allSettled(optimizing);
}

export async function stopWorker(): Promise<void> {
  await globalWorker.__docchatWorker?.stop();
  globalWorker.__docchatWorker = undefined;
}

/**
 * Runs claimed jobs until none has a file left. Each lane, before taking a file, claims newly
 * submitted jobs (at once when woken, else every IDLE_POLL_MS). A lane with nothing to take
 * waits while others still work (one may find new jobs), so every lane serves new work. On stop,
 * files being ingested finish and the jobs not finished go back to the queue.
 */
async function drain(stopped: () => boolean, takeNewWork: () => boolean): Promise<void> {
  const jobs = new Rotation<ActiveJob>();
  let lastClaim = 0;
  let claiming: Promise<void> | null = null;
  const claim = () =>
    (claiming ??= claimJobs(jobs).finally(() => {
      claiming = null;
      lastClaim = Date.now();
    }));
  let busy = 0;
  let fileDone: () => void = () => undefined;
  let nextFileDone = new Promise<void>((resolve) => (fileDone = resolve));
  const lane = async () => {
    while (!stopped()) {
      if (takeNewWork() || Date.now() - lastClaim >= IDLE_POLL_MS) await claim();
      if (stopped()) return;
      const next = jobs.next();
      if (!next) {
        if (busy === 0) return;
        await nextFileDone;
        continue;
      }
      const job = next.owner;
      if (job.cancelled) {
        jobs.remove(job);
        if (job.inFlight === 0) forget(job);
        continue;
      }
      busy++;
      job.inFlight++;
      try {
        await ingestOne(job, next.item);
      } finally {
        job.inFlight--;
        busy--;
        if (job.cancelled) jobs.remove(job);
        else if (job.queue.length === 0 && job.inFlight === 0) {
          jobs.remove(job);
          await completeJob(job);
        }
        if (job.inFlight === 0 && (job.cancelled || job.queue.length === 0)) forget(job);
        fileDone(); // wakes the lanes waiting for work
        nextFileDone = new Promise<void>((resolve) => (fileDone = resolve));
      }
    }
  };
  for (const result of await Promise.allSettled(Array.from({ length: config().ingestConcurrency }, lane))) {
    if (result.status === "rejected") console.error("[ingest] worker lane failed:", result.reason);
  }
  for (const job of jobs.all()) {
    forget(job);
    if (!job.cancelled) await repo.releaseJob(job.id).catch(logFailure("job_release_failed", { job_id: job.id }));
  }
}

function forget(job: ActiveJob): void {
  clearInterval(job.heartbeat);
  activeJobs.delete(job);
}

/**
 * Stops this process's jobs of a collection being deleted: they take no further file, and the
 * files under way may finish (their writes are taken back by the deletion). True once none is
 * under way, false if some still were after `waitMs`.
 */
export async function stopCollectionJobs(collectionName: string, waitMs: number): Promise<boolean> {
  const mine = [...activeJobs].filter((j) => j.collectionName === collectionName);
  for (const job of mine) {
    job.cancelled = true;
    job.queue.length = 0;
  }
  const deadline = Date.now() + waitMs;
  while (mine.some((j) => j.inFlight > 0)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/** A write whose failure must not stop the job: logged with what it was for, never dropped. */
const logFailure =
  (event: string, fields: Record<string, string>) =>
  (error: unknown): void =>
    log("warn", event, { ...fields, error: error instanceof Error ? error.message : String(error) });

/** Claims pending jobs (oldest first) while fewer than MAX_ACTIVE_JOBS run; never throws. */
async function claimJobs(jobs: Rotation<ActiveJob>): Promise<void> {
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
    console.error("[ingest] claiming jobs failed:", error instanceof Error ? error.message : error);
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
    activeJobs.add(active);
    return active;
  }
  await completeJob(active); // resumed after its last file was done
  return null;
}

/** Ingests one file of a job; its outcome is recorded on the file, never thrown. */
async function ingestOne(job: ActiveJob, jobFile: JobRow["files"][number]): Promise<void> {
  const doc = job.docs.get(jobFile.documentId);
  if (!doc || job.cancelled) return; // deleted while queued
  if (job.reembedding) return reembedOne(job, job.reembedding, jobFile);
  const setFile = (data: repo.JobFileUpdate) => repo.updateJobFile(jobFile.id, data);
  try {
    if (!job.embedder) throw new IngestError(job.jobError ?? "No embedder available");
    // Counted before the work: an attempt that kills the process still counts.
    await setFile({ status: "ingesting", progressPercent: 5, errorMessage: null, chunksCreated: 0, attempts: { increment: 1 } });
    await repo.markDocumentIngesting(doc.id);
    const outcome = await job.backend.ingestFile(
      // The pipeline writes to the table it is given under `collectionName`.
      { fileId: doc.id, fileName: doc.fileName, storagePath: doc.storagePath, collectionName: job.table },
      job.embedder,
      (percent) => setFile({ progressPercent: Math.round(percent) }),
    );
    if (!(await repo.markDocumentIngested(doc.id, outcome, withNotes(doc.metadata, outcome.notes)))) {
      // Deleted while it was being ingested: take back the chunks just written.
      await job.backend
        .deleteFileChunks(job.table, [doc.id])
        .catch(logFailure("chunk_cleanup_failed", { job_id: job.id, file_id: doc.id }));
      return;
    }
    await setFile({ status: "success", progressPercent: 100, chunksCreated: outcome.chunks });
  } catch (error) {
    // The collection (or the file) was deleted under it, maybe by another process: nothing to
    // record, and the job's other files need not be tried.
    if (job.cancelled || !(await repo.documentExists(doc.id).catch(() => true))) {
      job.cancelled = true;
      return;
    }
    const message = userMessage(error);
    if (!(error instanceof IngestError)) console.error(`[ingest] ${doc.fileName}:`, error);
    await repo.markDocumentFailed(doc.id, message).catch(logFailure("file_status_write_failed", { job_id: job.id, file_id: doc.id }));
    await setFile({ status: "failed", progressPercent: 100, errorMessage: message }).catch(
      logFailure("file_status_write_failed", { job_id: job.id, file_id: doc.id }),
    );
  }
}

/** Files whose earlier attempts never finished (each ended its process): failed, not retried. */
async function giveUp(files: JobRow["files"]): Promise<void> {
  const message = `Ingestion of this file was interrupted ${MAX_FILE_ATTEMPTS} times (too large or too slow to process here?); it was not retried again.`;
  await repo.failUnfinishedFiles(files, message);
}

/** Completions one at a time: two jobs of one collection must not build its text index at once. */
let completions: Promise<void> = Promise.resolve();
/** Table compactions and old tables' drops under way (awaited where the process may end after the work: runQueuedJobs). */
const optimizing = new Set<Promise<void>>();
/** How long a table swapped out by a re-embedding stays for searches that were reading it. */
const OLD_TABLE_GRACE_MS = 2_000;
function completeJob(job: ActiveJob): Promise<void> {
  completions = completions.then(() => endJob(job));
  return completions;
}

async function endJob(job: ActiveJob): Promise<void> {
  try {
    if (job.reembedding) return await endReembedding(job, job.reembedding);
    const files = await repo.jobFiles(job.id);
    const succeeded = files.filter((f) => f.status === "success").length;
    if (succeeded > 0) {
      await job.backend.indexTable(job.table).catch((error) => console.error("[ingest] text index failed:", error));
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
      afterJob(job.backend.optimizeTable(job.table), "optimize");
    }
  } catch (error) {
    // Left "processing": its heartbeat stops, so it is requeued and ended on a later claim.
    console.error("[ingest] ending job failed:", error instanceof Error ? error.message : error);
  } finally {
    clearInterval(job.heartbeat);
  }
}

/** Work left after a job has ended (awaited where the process may end after the work: runQueuedJobs). */
function afterJob(work: Promise<void>, what: string): void {
  const settled = work.catch((error) => console.error(`[ingest] ${what} failed:`, error)).finally(() => optimizing.delete(settled));
  optimizing.add(settled);
}

/** Copies one file's chunks with new vectors; a file that fails ends the copying (the job fails). */
async function reembedOne(job: ActiveJob, reembedding: Reembedding, jobFile: JobRow["files"][number]): Promise<void> {
  const setFile = (data: repo.JobFileUpdate) => repo.updateJobFile(jobFile.id, data);
  try {
    if (!job.embedder) throw new IngestError(job.jobError ?? "No embedder available");
    await setFile({ status: "ingesting", progressPercent: 5, errorMessage: null });
    const chunks = await job.backend.reembedFile(reembedding, jobFile.documentId);
    await setFile({ status: "success", progressPercent: 100, chunksCreated: chunks });
  } catch (error) {
    if (!(error instanceof IngestError)) console.error(`[reembed] ${jobFile.fileName}:`, error);
    job.jobError ??= `Re-embedding ${jobFile.fileName} failed: ${error instanceof Error ? error.message : String(error)}`;
    job.queue.length = 0;
    await setFile({ status: "failed", progressPercent: 100, errorMessage: job.jobError }).catch(
      logFailure("file_status_write_failed", { job_id: job.id, file: jobFile.fileName }),
    );
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
      "dropping the old table",
    );
}

function userMessage(error: unknown): string {
  if (error instanceof IngestError) return error.message;
  return "This file could not be ingested because of an internal error. Try uploading it again.";
}
