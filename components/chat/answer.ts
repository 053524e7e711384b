import { UNSUPPORTED_MARKER } from "@/lib/chat/answer-notes";
import type { CitationSource } from "@/lib/chat/schemas";

/**
 * Turns answer text into markdown whose citations are numbered links. Only brackets that
 * match a data point's citation become links; the model path's `[unsupported]` marker (a
 * citation the model made up) becomes a link to UNSUPPORTED_HREF, rendered as a warning;
 * while streaming, a half-written `[...` at the end is hidden so a citation never flashes as
 * raw text.
 */

export const CITATION_HREF_PREFIX = "#cite-";
export const UNSUPPORTED_HREF = "#unsupported";

export interface ParsedAnswer {
  markdown: string;
  /** Cited ids in order of first use; citation n is citations[n - 1]. */
  citations: string[];
}

export function parseAnswer(answer: string, knownCitations: readonly string[], streaming: boolean): ParsedAnswer {
  let text = answer.trim();
  if (streaming) text = withoutOpenBracket(text);
  const known = new Set(knownCitations);
  const citations: string[] = [];
  const markdown = text.replace(/\[([^\]\n]+)\](?!\()/g, (match, id: string) => {
    if (match === UNSUPPORTED_MARKER && !known.has(id)) return `[${id}](${UNSUPPORTED_HREF})`;
    if (!known.has(id)) return match;
    let n = citations.indexOf(id) + 1;
    if (n === 0) n = citations.push(id);
    return `[${n}](${CITATION_HREF_PREFIX}${n})`;
  });
  return { markdown, citations };
}

/** Drops a trailing `[` that has no `]` yet (a citation still being streamed). */
export function withoutOpenBracket(text: string): string {
  const open = text.lastIndexOf("[");
  return open !== -1 && text.indexOf("]", open) === -1 ? text.slice(0, open).trimEnd() : text;
}

/** The 1-based citation number a rendered link points at, or null for ordinary links. */
export function citationNumber(href: string | undefined): number | null {
  if (!href?.startsWith(CITATION_HREF_PREFIX)) return null;
  const n = Number(href.slice(CITATION_HREF_PREFIX.length));
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * The answer as Markdown to paste elsewhere: each citation a footnote (`[^1]`) whose note names
 * the file and page and links to it (absolute, from `origin`).
 */
export function answerForCopy(answer: string, sources: readonly CitationSource[], origin: string): string {
  const known = new Set(sources.map((s) => s.id));
  const cited: string[] = [];
  const body = answer.trim().replace(/\[([^\]\n]+)\](?!\()/g, (match, id: string) => {
    if (!known.has(id)) return match;
    let n = cited.indexOf(id) + 1;
    if (n === 0) n = cited.push(id);
    return `[^${n}]`;
  });
  if (!cited.length) return body;
  const notes = cited.map((id, i) => {
    const source = sources.find((s) => s.id === id)!;
    const where = source.locator ?? (source.page ? `page ${source.page}` : null);
    const label = where ? `${source.file_name}, ${where}` : source.file_name;
    return `[^${i + 1}]: ${source.url ? `[${label}](${new URL(source.url, origin).href})` : label}`;
  });
  return `${body}\n\n${notes.join("\n")}\n`;
}
