import { payloadTooLarge } from "@/lib/errors";
import { readTextWithin } from "@/lib/http/body";

/**
 * Request body ceilings. JSON bodies are small (a chat is at most 512 KB, settings far less);
 * only uploads are large, and the upload route enforces MAX_UPLOAD_MB itself.
 */
export const MAX_JSON_BYTES = 1024 * 1024;

const UPLOAD = /^\/v1\/collections\/[^/]+\/documents$/;
export const isUploadRoute = (method: string, pathname: string) => method === "POST" && UPLOAD.test(pathname);

/** The body as text, 413 once it passes `limit` bytes. */
export function readLimitedText(request: Request, limit = MAX_JSON_BYTES): Promise<string> {
  return readTextWithin(request, limit, () => payloadTooLarge(`Request body too large (limit ${Math.round(limit / 1024)} KB)`));
}
