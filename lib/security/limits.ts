import { config } from "@/lib/config";
import { payloadTooLarge } from "@/lib/errors";
import { readTextWithin } from "@/lib/http/body";

/**
 * Request body ceilings. JSON bodies are small (a chat is at most 512 KB, settings far less);
 * only uploads are large: MAX_UPLOAD_MB for all files of one upload, plus the multipart framing.
 */
export const MAX_JSON_BYTES = 1024 * 1024;
const MULTIPART_FRAMING_BYTES = 64 * 1024;

const UPLOAD = /^\/v1\/collections\/[^/]+\/documents$/;
export const isUploadRoute = (method: string, pathname: string) => method === "POST" && UPLOAD.test(pathname);

/** The most a request to this route may send. */
export const bodyLimit = (method: string, pathname: string) =>
  isUploadRoute(method, pathname) ? config().maxUploadBytes + MULTIPART_FRAMING_BYTES : MAX_JSON_BYTES;

export const tooLargeMessage = (limit: number) =>
  limit >= 1024 * 1024
    ? `Request body too large (limit ${Math.round(limit / 1024 / 1024)} MB)`
    : `Request body too large (limit ${Math.round(limit / 1024)} KB)`;

/** The body as text, 413 once it passes `limit` bytes. */
export function readLimitedText(request: Request, limit = MAX_JSON_BYTES): Promise<string> {
  return readTextWithin(request, limit, () => payloadTooLarge(tooLargeMessage(limit)));
}
