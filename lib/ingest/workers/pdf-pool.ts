import { existsSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { config } from "@/lib/config";

/**
 * A small pool of worker threads that extract text from PDFs (./pdf-worker.mjs), so several
 * files parse in parallel on several cores and the main thread's event loop stays free.
 *
 * Workers start on demand, up to `size`, and are kept for the next file; idle workers do not
 * keep the process alive and are ended after a few minutes. Each worker runs one file at a time.
 * A worker that dies mid-file fails that file only (WorkerCrashedError); the next file gets a
 * fresh worker. If workers cannot start at all (the script is missing, unpdf cannot load in a
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

/** pdf.js could not read the file; `name`/`message` are pdf.js's own (e.g. "PasswordException"). */
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
 * Idle workers are ended after this long. A new one starts in ~0.2 s, but pdf.js runs 2-3x
 * slower in a fresh thread until V8 has optimised it, so keep warm workers for a while.
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
  resolve: (result: PdfExtraction) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  threadId: number;
  ready: boolean;
  task: Task | null;
  /** First uncaught error reported by the worker, kept for the exit that follows. */
  error: unknown;
  /** Ended by the pool (idle, close): its exit is not a crash. */
  retiring: boolean;
  idleTimer: NodeJS.Timeout | null;
  /** Ends a worker stuck on one file (a PDF that sends pdf.js into a loop). */
  taskTimer: NodeJS.Timeout | null;
  timedOut: boolean;
}

type WorkerMessage =
  | { type: "ready" }
  | { type: "done"; id: number; pages: string[]; scans?: ScannedPage[]; threadId: number; startedAt: number; finishedAt: number }
  | { type: "failed"; id: number; error: { name: string; message: string; stack?: string } };

