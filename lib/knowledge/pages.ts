/**
 * The best passage of each page, in rank order: the page is the unit of citation, so a second
 * passage of a page would only push another page out of the results. Items whose key is null
 * (no page) all stay.
 */
export function onePerPage<T>(ranked: T[], pageKey: (item: T) => string | null): T[] {
  const seen = new Set<string>();
  return ranked.filter((item) => {
    const key = pageKey(item);
    if (key === null) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
