import { extractText, getDocumentProxy } from "unpdf";
import { IngestError } from "@/lib/errors";
import type { ParsedDocument } from "../types";
import { firstLine, reflowPdfPage } from "../pdf-reflow";

export const PDF_MIME_TYPE = "application/pdf";

/** pdf.js throws this (by name; the class is not exported) when a user password is required. */
export function isPasswordError(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return name === "PasswordException" || (typeof message === "string" && /\bpassword\b/i.test(message));
}

/** Text per page, 1-based, in page order. Pages without text are kept (as "") so numbering holds. */
export async function parsePdf(data: Uint8Array): Promise<ParsedDocument> {
  // pdf.js may detach the buffer it is given; hand it a copy so the caller's bytes stay usable.
  const pdf = await openPdf(data);
  let rawPages: string[];
  try {
    rawPages = (await extractText(pdf, { mergePages: false })).text;
  } catch (error) {
    throw toIngestError(error, data);
  } finally {
    await pdf.destroy().catch(() => undefined);
  }

  const pages = rawPages.map((raw, i) => ({
    pageNumber: i + 1,
    text: reflowPdfPage(raw, rawPages[i + 1] === undefined ? undefined : firstLine(rawPages[i + 1])),
  }));
  if (pages.every((page) => page.text === "")) {
    throw new IngestError("No text could be extracted from this PDF (it may be scanned images)");
  }
  return { pages, pageCount: pages.length, mimeType: PDF_MIME_TYPE };
}

async function openPdf(data: Uint8Array) {
  try {
    // verbosity 0: pdf.js otherwise prints font warnings ("TT: undefined function") to the console.
    return await getDocumentProxy(data.slice(), { verbosity: 0 });
  } catch (error) {
    throw toIngestError(error, data);
  }
}

/**
 * Any failure is reported as encryption or damage; the original error is kept as `cause` for logs.
 * Besides PasswordException, an /Encrypt entry means an encryption pdf.js cannot open
 * (e.g. certificate security), which the user also fixes by removing the protection.
 */
function toIngestError(error: unknown, data: Uint8Array): IngestError {
  const message =
    isPasswordError(error) || hasEncryptEntry(data)
      ? "This PDF is password-protected"
      : "This PDF is damaged or not a PDF";
  return Object.assign(new IngestError(message), { cause: error });
}

function hasEncryptEntry(data: Uint8Array): boolean {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).includes("/Encrypt");
}
