/** One page (PDF) or the whole text (non-paged formats) of a parsed file. */
export interface ParsedPage {
  /** 1-based page number, or null for formats without pages. */
  pageNumber: number | null;
  text: string;
}

export interface ParsedDocument {
  pages: ParsedPage[];
  /** Number of pages for paged formats, null otherwise. */
  pageCount: number | null;
  mimeType: string;
}

/** A piece of text ready to embed. Never spans two pages. */
export interface TextChunk {
  /** 0-based position of the chunk within its file. */
  index: number;
  text: string;
  pageNumber: number | null;
  /** Nearest section heading above the chunk, if any (also prefixed into `text`). */
  heading: string | null;
  tokenCount: number;
}

export interface ChunkOptions {
  chunkTokens: number;
  overlapTokens: number;
}
