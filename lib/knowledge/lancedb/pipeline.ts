import { config } from "@/lib/config";
import { IngestError } from "@/lib/errors";
import { chunkDocument } from "@/lib/ingest/chunk";
import { parseFile } from "@/lib/ingest/parse";
import type { TextChunk } from "@/lib/ingest/types";
import type { Embedder } from "@/lib/models/types";
import { passageFile, type PassageFormat } from "@/lib/ingest/passage-formats";
import type { FileToIngest, IngestOutcome } from "../jobs/backend";
import { summarize } from "../summaries";
import { readOriginalInTurn } from "../storage";
import { arrowTable } from "./arrow-rows";
import { chunkSchema, packRecord, RECORD_COLUMN, searchText, type ChunkRow } from "./rows";
import { addChunks, deleteFileChunks } from "./write";

const EMBED_BATCH = 256;

/**
 * Parse → chunk → embed → store one file. Any chunks a previous, interrupted attempt left
 * behind are removed first, so a retried file never has duplicates. A first attempt skips
 * that: the delete is a table commit the job's other files would wait for.
 */
export async function ingestFile(
  file: FileToIngest,
  embedder: Embedder,
  onProgress: (percent: number) => Promise<void>,
): Promise<IngestOutcome> {
  if (!file.firstAttempt) await deleteFileChunks(file.collectionName, [file.fileId]);
  const data = await readOriginalInTurn(file.storagePath);
  const passages = passageFile(file.fileName, data);
  if (passages) return ingestPassages(file, passages.format, passages.content, embedder, onProgress);
  const { chunkTokens, chunkOverlap } = config();
  const chunking = { chunkTokens, overlapTokens: chunkOverlap };
  const parsed = await parseFile(data, file.fileName, { chunk: chunking });
  await onProgress(30);
  const pieces = parsed.chunks ?? chunkDocument(parsed, chunking);
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
        content_type: piece.contentType ?? "text",
        token_count: piece.tokenCount,
        vector: vectors[i],
        content_meta: contentMeta(piece),
      }),
    );
    await onProgress(30 + (60 * Math.min(pieces.length, start + EMBED_BATCH)) / pieces.length);
  }
  // One write per file: every LanceDB write is a version, and a file is all-or-nothing. The
  // summary is made once the rows are handed to LanceDB, while its own threads write them.
  const [, summary] = await Promise.all([
    addChunks(file.collectionName, rows),
    new Promise((resolve) => setImmediate(resolve)).then(() =>
      summarize(
        file.fileName,
        pieces.map((p) => p.text),
      ),
    ),
  ]);
  return {
    chunks: rows.length,
    pageCount: parsed.pageCount,
    summary,
    ...(parsed.notes?.length ? { notes: parsed.notes } : {}),
  };
}

/**
 * A file's rows made from `texts` as ingestFile makes them (search text, vector, record column,
 * Arrow columns), but not written: run at start-up on generated passages (lib/ingest/warm-up.ts),
 * so the first upload does not wait for V8 to compile and optimise this code.
 */
export async function rehearseRows(texts: string[], embedder: Embedder): Promise<void> {
  const searchTexts = texts.map((text) => searchText("warm-up.pdf", "Coverage and Benefits", text));
  const vectors = await embedder.embed(searchTexts);
  const rows = texts.map((content, i) => {
    const row: ChunkRow = {
      chunk_id: `warm-up:${i}`,
      file_id: "warm-up",
      file_name: "warm-up.pdf",
      page_number: i + 1,
      chunk_index: i,
      heading: "Coverage and Benefits",
      content,
      search_text: searchTexts[i],
      content_type: "text",
      token_count: content.length >> 2,
      vector: vectors[i],
      content_meta: null,
    };
    return { ...row, [RECORD_COLUMN]: packRecord(row) };
  });
  arrowTable(chunkSchema(embedder.dimensions), rows);
}

/** What a passage carries beyond its text (see ChunkRow.content_meta); null when nothing. */
function contentMeta(piece: TextChunk): string | null {
  const meta = {
    ...(piece.contentSubtype ? { subtype: piece.contentSubtype } : {}),
    ...(piece.structuredData ? { structured_data: piece.structuredData } : {}),
    ...(piece.locator ? { locator: piece.locator } : {}),
  };
  return Object.keys(meta).length ? JSON.stringify(meta) : null;
}

/**
 * A file of passages (a Polymath library): each becomes one passage, as it is (no re-chunking).
 * Its embedding is reused when the file's model and dimensions are the collection's; other
 * passages are embedded here. Its source (a bit's `info`) is kept, so citations open its url.
 */
async function ingestPassages(
  file: FileToIngest,
  format: PassageFormat,
  content: unknown,
  embedder: Embedder,
  onProgress: (percent: number) => Promise<void>,
): Promise<IngestOutcome> {
  const bits = format.read(content, { embeddingModel: embedder.model, embeddingDims: embedder.dimensions });
  await onProgress(30);
  const rows: ChunkRow[] = [];
  for (let start = 0; start < bits.length; start += EMBED_BATCH) {
    const batch = bits.slice(start, start + EMBED_BATCH);
    const texts = batch.map((bit) => searchText(file.fileName, bit.source?.title ?? null, bit.text));
    const missing = batch.flatMap((bit, i) => (bit.vector ? [] : [i]));
    const embedded = missing.length ? await embedder.embed(missing.map((i) => texts[i])) : [];
    const vectors = batch.map((bit) => bit.vector);
    missing.forEach((i, k) => (vectors[i] = embedded[k]));
    batch.forEach((bit, i) => {
      const index = start + i;
      rows.push({
        chunk_id: `${file.fileId}:${index}`,
        file_id: file.fileId,
        file_name: file.fileName,
        page_number: null,
        chunk_index: index,
        heading: bit.source?.title ?? null,
        content: bit.text,
        search_text: texts[i],
        content_type: "text",
        token_count: bit.tokenCount,
        vector: vectors[i]!,
        source: bit.source ? JSON.stringify(bit.source) : null,
      });
    });
    await onProgress(30 + (60 * Math.min(bits.length, start + EMBED_BATCH)) / bits.length);
  }
  await addChunks(file.collectionName, rows);
  return {
    chunks: rows.length,
    pageCount: null,
    summary: await summarize(
      file.fileName,
      bits.map((b) => b.text),
    ),
  };
}
