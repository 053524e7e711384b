/** Whitespace clean-up shared by all formats, so chunk text and token counts are not inflated. */

// Unicode spaces (NBSP, thin space, ...) become plain spaces; zero-width marks and stray control
// characters are dropped (they only confuse tokenisers and search).
const UNICODE_SPACES = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;
const INVISIBLES = /[\u00ad\u200b-\u200d\u2060\ufeff\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g;

export interface NormalizeOptions {
  /** Keep leading indentation (meaningful in Markdown: code blocks, nested lists). */
  keepIndent?: boolean;
}

/**
 * Unify line endings, collapse runs of spaces/tabs, trim line ends and keep at most one blank
 * line between paragraphs (paragraph breaks matter to the chunker, extra ones do not).
 */
export function normalizeWhitespace(text: string, options: NormalizeOptions = {}): string {
  const lines = text
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, "\n")
    .replace(UNICODE_SPACES, " ")
    .replace(INVISIBLES, "")
    .split("\n");
  const out = lines.map((line) => {
    const indent = options.keepIndent ? (/^[ \t]*/.exec(line)?.[0] ?? "").replace(/\t/g, "    ") : "";
    const body = line.trim().replace(/[ \t]+/g, " ");
    return body ? indent + body : "";
  });
  return out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/^\n+|\n+$/g, "");
}
