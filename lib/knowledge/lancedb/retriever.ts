import { AppError, EmbeddingModelMismatch } from "@/lib/errors";
import { outboundLink } from "@/lib/http/links";
import { imageUrl } from "../urls";
import { embedderFor } from "@/lib/models/embedder";
import { failedRetrieval, type Chunk, type Filters, type RetrievalOutcome } from "../schemas";
import type { ReadChunksOptions, RetrieveOptions, Retriever, SpellingResult, StoredPassage } from "../types";
import { filtersToWhere } from "./filters";
import * as repo from "../repo";
import { inCollectionLanguage, searchChunks, spellCheck, spellCheckAcrossLanguages } from "./hybrid-search";
import { readRows } from "./read";
import type { ScoredChunk } from "./rows";
import { LANCEDB_BACKEND } from "./backend";
import { rerank } from "../ranking/rerank";
import { withFormalWords } from "@/lib/text/everyday-words";

/**
 * Candidates the second stage ranks, per result asked for: the fused lists' best chunks, read
 * by row id (beside the BM25 rows hybrid search reads early, about topK more).
 */
const CANDIDATES_PER_RESULT = 3;

/** "report.pdf, p.15"; "deck.pptx, slide 3" and "book.xlsx, sheet Budget" when the page has a locator. */
export function displayCitation(fileName: string, page: number | null, locator?: string | null): string {
  if (locator) return `${fileName}, ${locator}`;
  return page ? `${fileName}, p.${page}` : fileName;
}

export function toChunk(row: ScoredChunk, collectionName: string): Chunk {
  const source = importedSource(row.source);
  const meta = contentMeta(row.content_meta);
  return {
    chunk_id: row.chunk_id,
    content: row.content,
    score: row.score,
    // A passage imported from a library is cited as its source: its title, opening its url.
    file_name: source?.title ?? row.file_name,
    page_number: row.page_number,
    display_citation: source?.title ?? displayCitation(row.file_name, row.page_number, meta.locator),
    content_type: row.content_type as Chunk["content_type"],
    content_subtype: meta.subtype ?? null,
    structured_data: meta.structured_data ?? null,
    image_storage_uri: null,
    image_url: source?.image_url ?? (row.content_type === "image" && !source ? imageUrl(collectionName, row.file_id) : null),
    metadata: {
      collection_name: collectionName,
      file_id: row.file_id,
      chunk_index: row.chunk_index,
      heading: row.heading,
      token_count: row.token_count,
      ...(meta.locator ? { locator: meta.locator } : {}),
      ...(source?.url ? { url: source.url } : {}),
      ...(source?.title ? { source_title: source.title } : {}),
      ...(source?.description ? { source_description: source.description } : {}),
      ...(source?.access_tag ? { access_tag: source.access_tag } : {}),
    },
  };
}

const META_KEYS = ["subtype", "structured_data", "locator"] as const;

/** The `content_meta` column (see ChunkRow): subtype, structured data and locator, strings only. */
function contentMeta(json: string | null | undefined): Partial<Record<(typeof META_KEYS)[number], string>> {
  if (!json) return {};
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    return Object.fromEntries(META_KEYS.flatMap((key) => (typeof value[key] === "string" && value[key] ? [[key, value[key]]] : [])));
  } catch {
    return {};
  }
}

const SOURCE_KEYS = ["url", "title", "description", "image_url", "access_tag"] as const;
const LINK_KEYS = ["url", "image_url"] as const;

/** The `source` column: the info (and access tag) a Polymath library gave the passage. */
function importedSource(json: string | null | undefined): Partial<Record<(typeof SOURCE_KEYS)[number], string>> | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    const out: Partial<Record<(typeof SOURCE_KEYS)[number], string>> = {};
    for (const key of SOURCE_KEYS) if (typeof value[key] === "string" && value[key]) out[key] = value[key] as string;
    // Whatever a library file said, only http(s) and this app's paths leave as links.
    for (const key of LINK_KEYS) if (out[key] !== undefined && outboundLink(out[key]) === null) delete out[key];
    return out;
  } catch {
    return null;
  }
}

/**
 * The second stage ranks pages, each by its best chunk: with more than one chunk a page, each
 * page's other candidates follow its best in first-stage order.
 */
