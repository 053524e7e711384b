/**
 * The origin a client used to reach this app, for links it must be able to open. Behind a
 * reverse proxy the Host header is the proxy's target, so x-forwarded-host / -proto win.
 * Values are checked so a forged header cannot inject anything but a host name into a URL.
 */
const HOST_RE = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

const firstValue = (value: string | null) => value?.split(",")[0]?.trim() || null;

export function requestHost(request: Request): string {
  const url = new URL(request.url);
  const host = firstValue(request.headers.get("x-forwarded-host")) ?? firstValue(request.headers.get("host"));
  return host && HOST_RE.test(host) ? host : url.host;
}

export function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  const proto = firstValue(request.headers.get("x-forwarded-proto"))?.toLowerCase();
  const scheme = proto === "http" || proto === "https" ? proto : url.protocol.replace(/:$/, "");
  return `${scheme}://${requestHost(request)}`;
}

/**
 * The request as its client addressed it. `next start` hands route handlers a URL on its own
 * bind name ("localhost") whatever Host the browser sent; libraries that compare the browser's
 * Origin with the request URL (Better Auth's origin check) need the Host's origin instead.
 */
export function asAddressed(request: Request): Request {
  const url = new URL(request.url);
  const origin = requestOrigin(request);
  if (url.origin === origin) return request;
  return new Request(`${origin}${url.pathname}${url.search}`, request);
}
