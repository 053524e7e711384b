import type { Embedder } from "@/lib/models/types";

/**
 * What the job worker asks of the backend that holds a collection's passages. The worker
 * (./worker.ts) owns the queue, lanes, heartbeats and progress; a backend registers here under
 * the name its jobs carry (`IngestionJob.backend`), so the jobs module never imports an adapter.
 */

export interface FileToIngest {
  fileId: string;
  fileName: string;
  storagePath: string;
  /** The table (the backend's store for one collection) the file's passages go to. */
  collectionName: string;
  /** No earlier attempt was started on this file, so none can have left chunks to remove. */
  firstAttempt?: boolean;
}

export interface IngestOutcome {
  chunks: number;
  pageCount: number | null;
  summary: string | null;
  /** What the reader should know about how the file was read (ParsedDocument.notes). */
  notes?: string[];
}

/** A re-embedding under way: its files' chunks are copied from `source` to `target` with new vectors. */
export interface Reembedding {
  /** The table search reads until the swap, and the record's value for it (null: the collection's name). */
  source: string;
  sourceTableName: string | null;
  /** The fresh table being filled. */
  target: string;
  embedder: Embedder;
  dims: number;
  /** Files copied so far: those deleted meanwhile are taken out again before and after the swap. */
  copied: Set<string>;
}

export interface JobBackend {
  /** Parse → chunk → embed → store one file; chunks an interrupted attempt left are removed first (unless `firstAttempt`). */
  ingestFile(file: FileToIngest, embedder: Embedder, onProgress: (percent: number) => Promise<void>): Promise<IngestOutcome>;
  deleteFileChunks(table: string, fileIds: string[]): Promise<void>;
  /** After a job that wrote files: what search needs at once (LanceDB: the full-text index). */
  indexTable(table: string): Promise<void>;
  /** Upkeep that may finish after the job has ended (compaction, a vector index). */
  optimizeTable(table: string): Promise<void>;
  dropTable(table: string): Promise<void>;
  /** Starts (or starts over) a claimed re-embedding: an empty fresh table, the job's files listed. */
  prepareReembedding(collection: { name: string; tableName: string | null }, jobId: string): Promise<Reembedding>;
  /** Copies one file's chunks with new vectors; returns how many. */
  reembedFile(job: Reembedding, fileId: string): Promise<number>;
  /** Swaps the fresh table in; false when the collection was deleted or swapped meanwhile. */
  swapInReembedding(collectionName: string, job: Reembedding): Promise<boolean>;
}

const backends = new Map<string, JobBackend>();

export function registerJobBackend(name: string, backend: JobBackend): void {
  backends.set(name, backend);
}

export function jobBackend(name: string): JobBackend {
  const backend = backends.get(name);
  if (!backend) throw new Error(`No job backend "${name}" (registered: ${[...backends.keys()].join(", ") || "none"})`);
  return backend;
}
