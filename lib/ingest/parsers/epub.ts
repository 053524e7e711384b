import { unzipSync } from "fflate";
import { DOMParser, parseHTML } from "linkedom";
import { IngestError } from "@/lib/errors";
import type { ParsedPage } from "../types";
import type { ParsedDocument } from "../types";
import { htmlDocument, htmlPages } from "./html";

export const EPUB_MIME_TYPE = "application/epub+zip";

/**
 * An e-book: its chapters (the OPF package's spine, in reading order) read as web pages are,
 * headings kept. The caller has checked the archive (zip-guard) before this runs.
 */
export function parseEpub(data: Uint8Array): ParsedDocument {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(data);
  } catch (error) {
    throw Object.assign(new IngestError("This EPUB file is damaged and cannot be read"), { cause: error });
  }
  const text = (name: string) => (files[name] ? new TextDecoder().decode(files[name]) : undefined);
  const container = xml(text("META-INF/container.xml"));
  const opfPath = container?.getElementsByTagName("rootfile")[0]?.getAttribute("full-path");
  const opf = opfPath ? xml(text(opfPath)) : null;
  if (!opfPath || !opf) throw new IngestError("This EPUB file is damaged (its package document is missing)");
  const base = opfPath.includes("/") ? opfPath.slice(0, opfPath.lastIndexOf("/") + 1) : "";
  const manifest = new Map([...opf.getElementsByTagName("item")].map((item) => [item.getAttribute("id"), item.getAttribute("href")]));
  const pages: ParsedPage[] = [];
  for (const ref of opf.getElementsByTagName("itemref")) {
    const href = manifest.get(ref.getAttribute("idref"));
    const chapter = href ? text(resolve(base, decodeURIComponent(href.split("#")[0]))) : undefined;
    if (!chapter) continue;
    const body = parseHTML(chapter).document.body as unknown as Element | null;
    if (body) pages.push(...htmlPages(body, { subtype: "epub" }));
  }
  return htmlDocument(pages, EPUB_MIME_TYPE);
}

function xml(source: string | undefined): Document | null {
  return source ? (new DOMParser().parseFromString(source, "text/xml") as unknown as Document) : null;
}

function resolve(base: string, href: string): string {
  const out: string[] = [];
  for (const part of (base + href).split("/")) {
    if (part === "..") out.pop();
    else if (part !== "." && part !== "") out.push(part);
  }
  return out.join("/");
}
