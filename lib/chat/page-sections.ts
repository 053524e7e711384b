import { isHeadingLine, looksLikeBody, looksLikeTitle, markdownHeading } from "@/lib/ingest/headings";

/** A stretch of a page under one heading. */
export interface PageSection {
  heading: string;
  text: string;
}

/** "What is Covered?", "How Do I File a Claim?": a heading that is a short question. */
const QUESTION_HEADING = /^(what|how|who|when|where|which|why|can|do|does|is|are)\b[^.!:;]{0,70}\?$/i;

function headingOf(lines: readonly string[], i: number): string | null {
  const [previous, line, next] = [lines[i - 1], lines[i], lines[i + 1]];
  const markdown = markdownHeading(line);
  if (markdown) return markdown;
  if (isHeadingLine(line, previous, next)) return line.trim();
  // The first of stacked headings ("Performance Reviews" above "Performance Reviews at Zava").
  if (looksLikeTitle(line) && next !== undefined && isHeadingLine(next, line, lines[i + 2])) return line.trim();
  const trimmed = line.trim();
  const capitalised = /^\p{Lu}/u.test(trimmed);
  return capitalised && QUESTION_HEADING.test(trimmed) && next !== undefined && looksLikeBody(next) ? trimmed : null;
}

/**
 * A page's text cut at its headings, in order. Text before the first heading belongs to
 * `carried` (the heading a passage continues under), when known. A heading repeated (each
 * passage restates its heading) continues its section.
 */
export function pageSections(text: string, carried: string | null = null): PageSection[] {
  const lines = text.split("\n").filter((l) => l.trim());
  const sections: PageSection[] = [];
  let current: PageSection | null = carried ? { heading: carried, text: "" } : null;
  lines.forEach((line, i) => {
    const heading = headingOf(lines, i);
    if (heading && heading !== current?.heading) {
      const earlier = sections.find((s) => s.heading === heading);
      if (current && !sections.includes(current)) sections.push(current);
      current = earlier ?? { heading, text: "" };
      return;
    }
    if (heading) return;
    if (current) current.text = current.text ? `${current.text}\n${line.trim()}` : line.trim();
  });
  if (current && !sections.includes(current)) sections.push(current);
  return sections;
}
