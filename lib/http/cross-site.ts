import { requestHost } from "./origin";

/**
 * True for a state-changing request sent by another site's page. The app enables no CORS, so a
 * legitimate browser client is always same-origin; non-browser clients (AI Studio, curl, the
 * chat protocol client in Node) send no Origin and pass.
 */
export function isCrossSite(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD") return false;
  if (request.headers.get("sec-fetch-site") === "cross-site") return true;
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return origin === "null";
  try {
    return new URL(origin).host !== requestHost(request);
  } catch {
    return true;
  }
}
