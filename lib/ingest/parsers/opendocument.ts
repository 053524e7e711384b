import { unzipSync } from "fflate";
import { DOMParser, parseHTML } from "linkedom";
import { IngestError } from "@/lib/errors";
import { normalizeWhitespace } from "../normalize";
import type { ParsedDocument, ParsedPage } from "../types";
import { htmlDocument, htmlPages } from "./html";

export const ODT_MIME_TYPE = "application/vnd.oasis.opendocument.text";
export const ODP_MIME_TYPE = "application/vnd.oasis.opendocument.presentation";

/**
 * OpenDocument text (.odt) and presentations (.odp), read from their content.xml (the format's
 * one XML part for the body; spreadsheets go through SheetJS, ./spreadsheet.ts). The caller
 * has checked the archive (zip-guard) before this runs.
 */
export function parseOdt(data: Uint8Array): ParsedDocument {
  const body = contentBody(data, "OpenDocument text", "office:text");
  // Rewritten as HTML, then read like a Word document: headings, lists and tables kept.
  const html = parseXmlAsHtml(body);
  return htmlDocument(htmlPages(html, { subtype: "odt" }), ODT_MIME_TYPE);
}

/** One page per slide (draw:page), its title frame the heading, then its other frames and the speaker notes. */
export function parseOdp(data: Uint8Array): ParsedDocument {
  const body = contentBody(data, "OpenDocument presentation", "office:presentation");
  const slides = [...body.getElementsByTagName("draw:page")];
  if (slides.length === 0) throw new IngestError("This OpenDocument presentation has no slides");
  const pages: ParsedPage[] = slides.map((slide, i) => {
    let title = "";
    const parts: string[] = [];
    const notes: string[] = [];
    for (const frame of slide.getElementsByTagName("draw:frame")) {
      const text = blockText(frame);
      if (!text) continue;
      if (insideNotes(frame)) notes.push(text);
      else if (!title && frame.getAttribute("presentation:class") === "title") title = text.replace(/\s+/g, " ");
      else parts.push(text);
    }
    const text = normalizeWhitespace([title, ...parts, notes.length ? `Notes: ${notes.join("\n")}` : ""].filter(Boolean).join("\n\n"));
    return { pageNumber: i + 1, text, locator: `slide ${i + 1}`, heading: title || null, contentSubtype: "odp" };
  });
  return { pages, pageCount: pages.length, mimeType: ODP_MIME_TYPE };
}

function insideNotes(node: Element): boolean {
  for (let at = node.parentElement; at; at = at.parentElement) if (at.tagName === "presentation:notes") return true;
  return false;
}

function contentBody(data: Uint8Array, label: string, bodyTag: string): Element {
  let xml: string;
  try {
    const content = unzipSync(data, { filter: (file) => file.name === "content.xml" })["content.xml"];
    if (!content) throw new Error("content.xml is missing");
    xml = new TextDecoder().decode(content);
  } catch (error) {
    throw Object.assign(new IngestError(`This ${label} file is damaged and cannot be read`), { cause: error });
  }
  const doc = new DOMParser().parseFromString(xml, "text/xml") as unknown as Document;
  const body = doc.getElementsByTagName(bodyTag)[0];
  if (!body) throw new IngestError(`This ${label} file is damaged (it has no ${bodyTag} body)`);
  return body;
}

/** Paragraphs of a frame (or any part), one per line; spaces, tabs and line breaks as written. */
function blockText(node: Element): string {
  return [...node.getElementsByTagName("text:p"), ...node.getElementsByTagName("text:h")]
    .map((p) => inlineText(p).trim())
    .filter(Boolean)
    .join("\n");
}

function inlineText(node: Node): string {
  let out = "";
  for (const child of node.childNodes) {
    if (child.nodeType === 3) out += child.textContent ?? "";
    else if (child.nodeType === 1) {
      const tag = (child as Element).tagName;
      if (tag === "text:s") out += " ".repeat(Number((child as Element).getAttribute("text:c") ?? 1));
      else if (tag === "text:tab") out += "\t";
      else if (tag === "text:line-break") out += "\n";
      else if (tag !== "text:note" && tag !== "office:annotation") out += inlineText(child);
    }
  }
  return out;
}

const HTML_TAGS: Record<string, string> = {
  "text:p": "p",
  "text:list": "ul",
  "text:list-item": "li",
  "table:table": "table",
  "table:table-row": "tr",
  "table:table-cell": "td",
  "table:covered-table-cell": "td",
  "text:section": "div",
};

/** The ODF body as an HTML element tree htmlPages can walk (headings by outline level). */
function parseXmlAsHtml(body: Element): Element {
  const html = (node: Element): string => {
    let out = "";
    for (const child of node.childNodes) {
      if (child.nodeType === 3) out += escapeHtml(child.textContent ?? "");
      if (child.nodeType !== 1) continue;
      const el = child as Element;
      const tag = el.tagName;
      if (tag === "text:h") {
        const level = Math.min(6, Math.max(1, Number(el.getAttribute("text:outline-level") ?? 1)));
        out += `<h${level}>${escapeHtml(inlineText(el))}</h${level}>`;
      } else if (tag === "text:p") {
        const text = escapeHtml(inlineText(el)).replace(/\n/g, "<br>");
        // A list item's paragraph is the item's text (a <p> inside <li> would part it from its dash).
        out += node.tagName === "text:list-item" ? `${text} ` : `<p>${text}</p>`;
      } else if (HTML_TAGS[tag]) {
        // A repeated cell stands for several (the same value in each column it spans).
        const repeat = tag === "table:table-cell" ? Math.min(64, Number(el.getAttribute("table:number-columns-repeated") ?? 1)) : 1;
        out += `<${HTML_TAGS[tag]}>${html(el)}</${HTML_TAGS[tag]}>`.repeat(repeat);
      } else if (
        tag !== "office:annotation" &&
        !tag.startsWith("office:forms") &&
        tag !== "text:sequence-decls" &&
        tag !== "text:tracked-changes"
      )
        out += html(el);
    }
    return out;
  };
  return parseHTML(`<html><body>${html(body)}</body></html>`).document.body as unknown as Element;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
