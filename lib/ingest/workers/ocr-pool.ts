import { createRequire } from "node:module";
import path from "node:path";
import { config } from "@/lib/config";
import type { OcrWord } from "../ocr-layout";
import { WorkerPool, type PoolWorker } from "./pool";

/**
 * Offline OCR: a small pool of tesseract.js workers (each one a worker thread running
 * Tesseract's WebAssembly build), fed one image at a time, so OCR uses the cores without
 * blocking the main thread's event loop. The models come from the npm packages
 * `@tesseract.js-data/<eng|fra|deu|spa>` in node_modules: nothing is ever downloaded. A worker
 * reads one language; a page in another takes an idle worker's place.
 *
 * Scheduled like the PDF pool (both by ./pool.ts): workers start on demand up to `size`, stay
 * warm for the next page and are ended when idle; a page that takes longer than the limit ends
 * its worker (OcrTimeoutError) and the next page gets a fresh one; a worker that fails is replaced.
 */

export interface OcrResult {
  text: string;
  /** Every word with its box, for the page's reading order (../ocr-layout.ts). */
  words: OcrWord[];
  /** Tesseract's mean word confidence, 0..100. */
  confidence: number;
  ms: number;
  /** The image as a PNG, when asked for (OcrPool.toPng). */
  png?: Uint8Array;
}

/** The page took longer than the pool allows; its worker was ended so others keep going. */
export class OcrTimeoutError extends Error {
  override readonly name = "OcrTimeoutError";
}

/** OCR is switched off (OCR_WORKERS=0) or its workers cannot start here. */
export class OcrUnavailableError extends Error {
  override readonly name = "OcrUnavailableError";
}

type TesseractWorker = Awaited<ReturnType<(typeof import("tesseract.js"))["createWorker"]>>;

/** The languages whose models ship with the app (Tesseract's codes). */
export const OCR_LANGUAGES = ["eng", "fra", "deu", "spa"] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

/** Idle workers are ended after this long (a new one loads its model in about a second). */
const IDLE_MS = 60_000;

/** The folder holding e.g. eng.traineddata.gz (the LSTM "best_int" models: accurate and small). */
export function langPath(lang: OcrLanguage): string {
  const require = createRequire(path.join(/*turbopackIgnore: true*/ process.cwd(), "package.json"));
  return path.join(path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), "4.0.0_best_int");
}

interface Page {
  image: Uint8Array;
  lang: OcrLanguage;
  /** Not read: the image is only decoded and given back as a PNG (OcrResult.png). */
  asPng?: boolean;
}

/** One tesseract.js worker (a worker thread of its own) reading one language, one page at a time. */
class TesseractSlot implements PoolWorker<Page, OcrResult> {
  private readonly worker: Promise<TesseractWorker>;

  constructor(gone: () => void, lang: OcrLanguage) {
    this.worker = import("tesseract.js").then(({ createWorker, OEM }) =>
      createWorker(lang, OEM.LSTM_ONLY, {
        langPath: langPath(lang),
        gzip: true,
        // The model is read from node_modules each time; never cached to (or fetched into) a folder.
        cacheMethod: "none",
        errorHandler: () => undefined,
      }),
    );
    this.worker.catch(gone);
  }

  async run({ image, asPng }: Page): Promise<OcrResult> {
    const started = performance.now();
    const worker = await this.worker;
    if (asPng) {
      // Only an image output asked for: tesseract.js decodes the image and skips recognition.
      const { data } = await worker.recognize(
        Buffer.from(image.buffer, image.byteOffset, image.byteLength),
        {},
        { text: false, imageColor: true },
      );
      const png = new Uint8Array(Buffer.from((data.imageColor ?? "").replace(/^data:image\/png;base64,/, ""), "base64"));
      return { text: "", words: [], confidence: 0, ms: performance.now() - started, png };
    }
    // tesseract.js reads Node Buffers; a Uint8Array view is wrapped without copying.
    const { data } = await worker.recognize(
      Buffer.from(image.buffer, image.byteOffset, image.byteLength),
      {},
      { text: true, blocks: true },
    );
    return { text: data.text, words: wordsOf(data.blocks), confidence: data.confidence, ms: performance.now() - started };
  }

  async end(): Promise<void> {
    const worker = await this.worker.catch(() => null);
    await worker?.terminate().catch(() => undefined);
  }
}

export class OcrPool {
  private readonly pool: WorkerPool<TesseractSlot, Page, OcrResult>;

  constructor(
    readonly size: number,
    readonly pageTimeoutMs: number,
    idleMs = IDLE_MS,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`OCR pool size must be a positive integer, got ${size}`);
    this.pool = new WorkerPool<TesseractSlot, Page, OcrResult>({
      size,
      idleMs,
      start: (gone, lang) => new TesseractSlot(gone, lang as OcrLanguage),
      kindOf: (page) => page.lang,
      timeoutMs: () => pageTimeoutMs,
      timeoutError: () => new OcrTimeoutError(`OCR of one page took longer than ${Math.round(pageTimeoutMs / 1000)} s`),
      // A worker that failed may be stuck or broken: the next page gets a new one.
      keepsWorker: () => false,
      disables: () => false,
      closedError: (when) => new OcrUnavailableError(`The OCR pool ${when} closed`),
    });
  }

  /** Text of one image (PNG, JPEG or WebP bytes), read as text in `lang`. */
  recognize(image: Uint8Array, lang: OcrLanguage = "eng"): Promise<OcrResult> {
    return this.pool.run({ image, lang });
  }

  /**
   * The image (JPEG, WebP or PNG) decoded by Tesseract's own image library and written as a PNG,
   * EXIF orientation applied: what rotatePng can turn. No text is read.
   */
  async toPng(image: Uint8Array, lang: OcrLanguage = "eng"): Promise<Uint8Array> {
    const { png } = await this.pool.run({ image, lang, asPng: true });
    if (!png?.length) throw new Error("OCR gave no PNG of the image");
    return png;
  }

  stats(): { size: number; threads: number; busy: number; queued: number } {
    const { threads, busy, queued } = this.pool.stats();
    return { size: this.size, threads, busy, queued };
  }

  /** Ends every worker; queued pages are rejected. Scripts call this so the process can exit. */
  close(): Promise<void> {
    return this.pool.close();
  }
}

type Blocks = Awaited<ReturnType<TesseractWorker["recognize"]>>["data"]["blocks"];

function wordsOf(blocks: Blocks): OcrWord[] {
  let line = 0;
  return (blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.flatMap((l) => {
        line++;
        return l.words.map((w) => ({ text: w.text, ...w.bbox, line }));
      }),
    ),
  );
}

// One pool per process, kept on globalThis so dev-server module reloads do not start more.
const globalPool = globalThis as unknown as { __docchatOcrPool?: OcrPool | null };

/** The shared pool, sized by OCR_WORKERS; null when OCR is switched off. */
export function ocrPool(): OcrPool | null {
  if (globalPool.__docchatOcrPool === undefined) {
    const { ocrWorkers, ocrPageTimeoutMs } = config();
    globalPool.__docchatOcrPool = ocrWorkers > 0 ? new OcrPool(ocrWorkers, ocrPageTimeoutMs) : null;
  }
  return globalPool.__docchatOcrPool;
}

/** Ends the shared pool's workers (scripts, tests); the next OCR starts a new pool. */
export async function closeOcrPool(): Promise<void> {
  const pool = globalPool.__docchatOcrPool;
  globalPool.__docchatOcrPool = undefined;
  await pool?.close();
}
