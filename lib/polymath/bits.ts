import { countTokens } from "@/lib/ingest/tokens";
import type { Chunk } from "@/lib/knowledge/schemas";
import { documentUrl } from "@/lib/knowledge/search";
import type { Bit, BitInfo } from "./format";

/** A stored passage as a Polymath bit (queries and exports share this). */

export const chunkCollection = (chunk: Chunk) => String(chunk.metadata.collection_name ?? "");
export const chunkFileId = (chunk: Chunk) => String(chunk.metadata.file_id ?? "");

export function chunkTokens(chunk: Chunk): number {
  const stored = chunk.metadata.token_count;
  return typeof stored === "number" ? stored : countTokens(chunk.content);
}

/** The tag an imported passage brought with it (a file's own tag is in its Document row). */
export const chunkAccessTag = (chunk: Chunk): string | null =>
  typeof chunk.metadata.access_tag === "string" && chunk.metadata.access_tag ? chunk.metadata.access_tag : null;

const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);

/**
 * `url` opens the source at its page (or, for a passage imported from a library, the url it
 * came with); `title` names file and page; `description` is the document's summary when known.
 */
export function bitInfo(chunk: Chunk, origin: string, summary: string | null): BitInfo {
  const url = text(chunk.metadata.url) ?? documentUrl(chunkCollection(chunk), chunkFileId(chunk), chunk.page_number, origin);
  const description = text(chunk.metadata.source_description) ?? text(summary);
  const imageUrl = text(chunk.image_url);
  return { url, title: chunk.display_citation, ...(description ? { description } : {}), ...(imageUrl ? { image_url: imageUrl } : {}) };
}

export function toBit(chunk: Chunk, origin: string, summary: string | null, extra: Partial<Bit> = {}): Bit {
  return { text: chunk.content, ...extra, token_count: chunkTokens(chunk), info: bitInfo(chunk, origin, summary) };
}
