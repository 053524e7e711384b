import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { IngestError } from "@/lib/errors";
import { normalizeWhitespace } from "../normalize";
import type { ParsedDocument, ParsedPage, ParsedTable } from "../types";
import { decodeText, looksBinary } from "./text";
import { renderTable, tableFromGrid, tablePage } from "./table";

export const HTML_MIME_TYPE = "text/html";

/** Parts of a web page that are never its content; dropped before the main content is chosen. */
const CHROME = [
  "script, style, noscript, template, svg, canvas, iframe, form, nav, aside, footer, button, dialog, [hidden]",
  "[role=navigation], [role=banner], [role=contentinfo], [role=complementary], [role=search], [role=dialog], [aria-hidden=true]",
  // Documentation sites (mdBook, Sphinx, MkDocs, Docusaurus): keyboard help, menus, tables of
  // contents, breadcrumbs, "edit this page", previous/next links, permalink marks.
  "[id$=help-container], [class*=help-popup], .sidebar, .toc, #toc, .breadcrumb, .breadcrumbs, .pagination, .pagination-nav, .nav-wrapper",
  ".headerlink, .hash-link, .anchor-link, .skip-link, .sr-only, .visually-hidden, .edit-this-page, .theme-edit-this-page, .theme-doc-footer",
  ".md-sidebar, .md-header, .md-footer, .wy-nav-side, .rst-versions, .related, .sphinxsidebar, .mobile-nav-tabs, .menu-bar, .nav-chapters",
].join(", ");
const BLOCKS = new Set([
  "P",
  "DIV",
  "SECTION",
  "ARTICLE",
  "MAIN",
  "HEADER",
  "BLOCKQUOTE",
  "FIGURE",
  "FIGCAPTION",
  "DL",
  "DT",
  "DD",
  "ADDRESS",
  "DETAILS",
  "SUMMARY",
  "UL",
  "OL",
  "HR",
  "BR",
]);

/**
 * A web page: its main content only (Mozilla Readability, as Firefox's Reader View picks it),
 * not its navigation, sidebars or footer. Headings become Markdown headings, so chunks carry
 * their section as context; tables become table pages.
 */
export function parseHtml(data: Uint8Array): ParsedDocument {
  const html = decodeText(data);
  if (looksBinary(html)) throw new IngestError("This file is damaged or is not an HTML page");
  const { document } = parseHTML(html);
  for (const node of document.querySelectorAll(CHROME)) node.remove();
  const title = document.querySelector("title")?.textContent?.trim() ?? "";
  // Readability changes the document it reads; its result is the main content's HTML.
  const article = new Readability(document as unknown as Document, { charThreshold: 100 }).parse();
  const content = article?.content
    ? parseHTML(`<html><body>${article.content}</body></html>`).document.body
    : parseHTML(html).document.body;
  const pages = htmlPages(content as unknown as Element, { subtype: "html", title: article?.title || title });
  return htmlDocument(pages, HTML_MIME_TYPE);
}

export function htmlDocument(pages: ParsedPage[], mimeType: string): ParsedDocument {
  if (pages.length === 0) throw new IngestError("No text could be extracted from this file");
  return { pages, pageCount: null, mimeType, markdownHeadings: true };
}

/**
 * Walks HTML (a page's main content, or what mammoth makes of a DOCX) into pages: runs of text
 * with `#` headings, and one table page per table, each knowing the heading above it.
 */
export function htmlPages(root: Element, options: { subtype: string; title?: string }): ParsedPage[] {
  const pages: ParsedPage[] = [];
  let lines: string[] = [];
  let heading: string | undefined = options.title || undefined;
  let line = "";
  const flushLine = () => {
    const text = line.replace(/\s+/g, " ").trim();
    if (text) lines.push(text);
    line = "";
  };
  const flushText = () => {
    flushLine();
    const text = normalizeWhitespace(lines.join("\n\n"), { keepIndent: true });
    if (text) pages.push({ pageNumber: null, text, heading, contentSubtype: options.subtype });
    lines = [];
  };
  const walk = (node: Node, listDepth: number): void => {
    if (node.nodeType === 3) {
      line += node.textContent ?? "";
      return;
    }
    if (node.nodeType !== 1) return;
    const el = node as Element;
    const tag = el.tagName.toUpperCase();
    const level = /^H([1-6])$/.exec(tag)?.[1];
    if (level) {
      flushLine();
      const text = (el.textContent ?? "").replace(/\s+/g, " ").trim();
      if (!text) return;
      flushText();
      heading = text;
      lines.push(`${"#".repeat(Number(level))} ${text}`);
      return;
    }
    if (tag === "TABLE") {
      const table = readTable(el);
      if (!table) return;
      flushText();
      pages.push(tablePage(table, { pageNumber: null, heading, subtype: options.subtype }));
      return;
    }
    if (tag === "PRE") {
      // Code keeps its lines and indentation, fenced so the chunker never takes a line for a heading.
      flushLine();
      const code = (el.textContent ?? "").replace(/\r\n?/g, "\n").replace(/^\n+|\s+$/g, "");
      if (code) lines.push(`\`\`\`\n${code}\n\`\`\``);
      return;
    }
    if (tag === "IMG") {
      const alt = el.getAttribute("alt")?.trim();
      if (alt) line += ` ${alt} `;
      return;
    }
    if (tag === "LI") {
      flushLine();
      line = `${"  ".repeat(Math.max(0, listDepth - 1))}- `;
      for (const child of el.childNodes) walk(child, listDepth);
      flushLine();
      return;
    }
    const block = BLOCKS.has(tag);
    if (block) flushLine();
    const depth = tag === "UL" || tag === "OL" ? listDepth + 1 : listDepth;
    for (const child of el.childNodes) walk(child, depth);
    if (block) flushLine();
  };
  walk(root, 0);
  flushText();
  return pages;
}

/** A table's rows as text under its header row (found as in a spreadsheet: title rows above it skipped). Null when empty. */
function readTable(table: Element): ParsedTable | null {
  const grid = [...table.querySelectorAll("tr")]
    // Rows of a table nested inside this one belong to that table.
    .filter((tr) => tr.closest("table") === table)
    .map((tr) => [...tr.children].filter((c) => c.tagName === "TD" || c.tagName === "TH").map(cellText))
    .filter((cells) => cells.some(Boolean));
  if (grid.length === 0) return null;
  const { table: read } = tableFromGrid(grid, []);
  return { columns: read.columns, rows: read.rows };
}

/**
 * A cell's text with its paragraphs, line breaks and list items apart ("Alpha Beta", not
 * "AlphaBeta"); a table nested in it reads as its rows ("Item: Bolt; Count: 4.").
 */
function cellText(cell: Element): string {
  let out = "";
  const walk = (node: Node) => {
    if (node.nodeType === 3) out += node.textContent ?? "";
    if (node.nodeType !== 1) return;
    const el = node as Element;
    if (el.tagName === "TABLE") {
      const nested = readTable(el);
      if (nested) out += ` ${renderTable(nested.columns, nested.rows).replace(/\n/g, " ")} `;
      return;
    }
    const apart = BLOCKS.has(el.tagName) || el.tagName === "LI" || el.tagName === "TD" || el.tagName === "TH" || el.tagName === "TR";
    if (apart) out += " ";
    for (const child of el.childNodes) walk(child);
    if (apart) out += " ";
  };
  for (const child of cell.childNodes) walk(child);
  return out.replace(/\s+/g, " ").trim();
}