export class PdfWorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];
  private nextId = 1;
  private peak = 0;
  private crashes = 0;
  private unavailable: WorkerUnavailableError | null = null;
  private closed = false;

  constructor(
    /** Absolute path of the worker script. */
    readonly workerFile: string,
    readonly size: number,
    private readonly idleMs = IDLE_MS,
    private readonly taskTimeoutMs = TASK_TIMEOUT_MS,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`PDF worker pool size must be a positive integer, got ${size}`);
  }

  /** False once workers turned out not to start here (or the pool was closed). */
  get available(): boolean {
    return !this.unavailable && !this.closed;
  }

  /**
   * Extract the raw text of each page. The buffer is transferred to the worker (moved, not
   * copied), so it is detached afterwards: pass a buffer you own.
   */
  extract(buffer: ArrayBuffer, render?: RenderOptions): Promise<PdfExtraction> {
    if (this.unavailable) return Promise.reject(this.unavailable);
    if (this.closed) return Promise.reject(new WorkerUnavailableError("The PDF worker pool is closed"));
    return new Promise<PdfExtraction>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, buffer, render, resolve, reject });
      this.pump();
    });
  }

  stats(): PdfPoolStats {
    const slots = [...this.slots];
    return {
      size: this.size,
      threads: slots.length,
      busy: slots.filter((s) => s.task).length,
      queued: this.queue.length,
      peakBusy: this.peak,
      threadIds: slots.map((s) => s.threadId),
      crashes: this.crashes,
    };
  }

  resetPeak(): void {
    this.peak = 0;
  }

  /** Ends all workers; files in work or queued are rejected with WorkerUnavailableError. */
  async close(): Promise<void> {
    this.closed = true;
    const error = new WorkerUnavailableError("The PDF worker pool was closed");
    for (const task of this.queue.splice(0)) task.reject(error);
    await Promise.all(
      [...this.slots].map((slot) => {
        slot.retiring = true;
        slot.task?.reject(error);
        slot.task = null;
        return slot.worker.terminate();
      }),
    );
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.unavailable && !this.closed) {
      const slot = this.idleSlot() ?? (this.slots.size < this.size ? this.spawn() : null);
      if (!slot) return;
      this.assign(slot, this.queue.shift()!);
    }
  }

  private idleSlot(): Slot | undefined {
    for (const slot of this.slots) if (!slot.task && !slot.retiring) return slot;
    return undefined;
  }

  private assign(slot: Slot, task: Task): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.task = task;
    slot.timedOut = false;
    slot.taskTimer = setTimeout(
      () => {
        slot.timedOut = true;
        void slot.worker.terminate();
      },
      task.render ? this.taskTimeoutMs * RENDER_TIMEOUT_FACTOR : this.taskTimeoutMs,
    );
    slot.worker.ref(); // a file in work keeps the process alive, like any pending I/O
    this.peak = Math.max(this.peak, this.stats().busy);
    try {
      slot.worker.postMessage({ id: task.id, buffer: task.buffer, render: task.render }, [task.buffer]);
    } catch (error) {
      // E.g. a buffer that was already detached: that file fails, the worker stays in service.
      clearTimeout(slot.taskTimer!);
      slot.task = null;
      this.idle(slot);
      task.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private spawn(): Slot | null {
    let worker: Worker;
    try {
      worker = new Worker(this.workerFile, { name: "pdf-parser" });
    } catch (error) {
      this.disable(new WorkerUnavailableError(`Cannot start a PDF worker thread: ${String(error)}`, { cause: error }));
      return null;
    }
    const slot: Slot = {
      worker,
      threadId: worker.threadId,
      ready: false,
      task: null,
      error: undefined,
      retiring: false,
      idleTimer: null,
      taskTimer: null,
      timedOut: false,
    };
    this.slots.add(slot);
    worker.on("message", (message: WorkerMessage) => this.onMessage(slot, message));
    worker.on("error", (error) => {
      slot.error ??= error;
    });
    worker.on("exit", (code) => this.onExit(slot, code));
    return slot;
  }

  private onMessage(slot: Slot, message: WorkerMessage): void {
    if (message.type === "ready") {
      slot.ready = true;
      return;
    }
    const task = slot.task;
    if (!task || task.id !== message.id) return;
    if (slot.taskTimer) clearTimeout(slot.taskTimer);
    slot.task = null;
    if (message.type === "done") {
      task.resolve({
        pages: message.pages,
        scans: message.scans ?? [],
        threadId: message.threadId,
        startedAt: message.startedAt,
        finishedAt: message.finishedAt,
      });
    } else {
      task.reject(new PdfReadError(message.error.name, message.error.message, message.error.stack));
    }
    this.idle(slot);
    this.pump();
  }

  private idle(slot: Slot): void {
    if (slot.task) return;
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => {
      if (slot.task) return;
      slot.retiring = true;
      void slot.worker.terminate();
    }, this.idleMs);
    slot.idleTimer.unref();
  }

  private onExit(slot: Slot, code: number): void {
    this.slots.delete(slot);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    if (slot.taskTimer) clearTimeout(slot.taskTimer);
    const task = slot.task;
    slot.task = null;
    if (slot.timedOut && task) {
      task.reject(new WorkerTimeoutError(`Reading the PDF took longer than ${Math.round(this.taskTimeoutMs / 1000)} s`));
      this.pump();
      return;
    }
    if (slot.retiring) {
      // A file may have queued while this idle worker was being ended: it needs a new one.
      this.pump();
      return;
    }
    if (!slot.ready) {
      // Died before unpdf and pdf.js loaded: no worker will do better. Parse in-thread from now on.
      const error = new WorkerUnavailableError(`The PDF worker thread failed to start (exit code ${code}): ${describeError(slot.error)}`, {
        cause: slot.error,
      });
      console.warn(`[ingest] ${error.message}; parsing PDFs on the main thread instead`);
      this.disable(error);
      task?.reject(error);
      return;
    }
    if (task) {
      this.crashes++;
      console.error(`[ingest] PDF worker thread ${slot.threadId} crashed (exit code ${code}):`, slot.error ?? "no error reported");
      task.reject(new WorkerCrashedError(code, { cause: slot.error }));
    }
    // A replacement starts when the next file needs one.
    this.pump();
  }

  private disable(error: WorkerUnavailableError): void {
    this.unavailable = error;
    for (const task of this.queue.splice(0)) task.reject(error);
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
