/** The SDK's content types a parser produces ("chart" is never guessed from a file). */
export type ContentType = "text" | "table" | "image";

/** A table as rows of cell text under one header row (CSV, a spreadsheet, a DOCX table). */
export interface ParsedTable {
  columns: string[];
  rows: string[][];
  /** Each row's number as its source shows it (a spreadsheet's row, a CSV's line): cited as "rows 12–40". */
  rowNumbers?: number[];
}

/** One page (PDF), slide, sheet, section or the whole text (non-paged formats) of a parsed file. */
export interface ParsedPage {
  /** 1-based page, slide or sheet number, or null for formats without pages. */
  pageNumber: number | null;
  /** Readable text: what is chunked, embedded and quoted (for a table, its rendering). */
  text: string;
  /** How a citation names this page when "p. N" would be wrong: "slide 3", "sheet Budget". */
  locator?: string;
  /**
   * Heading in force from the start of the page (a sheet's name, a slide's title, a JSON key);
   * null: none (a slide without a title does not inherit the previous slide's).
   */
  heading?: string | null;
  /** "text" when absent. A table page is chunked by row groups that repeat its header. */
  contentType?: ContentType;
  /** Granular kind for rendering: "csv", "xlsx", "json", "ocr", "png", ... */
  contentSubtype?: string;
  /** The rows of a table page. */
  table?: ParsedTable;
  /** Raw data kept with each chunk of the page as the SDK's structured_data (e.g. JSON). */
  structuredData?: string;
}

export interface ParsedDocument {
  pages: ParsedPage[];
  /** Number of pages (slides, sheets) for paged formats, null otherwise. */
  pageCount: number | null;
  mimeType: string;
  /** Headings are Markdown `#` lines (Markdown, and what HTML and DOCX are turned into). */
  markdownHeadings?: boolean;
  /** What the file's reader should know about how it was read (shown with the file). */
  notes?: string[];
  /**
   * Its chunks, made where it was read (a PDF's worker thread) with the options parseFile was
   * given; absent: chunk it (chunkDocument).
   */
  chunks?: TextChunk[];
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
  /** Set for chunks of non-text pages and of pages that carry a locator or structured data. */
  contentType?: ContentType;
  contentSubtype?: string;
  structuredData?: string;
  locator?: string;
}

export interface ChunkOptions {
  chunkTokens: number;
  overlapTokens: number;
}
