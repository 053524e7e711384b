import { log } from "@/lib/log";
import type { embedderFor } from "@/lib/models/embedder";
import type { JobBackend, Reembedding } from "./backend";
import type { DocumentRow, JobRow } from "./repository";

/** A claimed job: the files still to ingest, and how many are being ingested now. */
export interface ActiveJob {
  id: string;
  collectionName: string;
  /** The backend that writes its passages. */
  backend: JobBackend;
  /** The table its files' chunks go to. */
  table: string;
  /** A re-embedding job: its files' chunks are copied with new vectors. */
  reembedding: Reembedding | null;
  queue: JobFile[];
  docs: Map<string, DocumentRow>;
  embedder: ReturnType<typeof embedderFor> | null;
  jobError: string | null;
  inFlight: number;
  heartbeat: ReturnType<typeof setInterval>;
  /** Its collection is being deleted: take no more files, end without completing. */
  cancelled: boolean;
}

export type JobFile = JobRow["files"][number];

/** This process's claimed jobs, for stopCollectionJobs. */
const activeJobs = new Set<ActiveJob>();

export function track(job: ActiveJob): void {
  activeJobs.add(job);
}

/** The job no longer runs here: its heartbeat stops. */
export function forget(job: ActiveJob): void {
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
export const logFailure =
  (event: string, fields: Record<string, string>) =>
  (error: unknown): void =>
    log("warn", event, { ...fields, error: error instanceof Error ? error.message : String(error) });
