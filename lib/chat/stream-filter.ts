import { UNSUPPORTED_MARKER } from "./answer-notes";
import { LOOKS_LIKE_CITATION } from "./citations";

/**
 * Cleans a streamed answer as it arrives:
 * - follow-up questions written as `<<question>>` are cut out and collected, even when `<<`
 *   or `>>` is split across chunks;
 * - a `[citation]` is held until its `]` arrives; one that names no data point becomes
 *   UNSUPPORTED_MARKER, so the claim before it never looks sourced. Beside a real citation
 *   (`[a.pdf#page=1][made-up.pdf]`) the invented one is only dropped: the claim has a source.
 * Text that might still turn into either is held back; everything else passes at once.
 */
/** Longest stretch held back while waiting for a closing `>>` or `]`. */
const MAX_HELD = 300;
/** The start of one, cut off by the end of the stream. */
const LOOKS_LIKE_CUT_CITATION = /\.[a-z0-9]{1,5}(#\S*)?$/i;

export class AnswerStreamFilter {
  private pending = "";
  private readonly known: Set<string>;
  readonly followups: string[] = [];
  /** Citations the model made up (not among the data points), in order. */
  readonly invented: string[] = [];
  /** An invented citation whose marker waits to see whether a real citation follows it. */
  private markerHeld = false;
  /** Whitespace after a citation, held until the next token shows whether it stays. */
  private spaceHeld = "";
  /** The text so far ends with a real citation (and maybe whitespace). */
  private afterKnown = false;

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
        out += this.text(this.pending.slice(0, this.pending.length - keep));
        this.pending = this.pending.slice(this.pending.length - keep);
        return out;
      }
      out += this.text(this.pending.slice(0, next));
      this.pending = this.pending.slice(next);
      const opener = next === followup ? "<<" : "[";
      const close = this.pending.indexOf(opener === "<<" ? ">>" : "]");
      const newline = this.pending.indexOf("\n");
      // A line break before the closer, or too much text, means this was no marker at all
      // ("x << 2", "[see below"): release the opener as text and keep scanning after it.
      if ((newline >= 0 && (close < 0 || newline < close)) || (close < 0 && this.pending.length > MAX_HELD)) {
        out += this.text(opener);
        this.pending = this.pending.slice(opener.length);
        continue;
      }
      if (close < 0) return out; // wait for more
      const inner = this.pending.slice(opener.length, close);
      const whole = this.pending.slice(0, close + (opener === "<<" ? 2 : 1));
      this.pending = this.pending.slice(whole.length);
      if (opener === "<<") {
        if (inner.trim()) this.followups.push(inner.trim());
      } else if (this.known.has(inner)) {
        out += this.citation(whole);
      } else if (LOOKS_LIKE_CITATION.test(inner)) {
        this.inventedCitation(inner);
      } else {
        out += this.text(whole); // ordinary bracketed text
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
    // A citation cut off by the end of the stream ("[handbook.pdf#pa") names nothing.
    if (rest.startsWith("[") && !rest.includes("\n") && this.cutCitation(rest.slice(1))) rest = "";
    const out = this.text(rest);
    const end = this.markerHeld ? UNSUPPORTED_MARKER : this.spaceHeld;
    this.markerHeld = false;
    this.spaceHeld = "";
    return out + end;
  }

  /** Plain text: releases what was held before it. */
  private text(text: string): string {
    if (!text) return "";
    if ((this.markerHeld || this.afterKnown) && !/\S/.test(text)) {
      this.spaceHeld += text;
      return "";
    }
    const out = (this.markerHeld ? UNSUPPORTED_MARKER : "") + this.spaceHeld + text;
    this.markerHeld = false;
    this.spaceHeld = "";
    this.afterKnown = false;
    return out;
  }

  /** A real citation: an invented one just before it is dropped (with the space after it). */
  private citation(bracket: string): string {
    const out = (this.markerHeld ? "" : this.spaceHeld) + bracket;
    this.markerHeld = false;
    this.spaceHeld = "";
    this.afterKnown = true;
    return out;
  }

  /** An invented citation: marked, unless a real one stands beside it; one marker for a run. */
  private inventedCitation(id: string): void {
    this.invented.push(id);
    this.spaceHeld = ""; // the space between it and the citation before it
    if (!this.afterKnown) this.markerHeld = true;
  }

  private cutCitation(inner: string): boolean {
    return LOOKS_LIKE_CUT_CITATION.test(inner) || [...this.known].some((id) => inner && id.startsWith(inner));
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
