import type * as lancedb from "@lancedb/lancedb";
import { Field, FixedSizeList, Float32, Int32, Schema, Utf8 } from "apache-arrow";
import { withJoinedCompounds } from "@/lib/text/compounds";
import { documentTitle } from "../document-title";

/** A collection table's rows: their schema, the columns tables made by earlier releases lack, and how a row is packed and read. */

/** One row of a collection table: a chunk with its vector. */
export interface ChunkRow {
  chunk_id: string;
  file_id: string;
  file_name: string;
  page_number: number | null;
  chunk_index: number;
  heading: string | null;
  content: string;
  /** What search sees: the document's title and the section heading, then the content. */
  search_text: string;
  content_type: string;
  token_count: number;
  vector: Float32Array;
  /**
   * Where a passage imported from a Polymath library came from: JSON of its `info` (url,
   * title, description, image_url). Null for passages of the collection's own files.
   */
  source?: string | null;
  /**
   * JSON of what the SDK Chunk carries beyond text, for passages that have it: `subtype`
   * (content_subtype), `structured_data` (a table's rows, a JSON section), `locator` (how the
   * citation names the page: "slide 3", "sheet Budget"). Null for plain text passages.
   */
  content_meta?: string | null;
}

export type StoredChunk = Omit<ChunkRow, "vector" | "search_text">;
export interface ScoredChunk extends StoredChunk {
  /** Normalised to 0..1, see scoreFromDistance / scoreFromBm25 / hybrid fusion. */
  score: number;
}

export const PROJECTION = [
  "chunk_id",
  "file_id",
  "file_name",
  "page_number",
  "chunk_index",
  "heading",
  "content",
  "content_type",
  "token_count",
];
/** Added after the first release: tables made before it lack the column until a row needs it. */
const SOURCE_COLUMN = "source";
/** Added with Office, table and image files: same as `source` for older tables. */
const META_COLUMN = "content_meta";
/** Nullable columns added after the first release, in schema order. */
export const LATER_COLUMNS = [SOURCE_COLUMN, META_COLUMN] as const;
/**
 * Every field of a row but its text, vector and search text, as one JSON string: what search
 * reads for the chunks it returns. Reading a column of a few rows by row id costs ~1-5 ms
 * whatever their number (1M generated chunks, one core: the 11 columns 13.8 ms, this and
 * `content` ~2.5 ms). Tables made before it lack it, and are read column by column.
 */
export const RECORD_COLUMN = "record";
export const OPTIONAL_COLUMNS = [...LATER_COLUMNS, RECORD_COLUMN] as const;
export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];

export function chunkSchema(dims: number): Schema {
  return new Schema([
    new Field("chunk_id", new Utf8(), false),
    new Field("file_id", new Utf8(), false),
    new Field("file_name", new Utf8(), false),
    new Field("page_number", new Int32(), true),
    new Field("chunk_index", new Int32(), false),
    new Field("heading", new Utf8(), true),
    new Field("content", new Utf8(), false),
    new Field("search_text", new Utf8(), false),
    new Field("content_type", new Utf8(), false),
    new Field("token_count", new Int32(), false),
    new Field("vector", new FixedSizeList(dims, new Field("item", new Float32(), true)), false),
    new Field(SOURCE_COLUMN, new Utf8(), true),
    new Field(META_COLUMN, new Utf8(), true),
    new Field(RECORD_COLUMN, new Utf8(), true),
  ]);
}

export function searchText(fileName: string, heading: string | null, content: string): string {
  // The heading once more than the content already carries it: a section title says what the
  // chunk is about better than any sentence in it.
  const head = heading ? `${heading}\n` : "";
  return withJoinedCompounds(`${documentTitle(fileName)}\n${head}${content}`, "\n");
}

/** Quotes a string for a LanceDB SQL filter: single quotes doubled, no other escape needed. */
export function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * The table's columns in its order, typed as chunkSchema types them: an older table lacks some,
 * and LanceDB answers `schema()` with types of its own Arrow instance, which ours cannot build.
 */
export async function readSchema(t: lancedb.Table): Promise<Schema> {
  const theirs = await t.schema();
  const vector = theirs.fields.find((f) => f.name === "vector")!.type as FixedSizeList;
  const ours = chunkSchema(vector.listSize);
  return new Schema(theirs.fields.map((f) => ours.fields.find((o) => o.name === f.name) ?? f));
}

/** The record column of a row (see RECORD_COLUMN). */
export function packRecord(r: Omit<ChunkRow, "vector">): string {
  const { chunk_id, file_id, file_name, page_number, chunk_index, heading, content_type, token_count, source, content_meta } = r;
  return JSON.stringify({
    chunk_id,
    file_id,
    file_name,
    page_number,
    chunk_index,
    heading,
    content_type,
    token_count,
    source: source ?? null,
    content_meta: content_meta ?? null,
  });
}

/** A row read with the record column as the row of separate columns it packs. */
export function unpackRecord(row: Record<string, unknown>): StoredChunk {
  const { [RECORD_COLUMN]: record, ...rest } = row;
  return (typeof record === "string" ? { ...JSON.parse(record), ...rest } : rest) as StoredChunk;
}

/** A row as the plain chunk it holds, optional columns null where absent. */
export function plain(row: StoredChunk): StoredChunk {
  return {
    chunk_id: row.chunk_id,
    file_id: row.file_id,
    file_name: row.file_name,
    page_number: row.page_number ?? null,
    chunk_index: row.chunk_index,
    heading: row.heading ?? null,
    content: row.content,
    content_type: row.content_type,
    token_count: row.token_count,
    source: row.source ?? null,
    content_meta: row.content_meta ?? null,
  };
}
