/**
 * Finds a retrieved passage inside the original text. Chunk text has its whitespace
 * normalised (and may start with a repeated heading), so the match ignores whitespace
 * differences and falls back to shorter stretches of the passage.
 */
export function findPassage(text: string, passage: string): { start: number; end: number } | null {
  const { flat, origin } = collapseWhitespace(text);
  const haystack = flat.toLowerCase();
  const needle = collapseWhitespace(passage).flat.trim().toLowerCase();
  if (!needle) return null;
  // The whole passage; then without its start (a repeated heading); then its first words.
  const attempts = [
    needle,
    ...[0.1, 0.25, 0.5].map((f) => needle.slice(Math.floor(needle.length * f))),
    needle.slice(0, 200),
    needle.slice(0, 80),
  ];
  for (const attempt of attempts) {
    const piece = attempt.trim();
    if (piece.length < Math.min(20, needle.length)) continue;
    const at = haystack.indexOf(piece);
    if (at !== -1) return { start: origin[at], end: origin[at + piece.length - 1] + 1 };
  }
  return null;
}

function collapseWhitespace(text: string): { flat: string; origin: number[] } {
  let flat = "";
  const origin: number[] = [];
  let inSpace = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (/\s/.test(ch)) {
      if (!inSpace) {
        flat += " ";
        origin.push(i);
      }
      inSpace = true;
    } else {
      flat += ch;
      origin.push(i);
      inSpace = false;
    }
  }
  return { flat, origin };
}

/** Normalised words of a string, for matching PDF text items against a passage. */
export function normalizedWords(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * The answer's sentences that cite `citation`, as the answer quotes them: the text before each
 * of its `[citation]` markers, back to the previous marker or line. An offline answer quotes
 * sentences word for word, so the viewer can mark exactly those; a model's paraphrase matches
 * nothing and the whole passage is marked instead.
 */
export function quotedSentences(answer: string, citation: string): string[] {
  const quoted: string[] = [];
  for (const line of answer.split("\n")) {
    // Adjacent markers ("…[a.pdf#page=2][b.pdf#page=5]") cite the same sentence.
    for (const [, sentence, markers] of line.matchAll(/([^\]]*?)((?:\[[^\]]+\]\s*)+)/g)) {
      if (!markers.includes(`[${citation}]`)) continue;
      const text = sentence
        .replace(/^\s*>\s*/, "")
        .replace(/^(Yes|No)\.\s+/, "")
        // A comparison labels a sentence with its document: "**Northwind Standard:** The plan…".
        .replace(/^\s*\*\*[^*]+:\*\*\s+/, "")
        .replace(/…\s*$/, "")
        .trim();
      if (text.length >= 20) quoted.push(text);
    }
  }
  return quoted;
}

/** Of the quoted sentences, those found in the cited passages; else the passages themselves. */
export function highlightTargets(passages: string[], quoted: string[]): string[] {
  const flat = passages.map(normalizedWords);
  const found = quoted.filter((q) => flat.some((p) => p.includes(normalizedWords(q))));
  return found.length ? found : passages;
}

/**
 * Whether a line of the page belongs to a target: it lies inside it, or (a line where a quoted
 * sentence starts or ends) it shares at least `overlap` characters with the target's start or end.
 */
export function lineInTarget(line: string, target: string, overlap = 12): boolean {
  if (target.includes(line)) return true;
  const head = target.slice(0, Math.min(target.length, 40));
  const tail = target.slice(Math.max(0, target.length - 40));
  for (let n = Math.min(line.length, head.length); n >= overlap; n--) if (line.endsWith(head.slice(0, n))) return true;
  for (let n = Math.min(line.length, tail.length); n >= overlap; n--) if (line.startsWith(tail.slice(tail.length - n))) return true;
  return false;
}

/**
 * The range widened to whole Markdown blocks: back to the blank line before it, on to the blank
 * line after it, and never ending inside a fenced code block (its blank lines are no boundary).
 */
export function markdownBlocksAround(text: string, range: { start: number; end: number }): { start: number; end: number } {
  const boundaries = [0];
  let fenced = false;
  let offset = 0;
  let blank = false;
  for (const line of text.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const isBlank = !fenced && line.trim() === "";
    if (isBlank && !blank) boundaries.push(offset);
    blank = isBlank;
    offset += line.length + 1;
  }
  boundaries.push(text.length);
  const start = Math.max(...boundaries.filter((b) => b <= range.start));
  const end = Math.min(...boundaries.filter((b) => b >= range.end));
  return { start, end };
}
