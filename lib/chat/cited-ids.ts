/**
 * Brackets in an answer that name a known citation, in order of first use. A module of its own:
 * the feedback routes read it, and lib/chat/citations.ts imports the knowledge store.
 */
export function citedIds(answer: string, known: Iterable<string>): string[] {
  const valid = new Set(known);
  const used: string[] = [];
  for (const [, id] of answer.matchAll(/\[([^\]\n]+)\]/g)) {
    if (valid.has(id) && !used.includes(id)) used.push(id);
  }
  return used;
}
