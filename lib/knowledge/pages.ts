/**
 * The best passage of each page, in rank order: the page is the unit of citation, so a second
 * passage of a page would only push another page out of the results. Items whose key is null
 * (no page) all stay.
 */
export function onePerPage<T>(ranked: T[], pageKey: (item: T) => string | null): T[] {
  return bestPerPage(ranked, pageKey, 1);
}

/** The best `max` passages of each page, in rank order (a Polymath host returns passages, not pages). */
export function bestPerPage<T>(ranked: T[], pageKey: (item: T) => string | null, max: number): T[] {
  const seen = new Map<string, number>();
  return ranked.filter((item) => {
    const key = pageKey(item);
    if (key === null) return true;
    const taken = seen.get(key) ?? 0;
    if (taken >= max) return false;
    seen.set(key, taken + 1);
    return true;
  });
}
