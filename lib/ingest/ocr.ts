import { LANGUAGE_NAMES, detectLanguage, type Lang } from "@/lib/text/language";
import { normalizeWhitespace } from "./normalize";
import { ocrReadingOrder } from "./ocr-layout";
import { reflowPdfPage } from "./pdf-reflow";
import type { OcrLanguage, OcrPool, OcrResult } from "./workers/ocr-pool";

/**
 * One scanned page (an image, a TIFF page, a PDF page without text) read by OCR, in its language
 * where a model for it ships with the app: read with the English model first, and again with the
 * French one when that text reads as French (the English model drops or misreads é, è, ç, à).
 * Other languages keep the English reading, which a note on the file points out.
 */

/** Tesseract's model for each language the product knows that has one here. */
const MODELS: Partial<Record<Lang, OcrLanguage>> = { en: "eng", fr: "fra" };

export interface OcrPage {
  text: string;
  /** The language the text reads as (English when unsure). */
  language: Lang;
}

export async function readScan(pool: OcrPool, image: Uint8Array): Promise<OcrPage> {
  const english = cleanOcrText(await pool.recognize(image, "eng"));
  const language = detectLanguage(english);
  const model = MODELS[language];
  if (!model || model === "eng") return { text: english, language };
  return { text: cleanOcrText(await pool.recognize(image, model)), language };
}

/**
 * What the file's reader should know when some pages read as a language OCR has no model for
 * here: their words may be misread (accents, letters English does not have). Null otherwise.
 */
export function ocrLanguageNote(pages: OcrPage[]): string | null {
  const unread = [...new Set(pages.filter((p) => p.text && !MODELS[p.language]).map((p) => LANGUAGE_NAMES[p.language]))];
  if (unread.length === 0) return null;
  const known = Object.keys(MODELS).map((lang) => LANGUAGE_NAMES[lang as Lang]);
  return `The scanned text looks like ${unread.join(" and ")}, which OCR here cannot read yet (only ${known.join(" and ")}): some words may be misread.`;
}

/**
 * Tesseract's lines in reading order (columns one after the other), tidied: lines of only stray
 * marks (noise read from a photo) are dropped, and lines wrapped inside a paragraph are joined as
 * a PDF page's are (so sentences stay whole).
 */
export function cleanOcrText(result: Pick<OcrResult, "text" | "words">): string {
  const lines = ocrReadingOrder(result.text, result.words)
    .split("\n")
    .filter((line) => (line.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2 || line.trim() === "");
  return reflowPdfPage(normalizeWhitespace(lines.join("\n")));
}