function withPageMates(pages: ScoredChunk[], candidates: ScoredChunk[], perPage: number): ScoredChunk[] {
  if (perPage <= 1) return pages;
  const pageOf = (c: ScoredChunk) => (c.page_number === null ? null : `${c.file_id}#${c.page_number}`);
  return pages.flatMap((best) => {
    const key = pageOf(best);
    if (key === null) return [best];
    const mates = candidates.filter((c) => c !== best && c.chunk_id !== best.chunk_id && pageOf(c) === key).slice(0, perPage - 1);
    return [best, ...mates.map((c) => ({ ...c, score: best.score }))];
  });
}

/**
 * Errors a user can act on pass through with their status: an AppError of the 4xx class (a bad
 * filter, a collection built with another embedding model); anything else becomes a generic
 * message (and a 500).
 */
function retrievalFailure(query: string, backend: string, error: unknown): RetrievalOutcome {
  if (error instanceof AppError && error.status < 500) return failedRetrieval(query, backend, error.message, error.status);
  const message = error instanceof Error ? error.message : String(error);
  return failedRetrieval(query, backend, `Retrieval failed: ${message.split("\n")[0].slice(0, 160)}`);
}

export class LanceDbRetriever implements Retriever {
  readonly backendName = LANCEDB_BACKEND;

  async retrieve(
    query: string,
    collectionName: string,
    topK = 10,
    filters?: Filters | null,
    options: RetrieveOptions = {},
  ): Promise<RetrievalOutcome> {
    try {
      const collection = options.collection ?? (await repo.findCollection(collectionName));
      if (!collection) return failedRetrieval(query, this.backendName, `Collection '${collectionName}' not found`);
      const mode = options.vector ? "vectors" : (options.mode ?? "hybrid");
      if (options.vector && options.vector.length !== collection.embeddingDims) {
        throw new EmbeddingModelMismatch(
          `Collection '${collectionName}' was built with ${collection.embeddingDims}-dimensional embeddings; the query embedding has ${options.vector.length}`,
        );
      }
      const where = filtersToWhere(filters);
      // Spelling is a help, never a reason for a search to fail.
      // Its model, size and table come from one record: a re-embedding swaps all three at once.
      const chunkTable = repo.tableOf(collection);
      const spelled = options.correctSpelling === false ? query : (await spellCheck(chunkTable, query).catch(() => ({ query }))).query;
      const searched = await inCollectionLanguage(chunkTable, spelled);
      // The vector is of the question with the formal words it may stand for, as BM25 searches them.
      const vector =
        options.vector ??
        (mode === "text"
          ? null
          : (await embedderFor(collection.embeddingModel, collection.embeddingDims).embed([withFormalWords(searched)]))[0]);
      // The second stage weighs words (lib/knowledge/ranking): vector-only search keeps its order.
      const lexical = mode !== "vectors";
      const perPage = options.perPage ?? 1;
      const found = await searchChunks(chunkTable, {
        mode,
        query: searched,
        vector,
        topK,
        where,
        perPage,
        ...(lexical ? { candidates: topK * CANDIDATES_PER_RESULT } : {}),
      });
      const rows = lexical ? withPageMates(rerank(searched, found), found, perPage).slice(0, topK) : found;
      const chunks = rows.map((r) => toChunk(r, collectionName));
      return {
        query,
        backend: this.backendName,
        chunks,
        total_tokens: rows.reduce((sum, r) => sum + r.token_count, 0),
        success: true,
        error_message: null,
      };
    } catch (error) {
      return retrievalFailure(query, this.backendName, error);
    }
  }

  async correctSpelling(query: string, collectionName: string): Promise<SpellingResult> {
    return spellCheckAcrossLanguages((await repo.tableFor(collectionName)) ?? collectionName, query);
  }

  async readChunks(collectionName: string, options: ReadChunksOptions = {}): Promise<StoredPassage[]> {
    const rows = await readRows((await repo.tableFor(collectionName)) ?? collectionName, options);
    return rows.map((row) => ({ ...toChunk({ ...row, score: 0 }, collectionName), ...(row.vector ? { vector: row.vector } : {}) }));
  }

  async healthCheck(): Promise<boolean> {
    try {
      await repo.listCollectionRows();
      return true;
    } catch {
      return false;
    }
  }
}
