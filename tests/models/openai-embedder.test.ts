import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { EmbeddingServiceError, OpenAIEmbedder, type OpenAIEmbedderOptions } from "@/lib/models/openai-embedder";
import { retryAfterMs } from "@/lib/models/retry";
import { fakeVector, NATIVE_DIMENSIONS, openAIError, startEmbeddingsServer, type Script } from "./fake-embeddings-server";

type Server = Awaited<ReturnType<typeof startEmbeddingsServer>>;
let server: Server | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(script?: Script, options: Partial<OpenAIEmbedderOptions> = {}) {
  server = await startEmbeddingsServer(script);
  const embedder = new OpenAIEmbedder({
    model: "text-embedding-3-small",
    apiKey: "sk-test-secret-key",
    baseURL: server.baseURL,
    baseDelayMs: 5,
    maxDelayMs: 20,
    ...options,
  });
  return { server, embedder };
}

const unit = (v: number[]) => {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};
const texts = (n: number) => Array.from({ length: n }, (_, i) => `passage number ${i}`);

describe("OpenAIEmbedder against a real HTTP server", () => {
  it("sends the wire format and returns unit vectors in input order", async () => {
    const { server, embedder } = await setup();
    const input = ["annual deductible", "vacation days", "copay"];
    const vectors = await embedder.embed(input);

    expect(server.requests).toHaveLength(1);
    const [req] = server.requests;
    expect(req.method).toBe("POST");
    expect(req.url).toBe("/v1/embeddings");
    expect(req.headers.authorization).toBe("Bearer sk-test-secret-key");
    expect(req.body).toMatchObject({ model: "text-embedding-3-small", input, encoding_format: "float" });
    expect(req.body).not.toHaveProperty("dimensions");

    vectors.forEach((v, i) => {
      expect(v).toBeInstanceOf(Float32Array);
      Array.from(v).forEach((x, k) => expect(x).toBeCloseTo(unit(fakeVector(input[i], NATIVE_DIMENSIONS))[k], 6));
    });
    expect(embedder.dimensions).toBe(NATIVE_DIMENSIONS); // learned from the response
  });

  it("splits inputs into batches and keeps the overall order", async () => {
    const { server, embedder } = await setup(undefined, { batchSize: 64 });
    const input = texts(150);
    const vectors = await embedder.embed(input);

    expect(server.requests.map((r) => (r.body.input as string[]).length).sort((a, b) => b - a)).toEqual([64, 64, 22]);
    expect(vectors).toHaveLength(150);
    expect(vectors[149][0]).toBeCloseTo(unit(fakeVector(input[149], NATIVE_DIMENSIONS))[0], 6);
    expect(await embedder.embed([])).toEqual([]);
    expect(server.requests).toHaveLength(3);
  });

  it("waits for Retry-After on 429, then succeeds", async () => {
    const { server, embedder } = await setup((_req, n) =>
      n === 1 ? { status: 429, headers: { "retry-after": "1" }, body: openAIError(429, "Rate limit reached") } : undefined,
    );
    const start = Date.now();
    const vectors = await embedder.embed(["hello"]);
    expect(Date.now() - start).toBeGreaterThanOrEqual(950); // base delay is 5 ms, so this is the header
    expect(vectors).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
  });

  it("retries a 500 and a dropped connection", async () => {
    const { server, embedder } = await setup((_req, n) =>
      n === 1 ? { status: 500, body: openAIError(500, "The server had an error") } : n === 2 ? "drop" : undefined,
    );
    expect(await embedder.embed(["hello"])).toHaveLength(1);
    expect(server.requests).toHaveLength(3);
  });

  it("fails at once on 401 with a clear message that does not echo the key", async () => {
    const { server, embedder } = await setup(() => ({
      status: 401,
      body: openAIError(401, "Incorrect API key provided: sk-test-***-key.", "invalid_api_key"),
    }));
    const error = await embedder.embed(["hello"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddingServiceError);
    expect((error as Error).message).toMatch(/rejected the API key \(401\)/);
    expect((error as Error).message).not.toContain("sk-test");
    expect((error as EmbeddingServiceError).upstreamStatus).toBe(401);
    expect(server.requests).toHaveLength(1);
  });

  it("does not retry other 4xx and passes the server's reason on", async () => {
    const { server, embedder } = await setup(() => ({ status: 400, body: openAIError(400, "input is too long") }));
    await expect(embedder.embed(["hello"])).rejects.toThrow("Embedding service rejected the request (400): input is too long");
    expect(server.requests).toHaveLength(1);
  });

  it("gives up after maxAttempts and says so", async () => {
    const { server, embedder } = await setup(() => ({ status: 503, body: openAIError(503, "overloaded") }), { maxAttempts: 3 });
    await expect(embedder.embed(["hello"])).rejects.toThrow("Embedding service failed (503) after 3 attempts: overloaded");
    expect(server.requests).toHaveLength(3);
  });

  it("does not retry a 429 for exhausted quota", async () => {
    const { server, embedder } = await setup(() => ({
      status: 429,
      body: openAIError(429, "You exceeded your current quota", "insufficient_quota"),
    }));
    await expect(embedder.embed(["hello"])).rejects.toThrow(/quota is exhausted \(429\)/);
    expect(server.requests).toHaveLength(1);
  });

  it("reports an unreachable server", async () => {
    const { server, embedder } = await setup(undefined, { maxAttempts: 2 });
    await server.close();
    await expect(embedder.embed(["hello"])).rejects.toThrow(/Could not reach the embedding service at .* after 2 attempts/);
  });

  it("passes configured dimensions through and checks the answer", async () => {
    const { server, embedder } = await setup(undefined, { dimensions: 256 });
    expect(embedder.dimensions).toBe(256);
    const [v] = await embedder.embed(["hello"]);
    expect(server.requests[0].body.dimensions).toBe(256);
    expect(v).toHaveLength(256);
    expect(Math.hypot(...v)).toBeCloseTo(1, 5);
  });

  it("explains a server that ignores the dimensions parameter", async () => {
    const { embedder } = await setup(
      (req) => ({
        status: 200,
        body: {
          object: "list",
          data: [{ object: "embedding", index: 0, embedding: fakeVector("x", 8) }],
          model: req.body.model,
          usage: {},
        },
      }),
      { dimensions: 256 },
    );
    await expect(embedder.embed(["hello"])).rejects.toThrow(/returned 8-dimensional vectors .* but 256 were expected/);
  });

  it("sends empty strings as a space (the API rejects empty input)", async () => {
    const { server, embedder } = await setup();
    await embedder.embed(["", "text"]);
    expect(server.requests[0].body.input).toEqual([" ", "text"]);
  });

  it("talks to Azure OpenAI deployments with the api-key header", async () => {
    server = await startEmbeddingsServer();
    // The SDK would otherwise pick this up and refuse it next to an endpoint.
    process.env.OPENAI_BASE_URL = "http://127.0.0.1:1/v1";
    onTestFinished(() => void delete process.env.OPENAI_BASE_URL);
    const embedder = new OpenAIEmbedder({
      model: "my-embedding-deployment",
      apiKey: "azure-key",
      azureEndpoint: server.origin,
      azureApiVersion: "2024-10-21",
      dimensions: 16,
    });
    const [v] = await embedder.embed(["hello"]);
    const [req] = server.requests;
    expect(req.url).toBe("/openai/deployments/my-embedding-deployment/embeddings?api-version=2024-10-21");
    expect(req.headers["api-key"]).toBe("azure-key");
    expect(req.body.dimensions).toBe(16);
    expect(v).toHaveLength(16);
  });
});

describe("retryAfterMs", () => {
  it("reads seconds, HTTP dates and retry-after-ms", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(retryAfterMs(new Headers({ "retry-after": "2" }), now)).toBe(2000);
    expect(retryAfterMs(new Headers({ "retry-after-ms": "150", "retry-after": "2" }), now)).toBe(150);
    expect(retryAfterMs(new Headers({ "retry-after": "Wed, 01 Jan 2025 00:00:03 GMT" }), now)).toBe(3000);
    expect(retryAfterMs(new Headers({ "retry-after": "soon" }), now)).toBeUndefined();
    expect(retryAfterMs(new Headers(), now)).toBeUndefined();
  });
});
