import type {
  Chunk,
  CollectionInfo,
  DeleteFilesResult,
  FileInfo,
  Filters,
  IngestionJobStatus,
  RetrievalMode,
  RetrievalOutcome,
} from "./schemas";

/**
 * Mirrors the SDK's BaseRetriever. `retrieve` never throws: failures come back as success=false
 * (with `error_status` when the caller can fix them).
 */
export interface Retriever {
  readonly backendName: string;
  retrieve(
    query: string,
    collectionName: string,
    topK?: number,
    filters?: Filters | null,
    options?: RetrieveOptions,
  ): Promise<RetrievalOutcome>;
  healthCheck(): Promise<boolean>;
  /**
   * This product's own (not in the SDK): the query with its typos corrected against the
   * collection's words. `retrieve` already searches the corrected query; chat calls this to
   * show the correction and to answer with the corrected words.
   */
  correctSpelling?(query: string, collectionName: string): Promise<SpellingResult>;
  /** This product's own: a collection's passages in document order (one file, or all). */
  readChunks?(collectionName: string, options?: ReadChunksOptions): Promise<StoredPassage[]>;
}

export interface ReadChunksOptions {
  /** One file's passages; absent: the whole collection. */
  fileId?: string;
  /** Only the passages on these pages of these files, near the given passage (a chat answer reads whole pages). */
  pages?: { fileId: string; page: number; chunkIndex: number }[];
  limit?: number;
  /** Include each passage's embedding (exports). */
  withVectors?: boolean;
}

/** A stored passage: a Chunk (score 0), with its embedding when asked for. */
export type StoredPassage = Chunk & { vector?: Float32Array };

export interface SpellingResult {
  query: string;
  /** Misspelled word (lowercase) → the collection's word it was taken for. */
  corrections: Record<string, string>;
  /**
   * A real word (lowercase) → its plural or singular as the collection has it ("spa" → "spas"):
   * searched as that form, but no typo to point out. Absent when there is none.
   */
  forms?: Record<string, string>;
  /** Words (lowercase) the collection never uses and that are no typo of one it does. */
  unknown: string[];
}

export interface RetrieveOptions {
  mode?: RetrievalMode;
  signal?: AbortSignal;
  /** Search by this embedding (vector mode) instead of embedding the query text. */
  vector?: Float32Array;
  /** False when the caller has already corrected the query (lib/knowledge/search.ts). */
  correctSpelling?: boolean;
  /** The collection's record, when the caller has already read it (saves a look-up per part). */
  collection?: { name: string; tableName: string | null; embeddingModel: string; embeddingDims: number };
  /** Passages one page may give (default 1; see KnowledgeQuery.perPage). */
  perPage?: number;
}

/**
 * A file handed to an ingestor: a temp file the HTTP layer saved (the ingestor takes it over),
 * or an original already in storage under the file id it was uploaded for (a browser-direct
 * upload to object storage).
 */
export type SubmittedFile = ({ path: string } | { stored: { fileId: string; storagePath: string } }) & {
  fileName: string;
  size: number;
  /** Stored with the file (e.g. `access_tag` from the upload's form fields). */
  metadata?: Record<string, unknown>;
};

/** Mirrors the SDK's BaseIngestor. `submitJob` returns a job id at once; work happens later. */
export interface Ingestor {
  readonly backendName: string;
  submitJob(files: SubmittedFile[], collectionName: string): Promise<{ jobId: string; fileIds: string[] }>;
  getJobStatus(jobId: string): Promise<IngestionJobStatus>;
  createCollection(name: string, description?: string | null, metadata?: Record<string, unknown> | null): Promise<CollectionInfo>;
  deleteCollection(name: string): Promise<boolean>;
  listCollections(): Promise<CollectionInfo[]>;
  getCollection(name: string): Promise<CollectionInfo | null>;
  deleteFile(fileId: string, collectionName: string): Promise<boolean>;
  deleteFiles(fileIds: string[], collectionName: string): Promise<DeleteFilesResult>;
  listFiles(collectionName: string): Promise<FileInfo[]>;
  getFileStatus(fileId: string, collectionName: string): Promise<FileInfo | null>;
  healthCheck(): Promise<boolean>;
  /** Queues re-embedding the collection's stored chunks with the configured embedding model (a job like an upload's). */
  reembedCollection?(collectionName: string): Promise<{ jobId: string }>;
}
