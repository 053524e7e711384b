import { config } from "@/lib/config";
import { log } from "@/lib/log";
import { forget, logFailure, type ActiveJob } from "./active-job";
import { claimJobs } from "./claim";
import { completeJob } from "./end-job";
import { ingestOne } from "./ingest-file";
import * as repo from "./repository";
import { Rotation } from "./rotation";

/** How often lanes look for newly submitted jobs when nobody wakes them. */
export const IDLE_POLL_MS = 1000;

/**
 * Runs claimed jobs until none has a file left. INGEST_CONCURRENCY lanes take the jobs' files in
 * turn, so a one-file job waits for at most one file of each other job. Each lane, before taking
 * a file, claims newly submitted jobs (at once when woken, else every IDLE_POLL_MS). A lane with
 * nothing to take waits while others still work (one may find new jobs), so every lane serves
 * new work. On stop, files being ingested finish and the jobs not finished go back to the queue.
 */
export async function drain(stopped: () => boolean, takeNewWork: () => boolean): Promise<void> {
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
    if (result.status === "rejected") log("error", "worker_lane_failed", { error: result.reason });
  }
  for (const job of jobs.all()) {
    forget(job);
    if (!job.cancelled) await repo.releaseJob(job.id).catch(logFailure("job_release_failed", { job_id: job.id }));
  }
}
