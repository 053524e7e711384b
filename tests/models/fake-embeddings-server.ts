import http from "node:http";
import type { AddressInfo } from "node:net";

/** What the server saw, per request. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: { model: string; input: string | string[]; dimensions?: number; encoding_format?: string };
}

/** Return a scripted reply, or undefined to answer normally; "drop" closes the socket without replying. */
export type Script = (
  req: RecordedRequest,
  count: number,
) => { status: number; headers?: Record<string, string>; body?: unknown } | "drop" | undefined;

export const NATIVE_DIMENSIONS = 8;

/** Deterministic, non-normalised vector for a text, so tests can check order and normalisation. */
export function fakeVector(text: string, dims: number): number[] {
  let sum = text.length;
  for (let i = 0; i < text.length; i++) sum += text.charCodeAt(i);
  return Array.from({ length: dims }, (_, i) => ((sum * (i + 7)) % 13) + 1);
}

/** The /v1/embeddings answer: `dimensions` and both encoding formats honoured as the OpenAI API does. */
export function embeddingsReply(body: RecordedRequest["body"]) {
  const inputs = Array.isArray(body.input) ? body.input : [body.input];
  const dims = body.dimensions ?? NATIVE_DIMENSIONS;
  const data = inputs.map((text, index) => {
    const vector = fakeVector(text, dims);
    const embedding = body.encoding_format === "base64" ? Buffer.from(new Float32Array(vector).buffer).toString("base64") : vector;
    return { object: "embedding", index, embedding };
  });
  // Real servers do not promise order; index is authoritative.
  data.reverse();
  return { object: "list", data, model: body.model, usage: { prompt_tokens: inputs.length, total_tokens: inputs.length } };
}

/**
 * A real HTTP server speaking the /v1/embeddings wire format, on an ephemeral port.
 * Honours `dimensions` and both encoding formats like the OpenAI API does.
 */
export async function startEmbeddingsServer(script: Script = () => undefined) {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}"),
      };
      requests.push(recorded);
      const scripted = script(recorded, requests.length);
      if (scripted === "drop") {
        req.socket.destroy();
        return;
      }
      if (scripted) {
        res.writeHead(scripted.status, { "content-type": "application/json", ...scripted.headers });
        res.end(scripted.body === undefined ? "" : JSON.stringify(scripted.body));
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(embeddingsReply(recorded.body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    requests,
    origin: `http://127.0.0.1:${port}`,
    baseURL: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function openAIError(status: number, message: string, code: string | null = null) {
  return { error: { message, type: "invalid_request_error", param: null, code } };
}
