import { LANGUAGE_NAMES, detectLanguage, type Lang } from "@/lib/text/language";
import { normalizeWhitespace } from "./normalize";
import { ocrReadingOrder } from "./ocr-layout";
import { reflowPdfPage } from "./pdf-reflow";
import { isPng, rotatePng } from "./rotate";
import type { OcrLanguage, OcrPool, OcrResult } from "./workers/ocr-pool";

/**
 * One scanned page (an image, a TIFF page, a PDF page without text) read by OCR, in its language
 * where a model for it ships with the app: read with the English model first, and again with the
 * French, German or Spanish one when that text reads as such (the English model drops or misreads
 * é, ç, ß, ü, ñ).
 * Other languages keep the English reading, which a note on the file points out; so does text
 * read with low confidence (another script read as Latin letters, a poor scan), and text read with
 * hardly any is left out rather than indexed as noise.
 */

/** Tesseract's model for each language the product knows that has one here. */
const MODELS: Partial<Record<Lang, OcrLanguage>> = { en: "eng", fr: "fra", de: "deu", es: "spa" };

/** Tesseract's mean word confidence (0–100) under which a page's reading is doubtful, and under which it is noise. */
const LOW_CONFIDENCE = 60;
const NOISE_CONFIDENCE = 30;

export interface OcrPage {
  text: string;
  /** The language the text reads as (English when unsure). */
  language: Lang;
  /** Tesseract's mean word confidence, 0–100 (0 when nothing was read). */
  confidence: number;
  /** Text was read, with too little confidence to keep (`text` is then empty). */
  noise?: boolean;
}

/** One page, read first with `first` (English unless the document's pages read as another language so far). */
export async function readScan(
  pool: Pick<OcrPool, "recognize"> & Partial<Pick<OcrPool, "toPng">>,
  image: Uint8Array,
  first: OcrLanguage = "eng",
): Promise<OcrPage> {
  let result = await pool.recognize(image, first);
  if (result.confidence < LOW_CONFIDENCE) ({ image, result } = await uprightReading(pool, image, first, result));
  let text = cleanOcrText(result);
  const language = detectLanguage(text);
  const model = MODELS[language] ?? "eng";
  if (text && model !== first) {
    result = await pool.recognize(image, model);
    text = cleanOcrText(result);
  }
  if (text && result.confidence < NOISE_CONFIDENCE) return { text: "", language, confidence: result.confidence, noise: true };
  return { text, language, confidence: text ? result.confidence : 0 };
}

/** A turned reading must beat the upright one by this much (0–100) to be taken. */
const TURNED_MARGIN = 15;

/**
 * A page read with low confidence may have been scanned sideways or upside down: it is read
 * again turned by 180°, 90° and 270° (upside down first, the commonest), until a reading is
 * confident. The most confident reading wins, and its image is the one read from then on.
 * Pages in another script, or poor scans, pay for the three extra readings. A JPEG or WebP
 * picture is turned as the PNG the pool decodes it to.
 */
async function uprightReading(
  pool: Pick<OcrPool, "recognize"> & Partial<Pick<OcrPool, "toPng">>,
  image: Uint8Array,
  lang: OcrLanguage,
  upright: OcrResult,
): Promise<{ image: Uint8Array; result: OcrResult }> {
  let best = { image, result: upright };
  const png = isPng(image) ? image : await pool.toPng?.(image, lang).catch(() => null);
  for (const quarterTurns of [2, 1, 3] as const) {
    const turned = png && rotatePng(png, quarterTurns);
    if (!turned) break;
    const result = await pool.recognize(turned, lang);
    if (result.confidence > best.result.confidence + (best.image === image ? TURNED_MARGIN : 0)) best = { image: turned, result };
    if (best.result.confidence >= LOW_CONFIDENCE) break;
  }
  return best;
}

/**
 * The scanned pages of one document, at most as many at a time as the pool has workers, each
 * read first with the model of the page read last: a French document costs one pass a page after
 * its first pages, not two. Settled in page order, like Promise.allSettled.
 */
export async function readScans(
  pool: Pick<OcrPool, "recognize" | "size"> & Partial<Pick<OcrPool, "toPng">>,
  images: Uint8Array[],
): Promise<PromiseSettledResult<OcrPage>[]> {
  const results: PromiseSettledResult<OcrPage>[] = [];
  let first: OcrLanguage = "eng";
  let next = 0;
  const lane = async () => {
    while (next < images.length) {
      const i = next++;
      try {
        const page = await readScan(pool, images[i], first);
        if (page.text) first = MODELS[page.language] ?? "eng";
        results[i] = { status: "fulfilled", value: page };
      } catch (reason) {
        results[i] = { status: "rejected", reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(pool.size, images.length) }, lane));
  return results;
}

/**
 * What the file's reader should know about its scanned pages: some read as a language OCR has no
 * model for here (words may be misread: accents, letters English does not have), or were read
 * with low confidence, or so little that their text was left out. Null when all read well.
 */
export function ocrNote(pages: OcrPage[]): string | null {
  const names = Object.keys(MODELS).map((lang) => LANGUAGE_NAMES[lang as Lang]);
  const known = `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  const unread = [...new Set(pages.filter((p) => p.text && !MODELS[p.language]).map((p) => LANGUAGE_NAMES[p.language]))];
  if (unread.length > 0) {
    return `The scanned text looks like ${unread.join(" and ")}, which OCR here cannot read yet (only ${known}): some words may be misread.`;
  }
  const doubtful = pages.filter((p) => p.noise || (p.text && p.confidence < LOW_CONFIDENCE));
  if (doubtful.length === 0) return null;
  const dropped = doubtful.filter((p) => p.noise).length;
  const what =
    pages.length === 1
      ? dropped
        ? "The scanned text was read with so little confidence that it was left out."
        : "The scanned text was read with low confidence: some of it may be wrong."
      : `${doubtful.length} of ${pages.length} scanned pages were read with low confidence` +
        (dropped ? ` (the text of ${dropped} was left out).` : ": some of their text may be wrong.");
  return `${what} It may be in a script OCR here cannot read (only ${known}) or a poor scan.`;
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
