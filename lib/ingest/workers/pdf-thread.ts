import { Worker } from "node:worker_threads";
import type { PoolWorker } from "./pool";
import {
  PdfReadError,
  WorkerCrashedError,
  WorkerUnavailableError,
  type PdfExtraction,
  type RenderOptions,
  type ScannedPage,
} from "./pdf-extraction";

/**
 * One PDF worker thread and the messages it exchanges with ./pdf-worker.mjs: a file in, its
 * pages (or PDFium's error) out, and what its exit means (unavailable, crashed, or just idle).
 * The queueing and timeouts are ./pool.ts's; ./pdf-pool.ts puts the two together.
 */

export interface PdfTask {
  id: number;
  buffer: ArrayBuffer;
  render?: RenderOptions;
}

type WorkerMessage =
  | { type: "ready" }
  | { type: "done"; id: number; pages: string[]; scans?: ScannedPage[]; threadId: number; startedAt: number; finishedAt: number }
  | { type: "failed"; id: number; error: { name: string; message: string; stack?: string } };

/** One worker thread running ./pdf-worker.mjs, one file at a time. */
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

  run(task: PdfTask): Promise<PdfExtraction> {
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

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return error === undefined ? "no error reported" : String(error);
}
