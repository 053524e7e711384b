import { Worker } from "node:worker_threads";
import type { PoolWorker } from "./pool";
import { PdfReadError, WorkerCrashedError, WorkerUnavailableError, type PdfExtraction, type PdfTask } from "./pdf-extraction";

/**
 * One PDF worker thread and the messages it exchanges with ./pdf-worker.ts: a file in, its
 * pages (or PDFium's error) out, and what its exit means (unavailable, crashed, or just idle).
 * The queueing and timeouts are ./pool.ts's; ./pdf-pool.ts puts the two together.
 */

type WorkerMessage =
  | { type: "ready" }
  | ({ type: "done"; id: number } & PdfExtraction)
  | { type: "failed"; id: number; error: { name: string; message: string; stack?: string } };

/**
 * Built, Next.js bundles the worker (the `new URL` below) into plain JavaScript. Run from source
 * (tests, scripts: no NEXT_RUNTIME), it is TypeScript and gets tsx's loader, as the process does.
 */
const FROM_SOURCE = !process.env.NEXT_RUNTIME;
const WORKER_OPTIONS = { name: "pdf-parser", ...(FROM_SOURCE ? { execArgv: [...process.execArgv, "--import", "tsx"] } : {}) };

/** One worker thread running ./pdf-worker.ts (or `file`: tests wrap it), one file at a time. */
export class PdfThread implements PoolWorker<PdfTask, PdfExtraction> {
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
    file: string | undefined,
    private readonly gone: () => void,
    private readonly crashed: () => void,
  ) {
    this.worker = file ? new Worker(file, WORKER_OPTIONS) : new Worker(new URL("./pdf-worker.ts", import.meta.url), WORKER_OPTIONS);
    this.threadId = this.worker.threadId;
    this.worker.on("message", (message: WorkerMessage) => this.onMessage(message));
    this.worker.on("error", (error) => {
      this.error ??= error;
    });
    this.worker.on("exit", (code) => this.onExit(code));
  }

  run(task: PdfTask): Promise<PdfExtraction> {
    return new Promise<PdfExtraction>((resolve, reject) => {
      this.current = { id: task.id, resolve, reject };
      this.worker.ref(); // a file in work keeps the process alive, like any pending I/O
      try {
        this.worker.postMessage(task, [task.buffer]);
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
      const { pages, garbled, scans, chunks, threadId, startedAt, finishedAt } = message;
      current.resolve({ pages, garbled, scans, chunks, threadId, startedAt, finishedAt });
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

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return error === undefined ? "no error reported" : String(error);
}
