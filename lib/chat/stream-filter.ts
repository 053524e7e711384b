/**
 * Cleans a streamed answer as it arrives:
 * - follow-up questions written as `<<question>>` are cut out and collected, even when `<<`
 *   or `>>` is split across chunks;
 * - a `[citation]` is held until its `]` arrives and dropped if it names no data point, so
 *   every bracket the user sees matches a source.
 * Text that might still turn into either is held back; everything else passes at once.
 */
export class AnswerStreamFilter {
  private pending = "";
  private readonly known: Set<string>;
  readonly followups: string[] = [];

  constructor(knownCitations: Iterable<string>) {
    this.known = new Set(knownCitations);
  }

  /** Feeds a chunk from the model; returns the text that is safe to show now. */
  push(chunk: string): string {
    this.pending += chunk;
    let out = "";
    for (;;) {
      const followup = this.pending.indexOf("<<");
      const bracket = this.pending.indexOf("[");
      const next = [followup, bracket].filter((i) => i >= 0).sort((a, b) => a - b)[0];
      if (next === undefined) {
        // A trailing "<" may be the first half of "<<".
        const keep = this.pending.endsWith("<") ? 1 : 0;
        out += this.pending.slice(0, this.pending.length - keep);
        this.pending = this.pending.slice(this.pending.length - keep);
        return out;
      }
      out += this.pending.slice(0, next);
      this.pending = this.pending.slice(next);
      if (next === followup) {
        const end = this.pending.indexOf(">>");
        if (end < 0) return out;
        const question = this.pending.slice(2, end).trim();
        if (question) this.followups.push(question);
        this.pending = this.pending.slice(end + 2);
      } else {
        const end = this.pending.indexOf("]");
        const newline = this.pending.indexOf("\n");
        if (newline >= 0 && (end < 0 || newline < end)) {
          // Not a citation: a lone "[" followed by a line break.
          out += this.pending.slice(0, newline + 1);
          this.pending = this.pending.slice(newline + 1);
          continue;
        }
        if (end < 0) {
          if (this.pending.length > 300) {
            out += this.pending;
            this.pending = "";
          }
          return out;
        }
        const id = this.pending.slice(1, end);
        if (this.known.has(id)) out += this.pending.slice(0, end + 1);
        else if (!/\.[a-z0-9]{1,5}(#page=\d+)?$/i.test(id)) out += this.pending.slice(0, end + 1); // ordinary bracketed text
        this.pending = this.pending.slice(end + 1);
      }
    }
  }

  /** Call at the end of the stream: whatever was held back and is not a follow-up. */
  flush(): string {
    const rest = this.pending.startsWith("<<") ? "" : this.pending;
    this.pending = "";
    return rest;
  }
}
