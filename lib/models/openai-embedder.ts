import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, AzureOpenAI } from "openai";
import { AppError } from "@/lib/errors";
import { retryAfterMs, sleep } from "./retry";
import type { Embedder } from "./types";

/** Native sizes of well-known models, so `dimensions` is known before the first request. */
const KNOWN_DIMENSIONS: Record<string, number> = {
  "text-embedding-3-small": 1536,
  "text-embedding-3-large": 3072,
  "text-embedding-ada-002": 1536,
};

export interface OpenAIEmbedderOptions {
  model: string;
  /** Sent as the API's `dimensions` parameter (text-embedding-3 models shorten their vectors). */
  dimensions?: number;
  /** Not sent; only checked against responses (e.g. a collection's recorded size). */
  expectedDimensions?: number;
  apiKey?: string;
  /** Any OpenAI-compatible server, e.g. http://localhost:11434/v1 */
  baseURL?: string;
  /** When set, the Azure OpenAI client is used; the model name is the deployment name. */
  azureEndpoint?: string;
  azureApiVersion?: string;
  batchSize?: number;
  /** Batches in flight at once. */
  concurrency?: number;
  /** Total attempts per batch, including the first. */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Upper bound for a server's Retry-After; longer waits are clamped to this. */
  maxRetryAfterMs?: number;
  timeoutMs?: number;
}

/** A failure talking to the embedding service; `message` is meant for people. */
export class EmbeddingServiceError extends AppError {
  constructor(
    status: number,
    message: string,
    readonly upstreamStatus?: number,
  ) {
    super(status, message);
    this.name = "EmbeddingServiceError";
  }
}

export class OpenAIEmbedder implements Embedder {
  readonly model: string;
  private readonly client: OpenAI;
  private readonly requestedDimensions?: number;
  private readonly expectedDimensions?: number;
  private learnedDimensions?: number;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly maxRetryAfterMs: number;
  private readonly serviceLabel: string;

  constructor(options: OpenAIEmbedderOptions) {
    this.model = options.model;
    this.requestedDimensions = options.dimensions;
    this.expectedDimensions = options.dimensions ?? options.expectedDimensions;
    this.batchSize = Math.max(1, options.batchSize ?? 64);
    this.concurrency = Math.max(1, options.concurrency ?? 2);
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 5);
    this.baseDelayMs = options.baseDelayMs ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 20_000;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
    this.client = createClient(options);
    this.serviceLabel = options.azureEndpoint ?? options.baseURL ?? "https://api.openai.com/v1";
  }

  /** Requested size, else the size seen in responses, else the model's known size; 0 if not yet known. */
  get dimensions(): number {
    return this.expectedDimensions ?? this.learnedDimensions ?? KNOWN_DIMENSIONS[this.model] ?? 0;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    const batches: string[][] = [];
    for (let i = 0; i < texts.length; i += this.batchSize) batches.push(texts.slice(i, i + this.batchSize));

    const results: Float32Array[][] = new Array(batches.length);
    let next = 0;
    let failed = false;
    const worker = async () => {
      while (!failed && next < batches.length) {
        const index = next++;
        try {
          results[index] = await this.embedBatch(batches[index]);
        } catch (err) {
          failed = true; // stop the other workers from starting more batches
          throw err;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, batches.length) }, worker));
    return results.flat();
  }

  private async embedBatch(batch: string[]): Promise<Float32Array[]> {
    // The API rejects empty strings; a single space embeds as "nothing" and keeps positions aligned.
    const input = batch.map((text) => (text.trim() === "" ? " " : text));
    const response = await this.withRetries(() =>
      this.client.embeddings.create({
        model: this.model,
        input,
        // Ask for floats explicitly: the SDK's default (base64) is mis-decoded when a
        // "compatible" server ignores encoding_format and answers with float arrays.
        encoding_format: "float",
        ...(this.requestedDimensions ? { dimensions: this.requestedDimensions } : {}),
      }),
    );

    if (!Array.isArray(response?.data) || response.data.length !== batch.length) {
      throw new EmbeddingServiceError(502, `Embedding service returned ${response?.data?.length ?? 0} vectors for ${batch.length} inputs.`);
    }
    const ordered = response.data.every((item) => typeof item.index === "number")
      ? [...response.data].sort((a, b) => a.index - b.index)
      : response.data;
    return ordered.map((item) => this.toUnitVector(item.embedding as unknown));
  }

  private toUnitVector(raw: unknown): Float32Array {
    if (typeof raw !== "string" && !Array.isArray(raw)) {
      throw new EmbeddingServiceError(502, "Embedding service returned a malformed response (no embedding array).");
    }
    const vector = typeof raw === "string" ? decodeBase64Floats(raw) : Float32Array.from(raw as number[]);
    const expected = this.expectedDimensions ?? this.learnedDimensions;
    if (expected !== undefined && vector.length !== expected) {
      throw new EmbeddingServiceError(
        502,
        `Embedding service returned ${vector.length}-dimensional vectors for "${this.model}" but ${expected} were expected` +
          (this.requestedDimensions ? ' (the server may not support the "dimensions" parameter).' : "."),
      );
    }
    this.learnedDimensions ??= vector.length;
    return normalize(vector);
  }

  /** Our retry policy (the SDK's own retries are disabled): 429, 408, 5xx and network errors only. */
  private async withRetries<T>(call: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (err) {
        if (!isRetryable(err) || attempt >= this.maxAttempts) throw this.describe(err, attempt);
        await sleep(this.retryDelayMs(err, attempt));
      }
    }
  }

  private retryDelayMs(err: unknown, attempt: number): number {
    const retryAfter = err instanceof APIError && err.headers ? retryAfterMs(err.headers) : undefined;
    if (retryAfter !== undefined) return Math.min(retryAfter, this.maxRetryAfterMs);
    const ceiling = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** (attempt - 1));
    return ceiling / 2 + Math.random() * (ceiling / 2); // jitter so parallel clients spread out
  }

  private describe(err: unknown, attempts: number): Error {
    const tries = attempts > 1 ? ` after ${attempts} attempts` : "";
    if (err instanceof APIConnectionTimeoutError) {
      return new EmbeddingServiceError(504, `Embedding service at ${this.serviceLabel} timed out${tries}.`);
    }
    if (err instanceof APIConnectionError) {
      const cause = rootCauseMessage(err);
      return new EmbeddingServiceError(503, `Could not reach the embedding service at ${this.serviceLabel}${tries}${cause}`);
    }
    if (!(err instanceof APIError) || err.status === undefined) return err instanceof Error ? err : new Error(String(err));

    const status = err.status;
    const detail = apiErrorDetail(err);
    if (status === 401) {
      // No detail: OpenAI echoes part of the rejected key in its message.
      return new EmbeddingServiceError(502, "Embedding service rejected the API key (401). Check OPENAI_API_KEY.", status);
    }
    if (status === 403) {
      return new EmbeddingServiceError(502, `Embedding service denied access (403)${detail}`, status);
    }
    if (status === 404) {
      return new EmbeddingServiceError(
        502,
        `Embedding model or deployment "${this.model}" was not found at ${this.serviceLabel} (404)${detail}`,
        status,
      );
    }
    if (status === 429 && err.code === "insufficient_quota") {
      return new EmbeddingServiceError(503, `Embedding service quota is exhausted (429)${detail}`, status);
    }
    if (status === 429) {
      return new EmbeddingServiceError(503, `Embedding service is rate-limiting requests (429)${tries}${detail}`, status);
    }
    if (status >= 500) {
      return new EmbeddingServiceError(502, `Embedding service failed (${status})${tries}${detail}`, status);
    }
    return new EmbeddingServiceError(502, `Embedding service rejected the request (${status})${detail}`, status);
  }
}

