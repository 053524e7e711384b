import { z } from "zod";

/**
 * Wire schemas of the Knowledge Layer SDK (specs/knowledge-layer-sdk.md), field for field,
 * snake_case. Types are inferred from them; routes and tests validate with them.
 */

export const ContentType = z.enum(["text", "table", "chart", "image"]);
export const FileStatus = z.enum(["uploading", "ingesting", "success", "failed"]);
export const JobState = z.enum(["pending", "processing", "completed", "failed"]);
export type ContentType = z.infer<typeof ContentType>;
export type FileStatus = z.infer<typeof FileStatus>;
export type JobState = z.infer<typeof JobState>;

const isoDate = z.string().datetime({ offset: true });
const metadata = z.record(z.string(), z.unknown()).default({});

export const Chunk = z.object({
  chunk_id: z.string().min(1),
  content: z.string(),
  score: z.number().min(0).max(1).default(0),
  file_name: z.string(),
  page_number: z.number().int().min(1).nullable().default(null),
  display_citation: z.string().min(1),
  content_type: ContentType,
  content_subtype: z.string().nullable().default(null),
  structured_data: z.string().nullable().default(null),
  image_storage_uri: z.string().nullable().default(null),
  image_url: z.string().nullable().default(null),
  metadata,
});
export type Chunk = z.infer<typeof Chunk>;

/** The section heading a chunk carries in its metadata, if any. */
export const chunkHeading = (chunk: Chunk): string | null => (typeof chunk.metadata.heading === "string" ? chunk.metadata.heading : null);

export const RetrievalResult = z.object({
  chunks: z.array(Chunk).default([]),
  total_tokens: z.number().int().min(0).default(0),
  query: z.string(),
  backend: z.string(),
  success: z.boolean().default(true),
  error_message: z.string().nullable().default(null),
});
export type RetrievalResult = z.infer<typeof RetrievalResult>;

/**
 * A Retriever's answer: the SDK's RetrievalResult, and for a failure the caller can fix, this
 * product's own `error_status` (the AppError's 4xx status, such as 409 for a collection built
 * with another embedding model; absent: 500). Never sent as such: protocols map it.
 */
export type RetrievalOutcome = RetrievalResult & { error_status?: number };

/** The SDK's failed-retrieval shape: no chunks, success=false, a message for people. */
export function failedRetrieval(query: string, backend: string, message: string, status?: number): RetrievalOutcome {
  return {
    query,
    backend,
    chunks: [],
    total_tokens: 0,
    success: false,
    error_message: message,
    ...(status ? { error_status: status } : {}),
  };
}

export const CollectionInfo = z.object({
  name: z.string(),
  description: z.string().nullable().default(null),
  file_count: z.number().int().min(0).default(0),
  chunk_count: z.number().int().min(0).default(0),
  created_at: isoDate.nullable().default(null),
  updated_at: isoDate.nullable().default(null),
  backend: z.string(),
  metadata,
});
export type CollectionInfo = z.infer<typeof CollectionInfo>;

export const FileInfo = z.object({
  file_id: z.string(),
  file_name: z.string(),
  collection_name: z.string(),
  status: FileStatus.default("uploading"),
  file_size: z.number().int().min(0).nullable().default(null),
  chunk_count: z.number().int().min(0).default(0),
  uploaded_at: isoDate.nullable().default(null),
  ingested_at: isoDate.nullable().default(null),
  expiration_date: isoDate.nullable().default(null),
  error_message: z.string().nullable().default(null),
  metadata,
});
export type FileInfo = z.infer<typeof FileInfo>;

export const FileProgress = z.object({
  file_id: z.string().default(""),
  file_name: z.string(),
  status: FileStatus.default("uploading"),
  progress_percent: z.number().min(0).max(100).default(0),
  error_message: z.string().nullable().default(null),
  chunks_created: z.number().int().min(0).default(0),
});
export type FileProgress = z.infer<typeof FileProgress>;

export const IngestionJobStatus = z.object({
  job_id: z.string(),
  status: JobState.default("pending"),
  submitted_at: isoDate,
  started_at: isoDate.nullable().default(null),
  completed_at: isoDate.nullable().default(null),
  total_files: z.number().int().min(0).default(0),
  processed_files: z.number().int().min(0).default(0),
  file_details: z.array(FileProgress).default([]),
  collection_name: z.string(),
  backend: z.string(),
  error_message: z.string().nullable().default(null),
  metadata,
  // The SDK's computed properties, serialized so HTTP clients need not recompute them.
  progress_percent: z.number().min(0).max(100),
  is_terminal: z.boolean(),
  is_success: z.boolean(),
});
export type IngestionJobStatus = z.infer<typeof IngestionJobStatus>;

/** Builds a job status with the computed properties filled in as the SDK defines them. */
export function jobStatus(
  fields: Omit<z.input<typeof IngestionJobStatus>, "progress_percent" | "is_terminal" | "is_success">,
): IngestionJobStatus {
  const total = fields.total_files ?? 0;
  const processed = fields.processed_files ?? 0;
  const status = fields.status ?? "pending";
  return IngestionJobStatus.parse({
    ...fields,
    progress_percent: total === 0 ? 0 : (processed / total) * 100,
    is_terminal: status === "completed" || status === "failed",
    is_success: status === "completed" && processed > 0,
  });
}

export const DeleteFilesResult = z.object({
  successful: z.array(z.string()),
  failed: z.array(z.object({ file_id: z.string(), error: z.string() })),
  total_deleted: z.number().int().min(0),
  message: z.string(),
});
export type DeleteFilesResult = z.infer<typeof DeleteFilesResult>;

export const HealthStatus = z.object({
  status: z.enum(["healthy", "unhealthy"]),
  backend: z.string(),
});

// ─── Request bodies ────────────────────────────────────────────────

/** SDK convention: lowercase letters, digits and underscores. */
export const COLLECTION_NAME_RE = /^[a-z][a-z0-9_]{0,62}$/;
export const CollectionName = z
  .string()
  .regex(
    COLLECTION_NAME_RE,
    "Collection names use lowercase letters, digits and underscores, start with a letter, and have at most 63 characters",
  );

export const CreateCollectionRequest = z.object({
  name: CollectionName,
  description: z.string().max(2000).nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

export const RetrievalMode = z.enum(["hybrid", "vectors", "text"]);
export type RetrievalMode = z.infer<typeof RetrievalMode>;

/** Fields a filter may name; values are matched exactly (a list means any of them). */
export const FILTERABLE_FIELDS = ["file_id", "file_name", "page_number", "content_type"] as const;
const filterValue = z.union([z.string(), z.number(), z.boolean()]);
export const Filters = z.record(z.string(), z.union([filterValue, z.array(filterValue).max(1000)]));
export type Filters = z.infer<typeof Filters>;

export const SearchRequest = z.object({
  query: z.string().trim().min(1, "query must not be empty").max(4000),
  top_k: z.number().int().min(1).max(100).default(10),
  filters: Filters.nullish(),
  retrieval_mode: RetrievalMode.default("hybrid"),
});
export type SearchRequest = z.infer<typeof SearchRequest>;

export const DeleteFilesRequest = z.object({
  file_ids: z.array(z.string().min(1)).min(1, "file_ids must list at least one file"),
});
