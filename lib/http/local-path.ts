/**
 * Where to go after signing in (`/login?next=…`): a path on this site, never another origin.
 * The browser's own URL parser decides, as it will when it navigates: it drops tabs and
 * newlines and reads `\` as `/`, so `/\t/evil.example` is `//evil.example`, another host.
 * Leading slashes are collapsed so the result cannot be read as `//host` either.
 */
export function localPath(next: string | null | undefined, origin: string): string {
  if (!next) return "/";
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return "/";
  }
  if (url.origin !== origin) return "/";
  return `${url.pathname.replace(/^[/\\]+/, "/")}${url.search}${url.hash}`;
}
