import { IngestError } from "@/lib/errors";
import { captionImage } from "@/lib/models/vision";
import type { ParsedDocument } from "../types";
import { assertImageSize } from "../sniff";
import { ocrPool } from "../workers/ocr-pool";
import { ocrNote, readScans, type OcrPage } from "../ocr";

export const IMAGE_MIME_TYPES = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" } as const;
export type ImageKind = keyof typeof IMAGE_MIME_TYPES;

/**
 * A picture (PNG, JPEG, WebP): one image page whose text is what OCR reads in it (possibly
 * nothing, for a photo: the image is still stored and found by its file name), after a caption
 * from the vision model when one is configured.
 */
export async function parseImage(data: Uint8Array, kind: ImageKind): Promise<ParsedDocument> {
  assertImageSize(data, kind, kind.toUpperCase());
  const [[ocr], caption] = await Promise.all([ocrTexts([data]), captionImage(data, IMAGE_MIME_TYPES[kind])]);
  const text = [caption && `Image: ${caption}`, ocr.text].filter(Boolean).join("\n\n");
  const note = ocrNote([ocr]);
  return {
    pages: [{ pageNumber: null, text, contentType: "image", contentSubtype: kind }],
    pageCount: null,
    mimeType: IMAGE_MIME_TYPES[kind],
    ...(note ? { notes: [note] } : {}),
  };
}

/** OCR of images (one picture, a TIFF's pages) through the shared pool, with the errors a user can read. */
export async function ocrTexts(images: Uint8Array[]): Promise<OcrPage[]> {
  const pool = ocrPool();
  if (!pool) throw new IngestError("Text recognition (OCR) is switched off on this server (OCR_WORKERS=0)");
  const results = await readScans(pool, images);
  const failed = results.find((r) => r.status === "rejected");
  if (!failed) return results.map((r) => (r as PromiseFulfilledResult<OcrPage>).value);
  const error: unknown = failed.reason;
  if (error instanceof Error && error.name === "OcrTimeoutError") {
    throw Object.assign(new IngestError("Reading the text in this image took too long; it may be damaged or unusually large"), {
      cause: error,
    });
  }
  throw Object.assign(new IngestError("The text in this image could not be read; it may be damaged"), { cause: error });
}
