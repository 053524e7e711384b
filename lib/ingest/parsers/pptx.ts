import JSZip from "jszip";
import { IngestError } from "@/lib/errors";
import { normalizeWhitespace } from "../normalize";
import type { ParsedDocument, ParsedPage } from "../types";
import { tableFromGrid, tablePage } from "./table";

export const PPTX_MIME_TYPE = "application/vnd.openxmlformats-officedocument.presentationml.presentation";
/** Same package with macros (never run: only the slide parts are read). */
export const PPTM_MIME_TYPE = "application/vnd.ms-powerpoint.presentation.macroEnabled.12";

/**
 * A PowerPoint deck: one page per slide, in the deck's order (numbered as PowerPoint numbers
 * them, so a citation says "slide N"), the slide's title as the page's heading, its text in
 * reading order, table rows as lines, and the speaker notes after it. The caller has checked
 * the archive (zip-guard) before this runs.
 */
export async function parsePptx(data: Uint8Array): Promise<ParsedDocument> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(data);
  } catch (error) {
    throw Object.assign(new IngestError("This PowerPoint file is damaged and cannot be read"), { cause: error });
  }
  const slidePaths = await slideOrder(zip);
  if (slidePaths.length === 0) throw new IngestError("This PowerPoint file has no slides");
  const pages: ParsedPage[] = [];
  for (const [i, slidePath] of slidePaths.entries()) {
    const xml = await zip.file(slidePath)?.async("string");
    if (xml === undefined) continue;
    const { title, body, tables } = slideText(xml);
    const notesPath = (await relationships(zip, slidePath)).find((r) => r.type.endsWith("/notesSlide"))?.target;
    const notes = notesPath ? notesText((await zip.file(notesPath)?.async("string")) ?? "") : "";
    const text = normalizeWhitespace([title, body, notes && `Notes: ${notes}`].filter(Boolean).join("\n\n"));
    const where = { pageNumber: i + 1, locator: `slide ${i + 1}` };
    pages.push({ ...where, text, heading: title || null, contentSubtype: "pptx" });
    // A slide's tables are tables (rows under their header), cited as the slide, headed by its
    // title (or, untitled, its first short line: a lone line would otherwise be dropped as a heading).
    const label =
      title ||
      body
        .split("\n")
        .find((line) => line.trim() && line.length <= 80)
        ?.trim();
    for (const grid of tables) {
      const { table, caption } = tableFromGrid(grid, []);
      pages.push(
        tablePage(
          { columns: table.columns, rows: table.rows },
          { ...where, heading: [label, caption].filter(Boolean).join(" — ") || undefined, subtype: "pptx" },
        ),
      );
    }
  }
  return { pages, pageCount: new Set(pages.map((p) => p.pageNumber)).size, mimeType: PPTX_MIME_TYPE };
}

interface Relationship {
  id: string;
  type: string;
  /** Resolved to a path inside the archive. */
  target: string;
}

/** Slide part paths in presentation order (presentation.xml's sldIdLst through its relationships). */
async function slideOrder(zip: JSZip): Promise<string[]> {
  const presentation = await zip.file("ppt/presentation.xml")?.async("string");
  if (!presentation) throw new IngestError("This PowerPoint file is damaged (ppt/presentation.xml is missing)");
  const rels = new Map((await relationships(zip, "ppt/presentation.xml")).map((r) => [r.id, r.target]));
  const ids = [...presentation.matchAll(/<p:sldId\b[^>]*\br:id="([^"]+)"/g)].map((m) => m[1]);
  return ids.map((id) => rels.get(id)).filter((p): p is string => Boolean(p));
}

async function relationships(zip: JSZip, partPath: string): Promise<Relationship[]> {
  const dir = partPath.slice(0, partPath.lastIndexOf("/") + 1);
  const relsPath = `${dir}_rels/${partPath.slice(dir.length)}.rels`;
  const xml = (await zip.file(relsPath)?.async("string")) ?? "";
  return [...xml.matchAll(/<Relationship\b([^>]*)\/?>/g)].map((m) => {
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(m[1])?.[1] ?? "";
    return { id: attr("Id"), type: attr("Type"), target: resolvePath(dir, decodeXml(attr("Target"))) };
  });
}

function resolvePath(dir: string, target: string): string {
  const parts = (target.startsWith("/") ? target.slice(1) : dir + target).split("/");
  const out: string[] = [];
  for (const part of parts) {
    if (part === "..") out.pop();
    else if (part !== ".") out.push(part);
  }
  return out.join("/");
}

/** Title placeholder text, every other shape's paragraphs, and the tables' cells row by row. */
function slideText(xml: string): { title: string; body: string; tables: string[][][] } {
  let title = "";
  const body: string[] = [];
  const tables: string[][][] = [];
  // Shapes (p:sp) and graphic frames (tables) in document order, i.e. the slide's reading order.
  for (const [shape] of xml.matchAll(/<p:sp\b[\s\S]*?<\/p:sp>|<p:graphicFrame\b[\s\S]*?<\/p:graphicFrame>/g)) {
    if (shape.startsWith("<p:graphicFrame")) {
      const rows = [...shape.matchAll(/<a:tr\b[\s\S]*?<\/a:tr>/g)].map(([row]) =>
        [...row.matchAll(/<a:tc\b[\s\S]*?<\/a:tc>/g)].map(([cell]) => paragraphs(cell).join(" ")),
      );
      if (rows.some((row) => row.some((cell) => cell.trim()))) tables.push(rows);
      continue;
    }
    const text = paragraphs(shape).join("\n");
    if (!text.trim()) continue;
    if (!title && /<p:ph\b[^>]*type="(?:title|ctrTitle)"/.test(shape)) title = text.replace(/\s+/g, " ").trim();
    else body.push(text);
  }
  return { title, body: body.join("\n\n"), tables };
}

/** Speaker notes: the notes page's body placeholder (not its slide image or number). */
function notesText(xml: string): string {
  const shapes = [...xml.matchAll(/<p:sp\b[\s\S]*?<\/p:sp>/g)].map(([s]) => s);
  return shapes
    .filter((s) => /<p:ph\b[^>]*type="body"/.test(s))
    .map((s) => paragraphs(s).join("\n"))
    .join("\n")
    .trim();
}

function paragraphs(xml: string): string[] {
  return [...xml.matchAll(/<a:p\b[\s\S]*?<\/a:p>|<a:p\/>/g)]
    .map(([p]) =>
      [...p.matchAll(/<a:t(?:\s[^>]*)?>([^<]*)<\/a:t>|<a:br\b[^>]*>/g)].map((m) => (m[1] === undefined ? "\n" : decodeXml(m[1]))).join(""),
    )
    .filter((t) => t.trim() !== "");
}

export function decodeXml(text: string): string {
  return text.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(amp|lt|gt|quot|apos));/gi, (_, hex: string, dec: string, name: string) => {
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    if (dec) return String.fromCodePoint(parseInt(dec, 10));
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[name.toLowerCase() as "amp"];
  });
}
