import { readFile } from "node:fs/promises";
import { config } from "@/lib/config";
import { IngestError } from "@/lib/errors";
import { chunkDocument } from "@/lib/ingest/chunk";
import { parseFile } from "@/lib/ingest/parse";
import type { Embedder } from "@/lib/models/types";
import { addChunks, deleteFileChunks, searchText, type ChunkRow } from "../store";
import { summarize } from "../../summaries";

export interface FileToIngest {
  fileId: string;
  fileName: string;
  storagePath: string;
  collectionName: string;
}

export interface IngestOutcome {
  chunks: number;
  pageCount: number | null;
  summary: string | null;
}

const EMBED_BATCH = 256;

/**
 * Parse → chunk → embed → store one file. Any chunks a previous, interrupted attempt left
 * behind are removed first, so a retried file never has duplicates.
 */
export async function ingestFile(
  file: FileToIngest,
  embedder: Embedder,
  onProgress: (percent: number) => Promise<void>,
): Promise<IngestOutcome> {
  await deleteFileChunks(file.collectionName, [file.fileId]);
  const data = new Uint8Array(await readFile(file.storagePath));
  const parsed = await parseFile(data, file.fileName);
  await onProgress(30);
  const { chunkTokens, chunkOverlap } = config();
  const pieces = chunkDocument(parsed, { chunkTokens, overlapTokens: chunkOverlap });
  if (pieces.length === 0) throw new IngestError("No text could be extracted from this file");

  const rows: ChunkRow[] = [];
  for (let start = 0; start < pieces.length; start += EMBED_BATCH) {
    const batch = pieces.slice(start, start + EMBED_BATCH);
    const texts = batch.map((p) => searchText(file.fileName, p.heading, p.text));
    const vectors = await embedder.embed(texts);
    batch.forEach((piece, i) =>
      rows.push({
        chunk_id: `${file.fileId}:${piece.index}`,
        file_id: file.fileId,
        file_name: file.fileName,
        page_number: piece.pageNumber,
        chunk_index: piece.index,
        heading: piece.heading,
        content: piece.text,
        search_text: texts[i],
        content_type: "text",
        token_count: piece.tokenCount,
        vector: vectors[i],
      }),
    );
    await onProgress(30 + (60 * Math.min(pieces.length, start + EMBED_BATCH)) / pieces.length);
  }
  // One write per file: every LanceDB write is a version, and a file is all-or-nothing.
  await addChunks(file.collectionName, rows);
  return { chunks: rows.length, pageCount: parsed.pageCount, summary: await summarize(file.fileName, pieces.map((p) => p.text)) };
}
