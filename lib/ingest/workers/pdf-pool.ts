import { config } from "@/lib/config";
import { WorkerPool } from "./pool";
import type { ChunkOptions } from "../types";
import {
  WorkerCrashedError,
  WorkerTimeoutError,
  WorkerUnavailableError,
  type PdfExtraction,
  type PdfTask,
  type RenderOptions,
} from "./pdf-extraction";
import { PdfThread } from "./pdf-thread";

/**
 * A small pool of worker threads that read PDFs (./pdf-worker.ts): text per page, ready to
 * chunk (or chunked), so several files parse in parallel on several cores and the main thread's
 * event loop stays free.
 *
 * Workers start on demand, up to `size`, and are kept for the next file; idle workers do not
 * keep the process alive and are ended after a few minutes. Each worker runs one file at a time
 * (the scheduling is ./pool.ts, shared with the OCR pool).
 * A worker that dies mid-file fails that file only (WorkerCrashedError); the next file gets a
 * fresh worker. If workers cannot start at all (the script is missing, PDFium cannot load in a
 * worker), every call rejects with WorkerUnavailableError and callers parse in-thread instead.
 */

/**
 * Idle workers are ended after this long. A new one starts and compiles PDFium in ~0.1 s, and
 * reads a third slower until V8 has optimised the WebAssembly, so keep warm workers for a while.
 */
const IDLE_MS = 5 * 60_000;
/** Longest a single PDF may take to read (a 500-page PDF takes a few seconds here). */
const TASK_TIMEOUT_MS = 120_000;
/** Rendering scanned pages for OCR (about 0.3 s a page here) may take this many times longer. */
const RENDER_TIMEOUT_FACTOR = 3;

export interface PdfPoolStats {
  size: number;
  /** Worker threads alive now. */
  threads: number;
  busy: number;
  queued: number;
  /** Most files in work at the same time since the pool started (or resetPeak). */
  peakBusy: number;
  /** Thread ids of the live workers. */
  threadIds: number[];
  /** Workers that died while working on a file. */
  crashes: number;
}

export class PdfWorkerPool {
  private readonly pool: WorkerPool<PdfThread, PdfTask, PdfExtraction>;
  private nextId = 1;
  private crashes = 0;

  private readonly taskTimeoutMs: number;

  constructor(
    readonly size: number,
    /** `workerFile`: another worker script by path (tests wrap the real one); ./pdf-worker.ts by default. */
    {
      workerFile,
      idleMs = IDLE_MS,
      taskTimeoutMs = TASK_TIMEOUT_MS,
    }: { workerFile?: string; idleMs?: number; taskTimeoutMs?: number } = {},
  ) {
    this.taskTimeoutMs = taskTimeoutMs;
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`PDF worker pool size must be a positive integer, got ${size}`);
    this.pool = new WorkerPool<PdfThread, PdfTask, PdfExtraction>({
      size,
      idleMs,
      start: (gone) => {
        try {
          return new PdfThread(workerFile, gone, () => this.crashes++);
        } catch (error) {
          throw new WorkerUnavailableError(`Cannot start a PDF worker thread: ${String(error)}`, { cause: error });
        }
      },
      timeoutMs: (task) => (task.render ? taskTimeoutMs * RENDER_TIMEOUT_FACTOR : taskTimeoutMs),
      timeoutError: () => new WorkerTimeoutError(`Reading the PDF took longer than ${Math.round(this.taskTimeoutMs / 1000)} s`),
      // PDFium could not read the file (or it could not be sent): the worker is fine.
      keepsWorker: (error) => !(error instanceof WorkerCrashedError),
      disables: (error) => error instanceof WorkerUnavailableError,
      closedError: (when) => new WorkerUnavailableError(`The PDF worker pool ${when} closed`),
    });
  }

  /** False once workers turned out not to start here (or the pool was closed). */
  get available(): boolean {
    return this.pool.available;
  }

  /**
   * Read the text of each page, and chunk it with `chunk` (unless a page waits for OCR). The
   * buffer is transferred to the worker (moved, not copied), so it is detached afterwards: pass
   * a buffer you own.
   */
  extract(buffer: ArrayBuffer, render?: RenderOptions, chunk?: ChunkOptions): Promise<PdfExtraction> {
    return this.pool.run({ id: this.nextId++, buffer, render, chunk });
  }

  stats(): PdfPoolStats {
    const { threads, busy, queued, peakBusy } = this.pool.stats();
    return {
      size: this.size,
      threads,
      busy,
      queued,
      peakBusy,
      threadIds: this.pool.workers().map((w) => w.threadId),
      crashes: this.crashes,
    };
  }

  resetPeak(): void {
    this.pool.resetPeak();
  }

  /** Ends all workers; files in work or queued are rejected with WorkerUnavailableError. */
  close(): Promise<void> {
    return this.pool.close();
  }
}

// One pool per process, kept on globalThis so dev-server module reloads do not start more.
const globalPool = globalThis as unknown as { __docchatPdfPool?: PdfWorkerPool | null };

/**
 * The shared pool, sized min(CPU cores, PARSE_WORKERS); null when PARSE_WORKERS=0 (then PDFs are
 * parsed on the calling thread).
 */
export function pdfWorkerPool(): PdfWorkerPool | null {
  if (globalPool.__docchatPdfPool === undefined) globalPool.__docchatPdfPool = createDefaultPool();
  const pool = globalPool.__docchatPdfPool;
  return pool?.available ? pool : null;
}

/** Replace the shared pool (tests); `undefined` makes the next call build one from the config again. */
export function setPdfWorkerPool(pool: PdfWorkerPool | null | undefined): void {
  globalPool.__docchatPdfPool = pool;
}

function createDefaultPool(): PdfWorkerPool | null {
  const size = config().parseWorkers;
  return size < 1 ? null : new PdfWorkerPool(size);
}
