import { fileTypeFromBuffer } from "file-type";
import { IngestError } from "@/lib/errors";

/**
 * What a file's bytes say it is (magic bytes), independent of its name: file-type's short
 * name ("pdf", "docx", "png", "zip", "cfb", ...) or null when the bytes carry no signature
 * (plain text, CSV, HTML, JSON, Markdown).
 */
export async function sniffType(data: Uint8Array): Promise<string | null> {
  // file-type reads ZIP directories to tell DOCX/PPTX/XLSX apart; a damaged one must not throw.
  const found = await fileTypeFromBuffer(data).catch(() => undefined);
  return found?.ext ?? null;
}

const DESCRIPTIONS: Record<string, string> = {
  pdf: "a PDF",
  docx: "a Word document (DOCX)",
  pptx: "a PowerPoint deck (PPTX)",
  xlsx: "an Excel workbook (XLSX)",
  docm: "a Word document with macros (DOCM)",
  pptm: "a PowerPoint deck with macros (PPTM)",
  xlsm: "an Excel workbook with macros (XLSM)",
  odt: "an OpenDocument text (ODT)",
  ods: "an OpenDocument spreadsheet (ODS)",
  odp: "an OpenDocument presentation (ODP)",
  epub: "an EPUB e-book",
  rtf: "a Rich Text document (RTF)",
  zip: "a ZIP archive",
  cfb: "an Office 97–2003 or Outlook file, or a password-protected Office file",
  png: "a PNG image",
  jpg: "a JPEG image",
  webp: "a WebP image",
  gif: "a GIF image",
  tif: "a TIFF image",
  bmp: "a BMP image",
  xml: "an XML file",
};

/** "a PDF", "a ZIP archive", "plain text", "a MP4 file" for a sniffed type. */
export function describeType(sniffed: string | null): string {
  if (sniffed === null) return "text or an unknown type";
  return DESCRIPTIONS[sniffed] ?? `a ${sniffed.toUpperCase()} file`;
}

/** Width × height of a PNG, JPEG or WebP from its header, without decoding it; null if unreadable. */
export function imageSize(data: Uint8Array, type: string): { width: number; height: number } | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  try {
    if (type === "png") return { width: view.getUint32(16), height: view.getUint32(20) };
    if (type === "webp") return webpSize(data, view);
    if (type === "jpg") return jpegSize(data, view);
  } catch {
    return null;
  }
  return null;
}

function jpegSize(data: Uint8Array, view: DataView): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < data.byteLength) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1];
    // Start-of-frame markers C0-CF, except DHT (C4), JPG (C8) and DAC (CC), hold the size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    at += 2 + view.getUint16(at + 2);
  }
  return null;
}

function webpSize(data: Uint8Array, view: DataView): { width: number; height: number } | null {
  const chunk = new TextDecoder().decode(data.subarray(12, 16));
  if (chunk === "VP8X") return { width: 1 + (view.getUint32(24, true) & 0xffffff), height: 1 + (view.getUint32(27, true) & 0xffffff) };
  if (chunk === "VP8L") {
    const bits = view.getUint32(21, true);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === "VP8 ") return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  return null;
}

/** Most pixels an image may have to be OCR'd (a 8000 × 5000 scan; larger ones are decompression bombs or posters). */
export const MAX_IMAGE_PIXELS = 40_000_000;

export function assertImageSize(data: Uint8Array, type: string, label: string): { width: number; height: number } {
  const size = imageSize(data, type);
  if (!size || size.width < 1 || size.height < 1) throw new IngestError(`This ${label} image is damaged (its size cannot be read)`);
  if (size.width * size.height > MAX_IMAGE_PIXELS) {
    throw new IngestError(
      `This image is ${size.width} × ${size.height} pixels, more than the ${MAX_IMAGE_PIXELS / 1_000_000} megapixels that can be read; scale it down and upload it again`,
    );
  }
  return size;
}
