import { createRequire } from "node:module";
import path from "node:path";
import { config } from "@/lib/config";
import type { OcrWord } from "../ocr-layout";

/**
 * Offline OCR: a small pool of tesseract.js workers (each one a worker thread running
 * Tesseract's WebAssembly build), fed one image at a time, so OCR uses the cores without
 * blocking the main thread's event loop. The models come from the npm packages
 * `@tesseract.js-data/<eng|fra|deu>` in node_modules: nothing is ever
 * downloaded. A worker reads one language; a page in another takes an idle worker's place.
 *
 * Like the PDF pool (./pdf-pool.ts): workers start on demand up to `size`, stay warm for the
 * next page and are ended when idle; a page that takes longer than the limit ends its worker
 * (OcrTimeoutError) and the next page gets a fresh one; a worker that fails is replaced.
 */

export interface OcrResult {
  text: string;
  /** Every word with its box, for the page's reading order (../ocr-layout.ts). */
  words: OcrWord[];
  /** Tesseract's mean word confidence, 0..100. */
  confidence: number;
  ms: number;
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
export const OCR_LANGUAGES = ["eng", "fra", "deu"] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

interface Slot {
  lang: OcrLanguage;
  worker: Promise<TesseractWorker>;
  busy: boolean;
  idleTimer: NodeJS.Timeout | null;
}

interface Task {
  image: Uint8Array;
  lang: OcrLanguage;
  resolve: (result: OcrResult) => void;
  reject: (error: Error) => void;
}

/** Idle workers are ended after this long (a new one loads its model in about a second). */
const IDLE_MS = 60_000;

/** The folder holding e.g. eng.traineddata.gz (the LSTM "best_int" models: accurate and small). */
export function langPath(lang: OcrLanguage): string {
  const require = createRequire(path.join(/*turbopackIgnore: true*/ process.cwd(), "package.json"));
  return path.join(path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), "4.0.0_best_int");
}

export class OcrPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];
  private closed = false;

  constructor(
    readonly size: number,
    readonly pageTimeoutMs: number,
    private readonly idleMs = IDLE_MS,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`OCR pool size must be a positive integer, got ${size}`);
  }

  /** Text of one image (PNG, JPEG or WebP bytes), read as text in `lang`. */
  recognize(image: Uint8Array, lang: OcrLanguage = "eng"): Promise<OcrResult> {
    if (this.closed) return Promise.reject(new OcrUnavailableError("The OCR pool is closed"));
    return new Promise<OcrResult>((resolve, reject) => {
      this.queue.push({ image, lang, resolve, reject });
      this.pump();
    });
  }

  stats(): { size: number; threads: number; busy: number; queued: number } {
    const slots = [...this.slots];
    return { size: this.size, threads: slots.length, busy: slots.filter((s) => s.busy).length, queued: this.queue.length };
  }

  /** Ends every worker; queued pages are rejected. Scripts call this so the process can exit. */
  async close(): Promise<void> {
    this.closed = true;
    const error = new OcrUnavailableError("The OCR pool was closed");
    for (const task of this.queue.splice(0)) task.reject(error);
    await Promise.all([...this.slots].map((slot) => this.retire(slot)));
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.closed) {
      const task = this.queue[0];
      const idle = [...this.slots].filter((s) => !s.busy);
      let slot = idle.find((s) => s.lang === task.lang) ?? null;
      if (!slot && this.slots.size < this.size) slot = this.spawn(task.lang);
      if (!slot && idle.length > 0) {
        // All workers started, none reads this language: an idle one makes room.
        void this.retire(idle[0]);
        slot = this.spawn(task.lang);
      }
      if (!slot) return;
      void this.run(slot, this.queue.shift()!);
    }
  }

  private spawn(lang: OcrLanguage): Slot {
    const worker = import("tesseract.js").then(({ createWorker, OEM }) =>
      createWorker(lang, OEM.LSTM_ONLY, {
        langPath: langPath(lang),
        gzip: true,
        // The model is read from node_modules each time; never cached to (or fetched into) a folder.
        cacheMethod: "none",
        errorHandler: () => undefined,
      }),
    );
    const slot: Slot = { lang, worker, busy: false, idleTimer: null };
    worker.catch(() => this.slots.delete(slot));
    this.slots.add(slot);
    return slot;
  }

  private async run(slot: Slot, task: Task): Promise<void> {
    slot.busy = true;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new OcrTimeoutError(`OCR of one page took longer than ${Math.round(this.pageTimeoutMs / 1000)} s`)),
        this.pageTimeoutMs,
      );
    });
    try {
      const worker = await Promise.race([slot.worker, timeout]);
      // tesseract.js reads Node Buffers; a Uint8Array view is wrapped without copying.
      const image = Buffer.from(task.image.buffer, task.image.byteOffset, task.image.byteLength);
      const { data } = await Promise.race([worker.recognize(image, {}, { text: true, blocks: true }), timeout]);
      task.resolve({ text: data.text, words: wordsOf(data.blocks), confidence: data.confidence, ms: performance.now() - started });
      slot.busy = false;
      this.idle(slot);
    } catch (error) {
      // A worker that timed out or failed may be stuck or broken: end it, the next page gets a new one.
      this.slots.delete(slot);
      void this.retire(slot);
      task.reject(error instanceof Error ? error : new Error(String(error)));
    } finally {
      clearTimeout(timer);
      this.pump();
    }
  }

  private idle(slot: Slot): void {
    slot.idleTimer = setTimeout(() => {
      if (slot.busy) return;
      this.slots.delete(slot);
      void this.retire(slot);
    }, this.idleMs);
    slot.idleTimer.unref();
  }

  private async retire(slot: Slot): Promise<void> {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    this.slots.delete(slot);
    const worker = await slot.worker.catch(() => null);
    await worker?.terminate().catch(() => undefined);
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
