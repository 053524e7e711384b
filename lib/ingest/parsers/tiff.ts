import { PNG } from "pngjs";
import * as UTIF from "utif2";
import { config } from "@/lib/config";
import { IngestError } from "@/lib/errors";
import { MAX_IMAGE_PIXELS } from "../sniff";
import type { ParsedDocument, ParsedPage } from "../types";
import { ocrNote } from "../ocr";
import { ocrTexts } from "./image";

export const TIFF_MIME_TYPE = "image/tiff";

/**
 * A TIFF, often a multi-page scan (fax, a scanner's output): each page decoded by utif2 (pure
 * JS), handed to OCR as PNG and cited by its page number. Reduced-resolution copies (thumbnails)
 * are skipped; pages past OCR_MAX_PAGES are left out, as for scanned PDFs.
 */
export async function parseTiff(data: Uint8Array): Promise<ParsedDocument> {
  const buffer = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
  let ifds: UTIF.IFD[];
  try {
    // NewSubfileType bit 0: a reduced-resolution copy of another page.
    ifds = UTIF.decode(buffer).filter((ifd) => !(Number((ifd.t254 as number[] | undefined)?.[0] ?? 0) & 1));
  } catch (error) {
    throw Object.assign(new IngestError("This TIFF image is damaged and cannot be read"), { cause: error });
  }
  if (ifds.length === 0) throw new IngestError("This TIFF image has no pages");
  const pages = ifds.slice(0, Math.max(1, config().ocrMaxPages));
  const read = await ocrTexts(pages.map((ifd, i) => pagePng(buffer, ifd, i + 1)));
  const parsed: ParsedPage[] = read.map(({ text }, i) => ({ pageNumber: i + 1, text, contentSubtype: "ocr" }));
  if (parsed.every((p) => p.text === "")) throw new IngestError("No text could be read in this TIFF image");
  const note = ocrNote(read);
  return { pages: parsed, pageCount: ifds.length, mimeType: TIFF_MIME_TYPE, ...(note ? { notes: [note] } : {}) };
}

function pagePng(buffer: ArrayBuffer, ifd: UTIF.IFD, page: number): Uint8Array {
  const width = Number((ifd.t256 as number[] | undefined)?.[0] ?? 0);
  const height = Number((ifd.t257 as number[] | undefined)?.[0] ?? 0);
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new IngestError(
      `Page ${page} of this TIFF is ${width} × ${height} pixels, more than the ${MAX_IMAGE_PIXELS / 1_000_000} megapixels that can be read`,
    );
  }
  try {
    UTIF.decodeImage(buffer, ifd);
    const png = new PNG({ width: ifd.width, height: ifd.height });
    png.data = Buffer.from(UTIF.toRGBA8(ifd));
    return new Uint8Array(PNG.sync.write(png));
  } catch (error) {
    throw Object.assign(new IngestError(`Page ${page} of this TIFF image is damaged and cannot be read`), { cause: error });
  }
}
