/**
 * Cleans a streamed answer as it arrives:
 * - follow-up questions written as `<<question>>` are cut out and collected, even when `<<`
 *   or `>>` is split across chunks;
 * - a `[citation]` is held until its `]` arrives and dropped if it names no data point, so
 *   every bracket the user sees matches a source.
 * Text that might still turn into either is held back; everything else passes at once.
 */
/** Longest stretch held back while waiting for a closing `>>` or `]`. */
const MAX_HELD = 300;
/** Bracketed text that names a file (with an optional page) is meant as a citation. */
const LOOKS_LIKE_CITATION = /\.[a-z0-9]{1,5}(#page=\d+)?$/i;

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
      const opener = next === followup ? "<<" : "[";
      const close = this.pending.indexOf(opener === "<<" ? ">>" : "]");
      const newline = this.pending.indexOf("\n");
      // A line break before the closer, or too much text, means this was no marker at all
      // ("x << 2", "[see below"): release the opener as text and keep scanning after it.
      if ((newline >= 0 && (close < 0 || newline < close)) || (close < 0 && this.pending.length > MAX_HELD)) {
        out += opener;
        this.pending = this.pending.slice(opener.length);
        continue;
      }
      if (close < 0) return out; // wait for more
      const inner = this.pending.slice(opener.length, close);
      const whole = this.pending.slice(0, close + (opener === "<<" ? 2 : 1));
      this.pending = this.pending.slice(whole.length);
      if (opener === "<<") {
        if (inner.trim()) this.followups.push(inner.trim());
      } else if (this.known.has(inner) || !LOOKS_LIKE_CITATION.test(inner)) {
        out += whole; // a real citation, or ordinary bracketed text
      }
    }
  }

  /** Call at the end of the stream: whatever was held back and is not a follow-up. */
  flush(): string {
    let rest = this.pending;
    this.pending = "";
    // A follow-up the model did not close before stopping is still a follow-up.
    if (rest.startsWith("<<") && !rest.includes("\n")) {
      if (rest.slice(2).trim()) this.followups.push(rest.slice(2).trim());
      rest = "";
    }
    return rest;
  }
}

const WORDS_PER_PIECE = 6;

/**
 * An answer written at once (the offline one) as a stream of short pieces, as a model would
 * send it: a few words each, never splitting a citation bracket, together exactly the text.
 */
export function streamPieces(text: string, wordsPerPiece = WORDS_PER_PIECE): string[] {
  const tokens = text.match(/\[[^\]\n]*\]|[^\s[]+|\[|\s+/g) ?? [];
  const pieces: string[] = [];
  let piece = "";
  let words = 0;
  for (const token of tokens) {
    piece += token;
    if (/\S/.test(token) && ++words >= wordsPerPiece) {
      pieces.push(piece);
      piece = "";
      words = 0;
    }
  }
  if (piece) pieces.push(piece);
  return pieces;
}
