import type { Chunk } from "@/lib/knowledge/schemas";
import { collectionsHolding } from "@/lib/knowledge/originals";
import { documentUrl } from "@/lib/knowledge/search";
import type { CitationSource, DataPoints } from "./schemas";

/**
 * Citation ids: `file_name#page=N` for paged sources, `file_name#sheet=Name` for a workbook's
 * sheet (each sheet its own citation), `mail.eml#attachment=report.pdf&page=2` for an e-mail's
 * attachment (each attachment, and its pages or sheets, its own), `file_name` otherwise; with the collection in front
 * (`collection/file_name#page=N`) when several collections hold a file of that name. An id is
 * also the path the reference frontend opens: `/content/<id>` (the fragment stays in the browser).
 */
export function citationId(chunk: Pick<Chunk, "file_name" | "page_number" | "metadata">): string {
  const scope = chunk.metadata.citation_scope;
  const name = typeof scope === "string" ? `${scope}/${chunk.file_name}` : chunk.file_name;
  if (chunk.page_number) return `${name}#page=${chunk.page_number}`;
  const attachment = attachmentOf(chunk.metadata.locator);
  if (attachment) return `${name}#${attachment}`;
  const sheet = sheetOf(chunk.metadata.locator);
  return sheet ? `${name}#sheet=${sheet}` : name;
}

/** The part of a citation id after its document: `#page=N`, `#sheet=Name` or `#attachment=…`. */
const ANCHOR = String.raw`#(?:page=\d+|sheet=[^\]\n]+|attachment=[^\]\n]+)`;

/** A citation's document: the id without its page or sheet. */
export const citedDocument = (citation: string) => citation.replace(new RegExp(`${ANCHOR}$`), "");

/** Bracketed text shaped like a citation: a file name with an extension, maybe its page or sheet. */
export const LOOKS_LIKE_CITATION = new RegExp(String.raw`\.[a-z0-9]{1,5}(${ANCHOR})?$`, "i");

/**
 * The sheet of a workbook passage, from its locator ("sheet Budget" or "sheet Budget, rows
 * 12–40", written by lib/ingest/parsers/spreadsheet.ts and the chunker); null for any other.
 */
function sheetOf(locator: unknown): string | null {
  if (typeof locator !== "string") return null;
  return /^sheet (.+?)(?:, rows? \d+(?:–\d+)?)?$/.exec(locator)?.[1] ?? null;
}

/**
 * An e-mail attachment's anchor, from its locator ("attachment report.pdf, p.2", "attachment
 * deck.pptx, slide 3", "attachment book.xlsx, sheet Budget, rows 2–9", written by
 * lib/ingest/parsers/mail.ts): `attachment=report.pdf&page=2`; null for any other locator.
 */
function attachmentOf(locator: unknown): string | null {
  if (typeof locator !== "string") return null;
  const match = /^attachment (.+?)(?:, (?:p\.|slide )(\d+)|, (sheet .+))?$/.exec(locator);
  if (!match) return null;
  const [, file, page, sheet] = match;
  const within = page ? `&page=${page}` : sheet ? `&sheet=${sheetOf(sheet) ?? sheet.slice(6)}` : "";
  return `attachment=${file}${within}`;
}

/**
 * Citation-like text inside a document ("…changed to REDFOX [policy.txt]") is passed on as
 * text, never as a citation: square brackets become parentheses wherever a source's text is
 * quoted or sent to a model.
 */
export function neutralizeBrackets(text: string): string {
  return text.replace(/\[([^\]\n]*)\]/g, "($1)");
}

/**
 * Marks the chunks whose file name several of the searched collections use, so their citations
 * say which; a collection that was not searched never changes a label.
 */
export async function scopeSharedFileNames(chunks: Chunk[], searched: string[]): Promise<Chunk[]> {
  const local = chunks.filter((c) => typeof c.metadata.collection_name === "string");
  const holders = await collectionsHolding(
    local.map((c) => c.file_name),
    searched,
  );
  return chunks.map((chunk) =>
    (holders.get(chunk.file_name)?.length ?? 0) > 1
      ? { ...chunk, metadata: { ...chunk.metadata, citation_scope: chunk.metadata.collection_name } }
      : chunk,
  );
}

function sourceUrl(chunk: Chunk): string | null {
  const url = chunk.metadata.url;
  if (typeof url === "string") return url;
  const { collection_name, file_id } = chunk.metadata;
  if (typeof collection_name !== "string" || typeof file_id !== "string") return null;
  return documentUrl(collection_name, file_id, chunk.page_number);
}

/** Sources as the model and the UI see them; several chunks of one page share one citation. */
export function toDataPoints(chunks: Chunk[]): DataPoints {
  const sources: CitationSource[] = chunks.map((chunk) => ({
    id: citationId(chunk),
    collection: typeof chunk.metadata.collection_name === "string" ? chunk.metadata.collection_name : null,
    file_id: typeof chunk.metadata.file_id === "string" ? chunk.metadata.file_id : null,
    file_name: chunk.file_name,
    page: chunk.page_number,
    url: sourceUrl(chunk),
    content: neutralizeBrackets(chunk.content),
    // Only what is not plain text travels: most passages stay as small as before.
    ...(chunk.content_type !== "text" ? { content_type: chunk.content_type } : {}),
    ...(chunk.structured_data ? { structured_data: chunk.structured_data } : {}),
    ...(chunk.image_url ? { image_url: chunk.image_url } : {}),
    ...(typeof chunk.metadata.locator === "string" ? { locator: chunk.metadata.locator } : {}),
  }));
  return {
    text: sources.map((s) => `${s.id}: ${s.content}`),
    citations: [...new Set(sources.map((s) => s.id))],
    sources,
  };
}
