/**
 * A collection's table in one import, for benches and tests; the adapter's own modules import
 * the module that does the work: rows.ts (schema, row packing), tables.ts (connection, open
 * tables and what is known of them), write.ts, read.ts, upkeep.ts (indexes, compaction),
 * hybrid-search.ts (BM25 + vectors, two phases).
 */
export { searchText, sqlString, type ChunkRow, type ScoredChunk, type StoredChunk } from "./rows";
export { createChunkTable, dropChunkTable, pingStore } from "./tables";
export { addChunks, deleteFileChunks } from "./write";
export { countChunks, readRows } from "./read";
export { ensureTextIndex, optimizeTable, VECTOR_INDEX_MIN_ROWS } from "./upkeep";
export { searchChunks, spellCheck, type SearchParams } from "./hybrid-search";
