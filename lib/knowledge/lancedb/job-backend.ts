import type { JobBackend } from "../jobs/backend";
import { ingestFile } from "./pipeline";
import { prepareReembedding, reembedFile, swapInReembedding } from "./reembed";
import { dropChunkTable } from "./tables";
import { ensureTextIndex, optimizeTable } from "./upkeep";
import { deleteFileChunks } from "./write";

/** The LanceDB adapter's part of a job: what the worker (lib/knowledge/jobs) writes through. */
export const lanceDbJobBackend: JobBackend = {
  ingestFile,
  deleteFileChunks,
  indexTable: ensureTextIndex,
  optimizeTable,
  dropTable: dropChunkTable,
  prepareReembedding,
  reembedFile,
  swapInReembedding,
};
