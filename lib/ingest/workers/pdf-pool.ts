import { existsSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { config } from "@/lib/config";
import { WorkerPool, type PoolWorker } from "./pool";

/**
 * A small pool of worker threads that extract text from PDFs (./pdf-worker.mjs), so several
 * files parse in parallel on several cores and the main thread's event loop stays free.
 *
 * Workers start on demand, up to `size`, and are kept for the next file; idle workers do not
 * keep the process alive and are ended after a few minutes. Each worker runs one file at a time
 * (the scheduling is ./pool.ts, shared with the OCR pool).
 * A worker that dies mid-file fails that file only (WorkerCrashedError); the next file gets a
 * fresh worker. If workers cannot start at all (the script is missing, PDFium cannot load in a
 * worker), every call rejects with WorkerUnavailableError and callers parse in-thread instead.
 */

/** Raw per-page text of one PDF, as extracted by a worker. */
export interface PdfExtraction {
  pages: string[];
  /** Pages rendered to PNG because they had (almost) no text: scanned pages, for OCR. */
  scans: ScannedPage[];
  /** The worker thread that did the work, and when (epoch ms), for diagnostics and tests. */
  threadId: number;
  startedAt: number;
  finishedAt: number;
}

export interface ScannedPage {
  pageNumber: number;
  png: ArrayBuffer;
}

/** Render pages with fewer than `minChars` characters of text, `width` pixels wide, at most `maxPages`. */
export interface RenderOptions {
  minChars: number;
  width: number;
  maxPages: number;
}

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

/** PDFium could not read the file; `name` as pdf.js names it (e.g. "PasswordException"), see ./pdfium.mjs. */
export class PdfReadError extends Error {
  constructor(name: string, message: string, stack?: string) {
    super(message);
    this.name = name;
    if (stack) this.stack = stack;
  }
}

/** The worker died while working on the file (uncaught error, out of memory, process.exit, ...). */
export class WorkerCrashedError extends Error {
  override readonly name = "WorkerCrashedError";
  constructor(
    readonly exitCode: number | null,
    options?: { cause?: unknown },
  ) {
    super(`PDF worker thread crashed${exitCode === null ? "" : ` (exit code ${exitCode})`}`, options);
  }
}

/** The file took longer than the pool allows; its worker was ended so others keep going. */
export class WorkerTimeoutError extends Error {
  override readonly name = "WorkerTimeoutError";
}

/** Worker threads cannot be used here; parse on the calling thread instead. */
export class WorkerUnavailableError extends Error {
  override readonly name = "WorkerUnavailableError";
}

/**
 * Idle workers are ended after this long. A new one starts and compiles PDFium in ~0.1 s, and
 * reads a third slower until V8 has optimised the WebAssembly, so keep warm workers for a while.
 */
const IDLE_MS = 5 * 60_000;
/** Longest a single PDF may take to read (a 500-page PDF takes a few seconds here). */
const TASK_TIMEOUT_MS = 120_000;
/** Rendering scanned pages for OCR (about 0.3 s a page here) may take this many times longer. */
const RENDER_TIMEOUT_FACTOR = 3;

interface Task {
  id: number;
  buffer: ArrayBuffer;
  render?: RenderOptions;
}

type WorkerMessage =
  | { type: "ready" }
  | { type: "done"; id: number; pages: string[]; scans?: ScannedPage[]; threadId: number; startedAt: number; finishedAt: number }
  | { type: "failed"; id: number; error: { name: string; message: string; stack?: string } };

/** One worker thread running ./pdf-worker.mjs, one file at a time. */
class PdfThread implements PoolWorker<Task, PdfExtraction> {
  readonly worker: Worker;
  readonly threadId: number;
  /** PDFium loaded: a later exit is a crash, an earlier one means workers cannot run here. */
  private ready = false;
  /** First uncaught error reported by the worker, kept for the exit that follows. */
  private error: unknown;
  /** Ended by the pool (idle, stuck, close): its exit is not a crash. */
  private ending = false;
  private current: { id: number; resolve: (result: PdfExtraction) => void; reject: (error: Error) => void } | null = null;

  constructor(
    file: string,
    private readonly gone: () => void,
    private readonly crashed: () => void,
  ) {
    this.worker = new Worker(file, { name: "pdf-parser" });
    this.threadId = this.worker.threadId;
    this.worker.on("message", (message: WorkerMessage) => this.onMessage(message));
    this.worker.on("error", (error) => {
      this.error ??= error;
    });
    this.worker.on("exit", (code) => this.onExit(code));
  }

  run(task: Task): Promise<PdfExtraction> {
    return new Promise<PdfExtraction>((resolve, reject) => {
      this.current = { id: task.id, resolve, reject };
      this.worker.ref(); // a file in work keeps the process alive, like any pending I/O
      try {
        this.worker.postMessage({ id: task.id, buffer: task.buffer, render: task.render }, [task.buffer]);
      } catch (error) {
        // E.g. a buffer that was already detached: that file fails, the worker stays in service.
        this.settled();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  async end(): Promise<void> {
    this.ending = true;
    await this.worker.terminate();
  }

  private settled() {
    this.current = null;
    this.worker.unref(); // an idle worker does not keep the process alive
  }

  private onMessage(message: WorkerMessage): void {
    if (message.type === "ready") {
      this.ready = true;
      return;
    }
    const current = this.current;
    if (!current || current.id !== message.id) return;
    this.settled();
    if (message.type === "done") {
      current.resolve({
        pages: message.pages,
        scans: message.scans ?? [],
        threadId: message.threadId,
        startedAt: message.startedAt,
        finishedAt: message.finishedAt,
      });
    } else {
      current.reject(new PdfReadError(message.error.name, message.error.message, message.error.stack));
    }
  }

  private onExit(code: number): void {
    const current = this.current;
    this.current = null;
    if (this.ending) {
      current?.reject(new Error("The PDF worker thread was ended")); // the pool has settled its file already
      return;
    }
    if (!this.ready) {
      // Died before PDFium loaded: no worker will do better. Parse in-thread from now on.
      const error = new WorkerUnavailableError(`The PDF worker thread failed to start (exit code ${code}): ${describeError(this.error)}`, {
        cause: this.error,
      });
      console.warn(`[ingest] ${error.message}; parsing PDFs on the main thread instead`);
      if (current) current.reject(error);
      else this.gone();
      return;
    }
    if (current) {
      this.crashed();
      console.error(`[ingest] PDF worker thread ${this.threadId} crashed (exit code ${code}):`, this.error ?? "no error reported");
      current.reject(new WorkerCrashedError(code, { cause: this.error }));
      return;
    }
    // Died while idle: a replacement starts when the next file needs one.
    this.gone();
  }
}

export class PdfWorkerPool {
  private readonly pool: WorkerPool<PdfThread, Task, PdfExtraction>;
  private nextId = 1;
  private crashes = 0;

  constructor(
    /** Absolute path of the worker script. */
    readonly workerFile: string,
    readonly size: number,
    idleMs = IDLE_MS,
    private readonly taskTimeoutMs = TASK_TIMEOUT_MS,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`PDF worker pool size must be a positive integer, got ${size}`);
    this.pool = new WorkerPool<PdfThread, Task, PdfExtraction>({
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
   * Extract the raw text of each page. The buffer is transferred to the worker (moved, not
   * copied), so it is detached afterwards: pass a buffer you own.
   */
  extract(buffer: ArrayBuffer, render?: RenderOptions): Promise<PdfExtraction> {
    return this.pool.run({ id: this.nextId++, buffer, render });
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

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return error === undefined ? "no error reported" : String(error);
}

/** The worker script, found from the app's root (not bundled: see next.config.js outputFileTracingIncludes). */
export function defaultWorkerFile(): string {
  return path.join(/*turbopackIgnore: true*/ process.cwd(), "lib/ingest/workers/pdf-worker.mjs");
}

// One pool per process, kept on globalThis so dev-server module reloads do not start more.
const globalPool = globalThis as unknown as { __docchatPdfPool?: PdfWorkerPool | null };

/**
 * The shared pool, sized min(CPU cores, PARSE_WORKERS); null when PARSE_WORKERS=0 or the worker
 * script is not where it should be (then PDFs are parsed on the calling thread).
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
  if (size < 1) return null;
  const file = defaultWorkerFile();
  if (!existsSync(file)) {
    console.warn(`[ingest] PDF worker script not found at ${file}; parsing PDFs on the main thread`);
    return null;
  }
  return new PdfWorkerPool(file, size);
}
