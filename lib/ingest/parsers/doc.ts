import WordExtractor from "word-extractor";
import { IngestError } from "@/lib/errors";
import { normalizeWhitespace } from "../normalize";
import type { ParsedDocument } from "../types";

export const DOC_MIME_TYPE = "application/msword";

/**
 * A Word 97–2003 document (.doc) through word-extractor (pure JS): its body text, then its
 * footnotes and endnotes. The binary format keeps no heading marks word-extractor reads, so
 * headings are guessed from the text's shape by the chunker, as for plain text.
 */
export async function parseDoc(data: Uint8Array): Promise<ParsedDocument> {
  let parts: string[];
  try {
    const doc = await new WordExtractor().extract(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    parts = [doc.getBody(), doc.getFootnotes(), doc.getEndnotes()];
  } catch (error) {
    // A password is told before this parser runs, from the file's FIB (lib/ingest/encryption.ts).
    throw Object.assign(new IngestError("This Word document is damaged and cannot be read"), { cause: error });
  }
  const text = normalizeWhitespace(parts.filter((p) => p.trim()).join("\n\n"));
  if (!text) throw new IngestError("No text could be extracted from this file");
  return { pages: [{ pageNumber: null, text, contentSubtype: "doc" }], pageCount: null, mimeType: DOC_MIME_TYPE };
}
