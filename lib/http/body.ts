/**
 * A request's or response's body as text, refusing once it passes `limit` bytes, whatever its
 * Content-Length said: a chunked body declares no length and could be endless.
 */
export async function readTextWithin(message: Request | Response, limit: number, tooLarge: () => Error): Promise<string> {
  if (Number(message.headers.get("content-length") ?? 0) > limit) throw tooLarge();
  if (!message.body) return "";
  const reader = message.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    parts.push(value);
  }
  return Buffer.concat(parts).toString("utf8");
}
