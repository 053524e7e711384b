/**
 * Work items of several queues handed out in turn, one item per queue per round, so a queue
 * of one item is served after at most one item of every other queue, whatever their lengths.
 */
export class Rotation<Q extends { queue: unknown[] }> {
  private readonly queues: Q[] = [];
  private turn = 0;

  get size(): number {
    return this.queues.length;
  }

  has(match: (q: Q) => boolean): boolean {
    return this.queues.some(match);
  }

  add(queue: Q): void {
    this.queues.push(queue);
  }

  remove(queue: Q): void {
    const at = this.queues.indexOf(queue);
    if (at < 0) return;
    this.queues.splice(at, 1);
    if (at < this.turn) this.turn--;
  }

  /** The next queue's next item (the queue moves to the back of the round), or null if all are empty. */
  next(): { owner: Q; item: Q["queue"][number] } | null {
    for (let i = 0; i < this.queues.length; i++) {
      const at = (this.turn + i) % this.queues.length;
      const owner = this.queues[at];
      if (owner.queue.length) {
        this.turn = (at + 1) % this.queues.length;
        return { owner, item: owner.queue.shift() as Q["queue"][number] };
      }
    }
    return null;
  }

  all(): readonly Q[] {
    return this.queues;
  }
}
