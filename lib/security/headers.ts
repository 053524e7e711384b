import { randomBytes } from "node:crypto";

/**
 * Security headers for every response. Pages get a strict Content-Security-Policy: scripts only
 * from this origin or carrying the per-request nonce (Next.js puts it on its own inline scripts
 * when it finds it in the request's CSP), no plugins, no framing by other sites, no <base>
 * hijacking. Styles may be inline: React sets style attributes.
 */

export const newNonce = () => randomBytes(16).toString("base64");

/**
 * `storageOrigin`: the object store originals live in, when they do: pages fetch cited PDFs and
 * show images from there (signed URLs) and upload straight to it.
 */
export function contentSecurityPolicy(
  nonce: string,
  storageOrigin: string | null = null,
  dev = process.env.NODE_ENV === "development",
): string {
  const storage = storageOrigin ? ` ${storageOrigin}` : "";
  return [
    "default-src 'self'",
    // 'strict-dynamic': scripts a trusted script loads (Next's chunks) are trusted too.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${storage}`,
    "font-src 'self' data:",
    `connect-src 'self'${storage}`,
    "worker-src 'self' blob:",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

/** Headers every response carries, pages and APIs alike. */
export const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "SAMEORIGIN",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
};

/** The nonce the proxy put in the request's CSP, for the page's own inline scripts. */
export function nonceOf(csp: string | null): string | undefined {
  return csp ? /'nonce-([^']+)'/.exec(csp)?.[1] : undefined;
}
