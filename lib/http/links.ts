/**
 * Links that may leave the server in any answer (citations, Polymath bits, ERI paths): absolute
 * http(s) URLs, and this app's own paths. Anything else a stored source carries (`javascript:`,
 * `data:`, `file:`, `//other.host`) is dropped: a client that renders it as a link would run or
 * open it.
 */
export function outboundLink(value: unknown): string | null {
  if (typeof value !== "string" || !value.trim()) return null;
  const link = value.trim();
  // One leading slash and not a backslash after it: a path here, not `//host` or `/\host`.
  if (/^\/(?![/\\])/.test(link)) return /[\u0000-\u001f]/.test(link) ? null : link;
  try {
    const { protocol } = new URL(link);
    return protocol === "http:" || protocol === "https:" ? link : null;
  } catch {
    return null;
  }
}
