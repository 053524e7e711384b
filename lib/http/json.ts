import { badRequest } from "@/lib/errors";

/**
 * JSON from outside, with its nesting bounded: the text is already size-bounded by whoever read
 * it, but a few hundred KB of `[[[[…` nest deeper than any code that walks the value (zod,
 * JSON.stringify, our own) has stack for. No wire format of this app nests beyond a dozen.
 */
export const MAX_JSON_DEPTH = 64;

/** The deepest nesting of arrays and objects in a JSON text (strings skipped), stopping past `limit`. */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** JSON.parse for untrusted text: 400 when it is not JSON or nests deeper than MAX_JSON_DEPTH. */
export function parseUntrustedJson(text: string, what = "Request body"): unknown {
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw badRequest(`${what} nests deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`${what} must be valid JSON`);
  }
}