function createClient(options: OpenAIEmbedderOptions): OpenAI {
  const common = { maxRetries: 0, timeout: options.timeoutMs ?? 60_000 };
  if (options.azureEndpoint) {
    if (!options.apiKey) throw new AppError(500, "AZURE_OPENAI_ENDPOINT is set but OPENAI_API_KEY (the Azure key) is missing.");
    return new AzureOpenAI({
      ...common,
      baseURL: null, // else the SDK reads OPENAI_BASE_URL and refuses it next to an endpoint
      endpoint: options.azureEndpoint,
      apiKey: options.apiKey,
      apiVersion: options.azureApiVersion ?? "2024-10-21",
    });
  }
  if (!options.apiKey && !options.baseURL) {
    throw new AppError(500, "EMBEDDER=openai needs OPENAI_API_KEY (or OPENAI_BASE_URL for a keyless local server).");
  }
  // Keyless local servers (Ollama, vLLM...) still need a non-empty key for the SDK.
  return new OpenAI({ ...common, apiKey: options.apiKey ?? "unused", baseURL: options.baseURL });
}

function isRetryable(err: unknown): boolean {
  if (err instanceof APIConnectionError) return true; // includes timeouts
  if (!(err instanceof APIError) || err.status === undefined) return false;
  if (err.status === 429) return err.code !== "insufficient_quota"; // waiting will not add credit
  return err.status === 408 || err.status >= 500;
}

/** fetch wraps the useful part ("connect ECONNREFUSED 127.0.0.1:8080") a level or two down. */
function rootCauseMessage(err: Error): string {
  let current: unknown = err.cause;
  let message = "";
  for (let depth = 0; current instanceof Error && depth < 4; depth++) {
    message = current.message;
    current = current.cause;
  }
  return message ? `: ${message}` : ".";
}

function apiErrorDetail(err: APIError): string {
  const body = err.error as { message?: unknown } | undefined;
  const message = typeof body?.message === "string" ? body.message : undefined;
  return message ? `: ${message}` : ".";
}

function decodeBase64Floats(base64: string): Float32Array {
  const bytes = Buffer.from(base64, "base64");
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** Unit length so cosine = dot; an all-zero vector (should not happen) becomes e0 like the local embedder. */
function normalize(vector: Float32Array): Float32Array {
  let sq = 0;
  for (let i = 0; i < vector.length; i++) sq += vector[i] * vector[i];
  if (sq === 0) {
    if (vector.length > 0) vector[0] = 1;
    return vector;
  }
  const scale = 1 / Math.sqrt(sq);
  for (let i = 0; i < vector.length; i++) vector[i] *= scale;
  return vector;
}
