import { createHash } from "node:crypto";
import type { RemoteContext } from "@/lib/eri/schemas";
import { countTokens } from "@/lib/ingest/tokens";
import type { Chunk } from "@/lib/knowledge/schemas";

/** ERI Contexts of a remote source → Knowledge Layer Chunks with citations. */

export interface SourceRef {
  id: string;
  name: string;
}

/** ERI sends no score, only an order: rank 1 → 1.0, falling linearly to 0.5 for the last. */
export function rankScore(rank: number, count: number): number {
  return count <= 1 ? 1 : 1 - (0.5 * rank) / (count - 1);
}

/** `…#page=3`, `?page=3` or `&page=3` in a context's path. */
export function pageFromPath(path: string | null | undefined): number | null {
  const match = /[#?&]page=(\d{1,6})\b/i.exec(path ?? "");
  const page = match ? Number(match[1]) : NaN;
  return Number.isInteger(page) && page >= 1 ? page : null;
}

export function isHttpUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const { protocol } = new URL(value);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

const TEXT_TYPES = new Set(["TEXT", "NONE", "UNKNOWN", "UNKNOW", ""]);

export function contextsToChunks(contexts: RemoteContext[], source: SourceRef): Chunk[] {
  const usable = contexts.filter((c) => TEXT_TYPES.has((c.type ?? "").toUpperCase()) && c.matchedContent?.trim());
  return usable.map((context, rank) => contextToChunk(context, rank, usable.length, source));
}

function contextToChunk(context: RemoteContext, rank: number, count: number, source: SourceRef): Chunk {
  const content = context.matchedContent!.trim();
  const fileName = context.name?.trim() || source.name;
  const page = pageFromPath(context.path);
  const id = createHash("sha256")
    .update(`${context.path ?? ""}\n${fileName}\n${content}`)
    .digest("hex")
    .slice(0, 16);
  return {
    chunk_id: `eri:${source.id}:${id}`,
    content,
    score: rankScore(rank, count),
    file_name: fileName,
    page_number: page,
    display_citation: page ? `${fileName}, p.${page}` : fileName,
    content_type: "text",
    content_subtype: null,
    structured_data: null,
    image_storage_uri: null,
    image_url: null,
    metadata: {
      backend: "eri",
      source_id: source.id,
      source_name: source.name,
      // Only web links are offered as links: a path may be anything (file path, graph path…).
      url: isHttpUrl(context.path) ? context.path : null,
      path: context.path ?? null,
      category: context.category ?? null,
      surrounding_content: (context.surroundingContent ?? []).filter((s): s is string => typeof s === "string"),
      links: (context.links ?? []).filter(isHttpUrl),
      rank: rank + 1,
      token_count: countTokens(content),
    },
  };
}
