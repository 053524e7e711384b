import mammoth from "mammoth";
import { parseHTML } from "linkedom";
import { IngestError } from "@/lib/errors";
import type { ParsedDocument } from "../types";
import { htmlDocument, htmlPages } from "./html";

export const DOCX_MIME_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
/** Same package with macros (never run: mammoth reads the document part only). */
export const DOCM_MIME_TYPE = "application/vnd.ms-word.document.macroEnabled.12";

/**
 * A Word document through mammoth: its heading styles become headings (kept as each chunk's
 * context), its tables table pages. Images are left out (their bytes would only bloat the HTML).
 * The caller has checked the archive (zip-guard) before this runs.
 */
export async function parseDocx(data: Uint8Array): Promise<ParsedDocument> {
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(data.buffer, data.byteOffset, data.byteLength) },
      // A document's Title style is its first heading, not a one-line paragraph.
      { convertImage: mammoth.images.imgElement(async () => ({ src: "" })), styleMap: ["p[style-name='Title'] => h1:fresh"] },
    );
    html = result.value;
  } catch (error) {
    throw Object.assign(new IngestError("This Word document is damaged and cannot be read"), { cause: error });
  }
  const { document } = parseHTML(`<html><body>${html}</body></html>`);
  return htmlDocument(htmlPages(document.body as unknown as Element, { subtype: "docx" }), DOCX_MIME_TYPE);
}
