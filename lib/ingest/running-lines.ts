/**
 * Running heads and feet of a paged document: a line among the first or last two of a page that
 * recurs, numbers aside, at the edge of at least two pages in five (three pages or more): the
 * document's title, "Confidential", "Page 3 of 40", a bare page number. They say nothing about
 * the page they are on, yet every chunk carried them into search, and they cut sentences that run
 * on to the next page. They are dropped from every page: kept on its first page, one was taken
 * for a heading ("Page 1 of 40" above the next page's text) and headed the chunks that followed.
 * Section headings that happen to open a few pages stay: they recur on far fewer.
 */

const EDGE_LINES = 2;
const MIN_SHARE = 0.4;
const MIN_PAGES = 3;
/** Running lines are short; a long recurring line is content (a repeated notice a reader sees). */
const MAX_WORDS = 12;

const keyOf = (line: string) => line.trim().replace(/\d+/g, "#").replace(/\s+/g, " ").toLowerCase();

/** The edge lines of a page: indices of its first and last non-blank lines. */
function edges(lines: string[]): number[] {
  const filled = lines.flatMap((line, i) => (line.trim() ? [i] : []));
  return [...new Set([...filled.slice(0, EDGE_LINES), ...filled.slice(-EDGE_LINES)])];
}

/** Pages' text (lines split by "\n") without their running heads and feet. */
export function dropRunningLines(pages: string[]): string[] {
  const split = pages.map((page) => page.split("\n"));
  const counts = new Map<string, number>();
  for (const lines of split) {
    const keys = new Set(edges(lines).map((i) => keyOf(lines[i])));
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const withText = split.filter((lines) => lines.some((l) => l.trim())).length;
  const needed = Math.max(MIN_PAGES, Math.ceil(MIN_SHARE * withText));
  const running = new Set(
    [...counts].filter(([key, n]) => n >= needed && key.split(" ").length <= MAX_WORDS && /[\p{L}\p{N}]/u.test(key)).map(([k]) => k),
  );
  if (running.size === 0) return pages;
  return split.map((lines) => {
    const drop = new Set(edges(lines).filter((i) => running.has(keyOf(lines[i]))));
    return drop.size ? lines.filter((_, i) => !drop.has(i)).join("\n") : lines.join("\n");
  });
}
