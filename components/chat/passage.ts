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
  const attempts = [needle, ...[0.1, 0.25, 0.5].map((f) => needle.slice(Math.floor(needle.length * f))), needle.slice(0, 200), needle.slice(0, 80)];
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
