import { IngestError } from "@/lib/errors";
import { log } from "@/lib/log";
import { withNotes } from "../serialize";
import { logFailure, type ActiveJob, type JobFile } from "./active-job";
import type { Reembedding } from "./backend";
import * as repo from "./repository";

/** Ingests one file of a job; its outcome is recorded on the file, never thrown. */
export async function ingestOne(job: ActiveJob, jobFile: JobFile): Promise<void> {
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
      {
        fileId: doc.id,
        fileName: doc.fileName,
        storagePath: doc.storagePath,
        collectionName: job.table,
        firstAttempt: jobFile.attempts === 0,
      },
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
    if (job.cancelled || !(await stillThere(job, doc.id))) {
      job.cancelled = true;
      return;
    }
    const message = userMessage(error);
    if (!(error instanceof IngestError)) log("error", "file_ingest_failed", { job_id: job.id, file_id: doc.id, file: doc.fileName, error });
    await repo.markDocumentFailed(doc.id, message).catch(logFailure("file_status_write_failed", { job_id: job.id, file_id: doc.id }));
    await setFile({ status: "failed", progressPercent: 100, errorMessage: message }).catch(
      logFailure("file_status_write_failed", { job_id: job.id, file_id: doc.id }),
    );
  }
}

/** Whether the file is still recorded; when the database cannot say, assume it is (its failure gets recorded). */
async function stillThere(job: ActiveJob, documentId: string): Promise<boolean> {
  try {
    return await repo.documentExists(documentId);
  } catch (error) {
    logFailure("file_lookup_failed", { job_id: job.id, file_id: documentId })(error);
    return true;
  }
}

/** Copies one file's chunks with new vectors; a file that fails ends the copying (the job fails). */
async function reembedOne(job: ActiveJob, reembedding: Reembedding, jobFile: JobFile): Promise<void> {
  const setFile = (data: repo.JobFileUpdate) => repo.updateJobFile(jobFile.id, data);
  try {
    if (!job.embedder) throw new IngestError(job.jobError ?? "No embedder available");
    await setFile({ status: "ingesting", progressPercent: 5, errorMessage: null });
    const chunks = await job.backend.reembedFile(reembedding, jobFile.documentId);
    await setFile({ status: "success", progressPercent: 100, chunksCreated: chunks });
  } catch (error) {
    if (!(error instanceof IngestError)) log("error", "file_reembed_failed", { job_id: job.id, file: jobFile.fileName, error });
    job.jobError ??= `Re-embedding ${jobFile.fileName} failed: ${error instanceof Error ? error.message : String(error)}`;
    job.queue.length = 0;
    await setFile({ status: "failed", progressPercent: 100, errorMessage: job.jobError }).catch(
      logFailure("file_status_write_failed", { job_id: job.id, file: jobFile.fileName }),
    );
  }
}

/** What the user reads next to the file: an IngestError's own words, else a generic line. */
function userMessage(error: unknown): string {
  if (error instanceof IngestError) return error.message;
  return "This file could not be ingested because of an internal error. Try uploading it again.";
}
