import type { Collection, Document, IngestionJob, JobFile } from "@/lib/db/generated/sqlite/client";
import { CollectionInfo, FileInfo, FileStatus, JobState, jobStatus, type IngestionJobStatus } from "./schemas";

/** Database rows → SDK wire models. */

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function parseJson(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

export function toCollectionInfo(row: Collection, counts: { files: number; chunks: number }, backend: string): CollectionInfo {
  return CollectionInfo.parse({
    name: row.name,
    description: row.description,
    file_count: counts.files,
    chunk_count: counts.chunks,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    backend,
    metadata: { ...parseJson(row.metadata), embedding_model: row.embeddingModel, vector_dimensions: row.embeddingDims },
  });
}

export function toFileInfo(row: Document): FileInfo {
  return FileInfo.parse({
    file_id: row.id,
    file_name: row.fileName,
    collection_name: row.collectionName,
    status: FileStatus.parse(row.status),
    file_size: row.fileSize,
    chunk_count: row.chunkCount,
    uploaded_at: iso(row.uploadedAt),
    ingested_at: iso(row.ingestedAt),
    error_message: row.errorMessage,
    metadata: {
      ...parseJson(row.metadata),
      page_count: row.pageCount,
      mime_type: row.mimeType,
      summary: row.summary,
    },
  });
}

/**
 * A file's stored metadata with the notes of its latest ingestion (`notes`, a list of sentences
 * such as OCR's language note); without notes the key is dropped, so re-ingesting clears them.
 */
export function withNotes(metadata: string, notes: string[] | undefined): string {
  const rest = parseJson(metadata);
  delete rest.notes;
  return JSON.stringify(notes?.length ? { ...rest, notes } : rest);
}

/** `page`: `job.files` is one page of them; the counts over all come with it. */
export function toJobStatus(
  job: IngestionJob & { files: JobFile[] },
  page?: { offset: number; limit: number; total: number; processed: number },
): IngestionJobStatus {
  const processed = page?.processed ?? job.files.filter((f) => f.status === "success" || f.status === "failed").length;
  return jobStatus({
    job_id: job.id,
    status: JobState.parse(job.status),
    submitted_at: job.submittedAt.toISOString(),
    started_at: iso(job.startedAt),
    completed_at: iso(job.completedAt),
    total_files: page?.total ?? job.files.length,
    processed_files: processed,
    file_details: job.files.map((f) => ({
      file_id: f.documentId,
      file_name: f.fileName,
      status: FileStatus.parse(f.status),
      progress_percent: f.progressPercent,
      error_message: f.errorMessage,
      chunks_created: f.chunksCreated,
    })),
    collection_name: job.collectionName,
    backend: job.backend,
    error_message: job.errorMessage,
    ...(page ? { metadata: { file_details_offset: page.offset, file_details_limit: page.limit } } : {}),
  });
}

export function unknownJobStatus(jobId: string, backend: string): IngestionJobStatus {
  return jobStatus({
    job_id: jobId,
    status: "failed",
    submitted_at: new Date().toISOString(),
    collection_name: "unknown",
    backend,
    error_message: `Job ${jobId} not found`,
  });
}
