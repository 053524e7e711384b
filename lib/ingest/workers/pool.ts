/**
 * The scheduling both worker pools share (PDF text extraction: ./pdf-pool.ts; OCR:
 * ./ocr-pool.ts): workers start on demand up to `size`, each runs one job at a time, jobs
 * beyond that wait in order; a worker stays warm for the next job and is ended after `idleMs`
 * without one; a job that takes longer than its limit fails alone and its worker is ended (it
 * may be stuck), as is a worker whose job broke it; the next job gets a fresh one. What a worker
 * is and how it runs a job is the pool's user's (PoolWorker).
 */

export interface PoolWorker<J, R> {
  /** Runs one job on this worker. */
  run(job: J): Promise<R>;
  /** Ends the worker: idle, stuck, broken or the pool closing. */
  end(): Promise<void>;
}

export interface WorkerPoolOptions<W extends PoolWorker<J, R>, J, R> {
  size: number;
  idleMs: number;
  /**
   * Starts a worker for jobs of `kind` (see kindOf). `gone` is to be called if it ends on its
   * own while idle (it then leaves the pool). Throwing an error `disables` names makes the pool
   * unavailable.
   */
  start(gone: () => void, kind: string): W;
  /**
   * What a worker must be made for to run the job (OCR: its language); one kind when absent. An
   * idle worker of another kind makes room when every worker has started.
   */
  kindOf?(job: J): string;
  /** How long a job may take on its worker. */
  timeoutMs(job: J): number;
  timeoutError(job: J): Error;
  /** Whether a worker whose job failed with `error` stays in service (false: it is ended; a timed-out one always is). */
  keepsWorker(error: unknown): boolean;
  /** Errors after which no worker will do better: every waiting and later job fails with it. */
  disables(error: unknown): boolean;
  /** The error jobs fail with once the pool is closed ("is closed" / "was closed"). */
  closedError(when: "is" | "was"): Error;
}

interface Slot<W> {
  worker: W;
  kind: string;
  busy: boolean;
  idleTimer: NodeJS.Timeout | null;
}

interface Queued<J, R> {
  job: J;
  resolve: (result: R) => void;
  reject: (error: Error) => void;
}

export class WorkerPool<W extends PoolWorker<J, R>, J, R> {
  private readonly slots = new Set<Slot<W>>();
  private readonly queue: Queued<J, R>[] = [];
  private readonly running = new Set<Queued<J, R>>();
  private unavailable: Error | null = null;
  private closed = false;
  private peak = 0;

  constructor(private readonly options: WorkerPoolOptions<W, J, R>) {}

  /** False once workers turned out not to start here (or the pool was closed). */
  get available(): boolean {
    return !this.unavailable && !this.closed;
  }

  run(job: J): Promise<R> {
    if (this.unavailable) return Promise.reject(this.unavailable);
    if (this.closed) return Promise.reject(this.options.closedError("is"));
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.pump();
    });
  }

  /** Live workers, busy ones and waiting jobs; `peakBusy`: most jobs at once since resetPeak. */
  stats(): { threads: number; busy: number; queued: number; peakBusy: number } {
    const slots = [...this.slots];
    return { threads: slots.length, busy: slots.filter((s) => s.busy).length, queued: this.queue.length, peakBusy: this.peak };
  }

  workers(): W[] {
    return [...this.slots].map((s) => s.worker);
  }

  resetPeak(): void {
    this.peak = 0;
  }

  /** Ends every worker; waiting and running jobs fail with closedError("was"). */
  async close(): Promise<void> {
    this.closed = true;
    const error = this.options.closedError("was");
    for (const queued of [...this.queue.splice(0), ...this.running]) queued.reject(error);
    this.running.clear();
    await Promise.all([...this.slots].map((slot) => this.retire(slot)));
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.unavailable && !this.closed) {
      const kind = this.options.kindOf?.(this.queue[0].job) ?? "";
      const idle = [...this.slots].filter((s) => !s.busy);
      let slot = idle.find((s) => s.kind === kind) ?? (this.slots.size < this.options.size ? this.spawn(kind) : null);
      if (!slot && idle.length > 0) {
        // Every worker started, none of this kind idle: an idle one of another kind makes room.
        void this.retire(idle[0]);
        slot = this.spawn(kind);
      }
      if (!slot) return;
      void this.assign(slot, this.queue.shift()!);
    }
  }

  private spawn(kind: string): Slot<W> | null {
    const slot: Slot<W> = { worker: undefined as unknown as W, kind, busy: false, idleTimer: null };
    try {
      slot.worker = this.options.start(() => {
        if (slot.busy) return; // a running job learns it from its own failure
        this.forget(slot);
        this.pump();
      }, kind);
    } catch (error) {
      if (!this.options.disables(error)) throw error;
      this.disable(error as Error);
      return null;
    }
    this.slots.add(slot);
    return slot;
  }

  private async assign(slot: Slot<W>, queued: Queued<J, R>): Promise<void> {
    slot.busy = true;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    this.running.add(queued);
    this.peak = Math.max(this.peak, this.stats().busy);
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        reject(this.options.timeoutError(queued.job));
      }, this.options.timeoutMs(queued.job));
    });
    try {
      const result = await Promise.race([slot.worker.run(queued.job), timeout]);
      if (this.running.delete(queued)) queued.resolve(result);
      slot.busy = false;
      this.idle(slot);
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      if (this.running.delete(queued)) queued.reject(failure);
      if (this.options.disables(error)) {
        this.forget(slot);
        this.disable(failure);
      } else if (!timedOut && this.options.keepsWorker(error) && this.slots.has(slot)) {
        slot.busy = false;
        this.idle(slot);
      } else {
        // Timed out or broken: it may be stuck, so it goes; the next job gets a new one.
        void this.retire(slot);
      }
    } finally {
      clearTimeout(timer);
      this.pump();
    }
  }

  private idle(slot: Slot<W>): void {
    if (this.closed) return;
    slot.idleTimer = setTimeout(() => {
      if (slot.busy) return;
      void this.retire(slot);
    }, this.options.idleMs);
    slot.idleTimer.unref();
  }

  private forget(slot: Slot<W>): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    this.slots.delete(slot);
  }

  private async retire(slot: Slot<W>): Promise<void> {
    this.forget(slot);
    await slot.worker.end().catch(() => undefined);
  }

  private disable(error: Error): void {
    this.unavailable = error;
    for (const queued of this.queue.splice(0)) queued.reject(error);
  }
}
