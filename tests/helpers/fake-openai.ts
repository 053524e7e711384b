import http from "node:http";
import type { AddressInfo } from "node:net";
import { embeddingsReply } from "../models/fake-embeddings-server";

/**
 * A local OpenAI-compatible server speaking the real wire format: `POST /v1/chat/completions`
 * (Azure OpenAI: `/openai/deployments/{name}/chat/completions?api-version=…`)
 * answers JSON, or Server-Sent Events of `chat.completion.chunk` objects when `stream` is set,
 * ended by a chunk with `finish_reason`, a usage chunk and `data: [DONE]`; errors are JSON
 * `{"error": {message, type, param, code}}` bodies with their status (and Retry-After).
 * Each request takes the next scripted behaviour.
 */
export type Behaviour =
  | {
      kind: "stream";
      chunks: string[];
      usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
      /** The last chunk's finish_reason ("stop" unless said); null: no finishing chunk at all. */
      finishReason?: "stop" | "length" | "content_filter" | null;
      /**
       * How the response ends after the chunks: `data: [DONE]` and a clean end (default), a
       * clean end without [DONE] ("close"), or the connection destroyed mid-response ("drop").
       */
      end?: "done" | "close" | "drop";
    }
  /** The connection is destroyed before any response (a reset). */
  | { kind: "reset" }
  /** Sends the role chunk and `chunks`, then keeps the connection open and silent. */
  | { kind: "stall"; chunks: string[] }
  /** A 200 reply with any content type and body (a proxy's HTML page, a JSON object). */
  | { kind: "raw"; contentType: string; body: string }
  | { kind: "json"; content: string }
  | { kind: "status"; status: number; message: string; code?: string; headers?: Record<string, string> }
  | { kind: "hang" };

export interface FakeOpenAI {
  url: string;
  /** `apiKey`: the `api-key` header Azure OpenAI clients send instead of a Bearer token. */
  requests: { path: string; body: Record<string, unknown>; authorization?: string; apiKey?: string }[];
  script: Behaviour[];
  /** What `GET /v1/models` lists (answered without taking a scripted behaviour). */
  models: string[];
  /** While set, `POST /v1/embeddings` answers only once this settles (a slow embeddings server). */
  holdEmbeddings: Promise<void> | null;
  close(): Promise<void>;
}

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const requests: FakeOpenAI["requests"] = [];
  const script: Behaviour[] = [];
  const models = ["fake-chat", "fake-embed"];
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const body = raw ? JSON.parse(raw) : {};
      const apiKey = req.headers["api-key"];
      requests.push({
        path: req.url ?? "",
        body,
        authorization: req.headers.authorization,
        ...(typeof apiKey === "string" ? { apiKey } : {}),
      });
      // Azure OpenAI lists its base models under /openai/models?api-version=… .
      if (req.method === "GET" && (req.url === "/v1/models" || req.url?.startsWith("/openai/models?api-version="))) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ object: "list", data: models.map((id) => ({ id, object: "model", created: 1, owned_by: "fake" })) }));
        return;
      }
      if (req.method === "POST" && req.url === "/v1/embeddings") {
        void Promise.resolve(fake.holdEmbeddings).then(() => {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify(embeddingsReply(body)));
        });
        return;
      }
      const behaviour = script.shift() ?? { kind: "status", status: 500, message: "no scripted response" };
      const base = { id: "chatcmpl-1", created: 1, model: body.model ?? "fake" };
      if (behaviour.kind === "hang") return; // never answers
      if (behaviour.kind === "reset") return void req.socket.destroy();
      if (behaviour.kind === "status") {
        const type = behaviour.status === 429 ? "requests" : behaviour.status >= 500 ? "server_error" : "invalid_request_error";
        res.writeHead(behaviour.status, { "content-type": "application/json", ...behaviour.headers });
        res.end(JSON.stringify({ error: { message: behaviour.message, type, param: null, code: behaviour.code ?? null } }));
        return;
      }
      if (behaviour.kind === "json") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            ...base,
            object: "chat.completion",
            choices: [{ index: 0, message: { role: "assistant", content: behaviour.content }, finish_reason: "stop" }],
            usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
          }),
        );
        return;
      }
      if (behaviour.kind === "raw") {
        res.writeHead(200, { "content-type": behaviour.contentType });
        res.end(behaviour.body);
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      const send = (obj: unknown) => res.write(`data: ${JSON.stringify(obj)}\n\n`);
      send({
        ...base,
        object: "chat.completion.chunk",
        choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }],
      });
      for (const content of behaviour.chunks) {
        send({ ...base, object: "chat.completion.chunk", choices: [{ index: 0, delta: { content }, finish_reason: null }] });
      }
      if (behaviour.kind === "stall") return; // open and silent until closed
      // Destroyed once the chunks are on their way: the client has read them, then the socket breaks.
      if (behaviour.end === "drop") return void res.write("", () => setTimeout(() => req.socket.destroy(), 20));
      const finishReason = behaviour.finishReason === undefined ? "stop" : behaviour.finishReason;
      if (finishReason) send({ ...base, object: "chat.completion.chunk", choices: [{ index: 0, delta: {}, finish_reason: finishReason }] });
      if (behaviour.usage) send({ ...base, object: "chat.completion.chunk", choices: [], usage: behaviour.usage });
      if (behaviour.end !== "close") res.write("data: [DONE]\n\n");
      res.end();
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeOpenAI = {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script,
    models,
    holdEmbeddings: null,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  return fake;
}
