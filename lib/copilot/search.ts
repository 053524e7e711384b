import { z } from "zod";
import { AppError, badRequest } from "@/lib/errors";
import { documentTitle } from "@/lib/knowledge/document-title";
import type { Chunk } from "@/lib/knowledge/schemas";
import { documentUrl, everySearchFailed, searchKnowledge } from "@/lib/knowledge/search";
import { permittedCollections } from "@/lib/security/collection-access";
import type { Principal } from "@/lib/security/principal";
import { COPILOT_PRINCIPAL, publishedCollections } from "./publishing";

/**
 * GET /api/copilot/search: the knowledge base as Microsoft 365 Copilot's plugin calls it. The
 * zod schemas here are the single source of the OpenAPI document's parameters and response.
 */

/** Copilot renders at most this many results of a plugin response. */
export const MAX_RESULTS = 25;
export const DEFAULT_RESULTS = 10;
const SNIPPET_CHARS = 600;
const QUERY_CHARS = 1000;

const blankIsUnset = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const CopilotSearchParams = z.object({
  query: z
    .string({ error: "query is required" })
    .trim()
    .min(1, "query is required")
    .max(QUERY_CHARS, `query must have at most ${QUERY_CHARS} characters`),
  collection: z.preprocess(
    blankIsUnset,
    z
      .string()
      .optional()
      .transform((raw) => {
        const names = [
          ...new Set(
            (raw ?? "")
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean),
          ),
        ];
        return names.length ? names : null;
      }),
  ),
  top: z.preprocess(
    // Digits past what a number holds exactly are still "more than the plugin shows".
    (v) => (typeof v === "string" && /^\s*\d{16,}\s*$/.test(v) ? MAX_RESULTS : blankIsUnset(v)),
    z.coerce
      .number({ error: "top must be a whole number" })
      .int("top must be a whole number")
      .min(1, "top must be at least 1")
      .default(DEFAULT_RESULTS)
      // A model may ask for more than the plugin can show: that is a cap, not an error.
      .transform((n) => Math.min(n, MAX_RESULTS)),
  ),
});
export type CopilotSearchParams = z.infer<typeof CopilotSearchParams>;

export const CopilotResult = z.object({
  title: z.string().describe("The document's title, with the section heading when the passage has one."),
  snippet: z.string().describe(`The matching passage (up to ${SNIPPET_CHARS} characters).`),
  citation: z.string().describe('How to cite the source: file name and page, e.g. "handbook.pdf, p.2".'),
  url: z.string().describe("Opens the source document at the cited page."),
  file_name: z.string().describe("The source file's name."),
  page_number: z.number().int().min(1).nullable().describe("The page the passage is on; null for files without pages."),
  collection: z.string().describe("The collection the document belongs to."),
  score: z.number().min(0).max(1).describe("Relevance from 0 to 1; higher is better."),
});
export type CopilotResult = z.infer<typeof CopilotResult>;

export const CopilotSearchResponse = z.object({
  query: z.string().describe("The query as searched."),
  results: z.array(CopilotResult).max(MAX_RESULTS).describe("Matching passages, best first, at most one per page."),
  spelling_corrections: z
    .record(z.string(), z.string())
    .describe("Words of the query the documents do not use, mapped to the word that was searched instead."),
  warnings: z.array(z.string()).describe("Collections that could not be searched, and why; empty when all were."),
});
export type CopilotSearchResponse = z.infer<typeof CopilotSearchResponse>;

/** "a b  c" cut to at most `max` characters at a word boundary, with an ellipsis when cut. */
export function snippetOf(text: string, max = SNIPPET_CHARS): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

export function toCopilotResult(chunk: Chunk, baseUrl: string): CopilotResult {
  const collection = String(chunk.metadata.collection_name ?? "");
  const fileId = String(chunk.metadata.file_id ?? "");
  const heading = typeof chunk.metadata.heading === "string" ? chunk.metadata.heading.trim() : "";
  const docTitle = documentTitle(chunk.file_name) || chunk.file_name;
  const showHeading = heading && heading.length <= 80 && !docTitle.toLowerCase().includes(heading.toLowerCase());
  return {
    title: showHeading ? `${docTitle}: ${heading}` : docTitle,
    snippet: snippetOf(chunk.content),
    citation: chunk.display_citation,
    url: documentUrl(collection, fileId, chunk.page_number, baseUrl),
    file_name: chunk.file_name,
    page_number: chunk.page_number,
    collection,
    score: Math.round(chunk.score * 1000) / 1000,
  };
}

/**
 * Searches the collections an admin published for Copilot (all of them, or those asked for), as
 * Copilot's scope. A signed-in person calling it reads no more than they may themselves: of those,
 * the ones they may read, searched as them.
 */
export async function copilotSearch(
  params: CopilotSearchParams,
  baseUrl: string,
  person: Principal | null = null,
): Promise<CopilotSearchResponse> {
  const offered = await publishedCollections();
  if (offered.length === 0) throw new AppError(503, "No collection is published for Copilot: an admin chooses them under Integrations.");
  const published = person ? await permittedCollections(person, offered) : offered;
  // A collection that exists but is not published (or not the person's to read) is as unknown as one that does not exist.
  const unknown = (params.collection ?? []).filter((name) => !published.includes(name));
  if (unknown.length) throw badRequest(`Unknown collection: ${unknown.join(", ")}. Available: ${published.join(", ") || "none"}`);
  if (published.length === 0) return { query: params.query, results: [], spelling_corrections: {}, warnings: [] };
  const found = await searchKnowledge({
    query: params.query,
    principal: person ?? COPILOT_PRINCIPAL,
    top: params.top,
    collections: params.collection ?? published,
  });
  if (everySearchFailed(found)) throw new AppError(503, `Search failed: ${found.failures[0].message}`);
  return {
    query: params.query,
    results: found.chunks.slice(0, MAX_RESULTS).map((chunk) => toCopilotResult(chunk, baseUrl)),
    spelling_corrections: found.corrections,
    warnings: found.failures.map((f) => `Collection ${f.name} could not be searched: ${f.message}`),
  };
}
