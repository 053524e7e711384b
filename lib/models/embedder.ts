import { config, type AppConfig } from "@/lib/config";
import { AppError, EmbeddingModelMismatch } from "@/lib/errors";
import { LOCAL_HASH_DEFAULT_DIMENSIONS, LOCAL_HASH_MODEL, LocalHashEmbedder } from "./local-embedder";
import { OpenAIEmbedder, type OpenAIEmbedderOptions } from "./openai-embedder";
import type { Embedder } from "./types";

export type { Embedder } from "./types";

/** The embedder the configuration asks for (EMBEDDER, EMBEDDING_MODEL, EMBEDDING_DIMENSIONS, OPENAI_*). */
export function createEmbedder(cfg: AppConfig = config()): Embedder {
  if (cfg.embedder === "local") {
    if (cfg.embeddingModel !== LOCAL_HASH_MODEL) {
      throw new AppError(500, `EMBEDDER=local only provides "${LOCAL_HASH_MODEL}", but EMBEDDING_MODEL is "${cfg.embeddingModel}".`);
    }
    return new LocalHashEmbedder({ dimensions: cfg.embeddingDimensions ?? LOCAL_HASH_DEFAULT_DIMENSIONS });
  }
  return new OpenAIEmbedder(openAIOptions(cfg));
}

/** One embedder per process (globalThis survives Next.js dev-server module reloads). */
export function getEmbedder(): Embedder {
  const cfg = config();
  const key = configKey(cfg);
  const cache = embedderCache();
  let embedder = cache.get(key);
  if (!embedder) {
    embedder = createEmbedder(cfg);
    cache.set(key, embedder);
  }
  return embedder;
}

/** The embedder's vector size; a model the app knows no size for (a local server's) is asked once. */
export async function vectorSize(embedder: Embedder): Promise<number> {
  if (embedder.dimensions > 0) return embedder.dimensions;
  const [probe] = await embedder.embed(["size"]);
  return probe.length;
}

/**
 * The embedder that matches a collection's recorded model and size, so queries and new
 * documents land in the same vector space as the collection's existing vectors.
 * local-hash-v1 collections always work (the model needs nothing but code); any other model
 * must be the one the app is configured with, else this throws an error saying so.
 */
export function embedderFor(model: string, dims?: number | null, cfg: AppConfig = config()): Embedder {
  const cache = embedderCache();
  const key = `for:${model}:${dims ?? ""}:${configKey(cfg)}`;
  const cached = cache.get(key);
  if (cached) return cached;

  let embedder: Embedder;
  if (model === LOCAL_HASH_MODEL) {
    embedder = new LocalHashEmbedder({ dimensions: dims ?? LOCAL_HASH_DEFAULT_DIMENSIONS });
  } else if (cfg.embedder === "openai" && model === cfg.embeddingModel) {
    if (dims && cfg.embeddingDimensions && dims !== cfg.embeddingDimensions) {
      throw modelMismatch(model, dims, cfg);
    }
    // With no EMBEDDING_DIMENSIONS, still check responses against the recorded size.
    embedder = new OpenAIEmbedder({ ...openAIOptions(cfg), expectedDimensions: dims ?? undefined });
  } else {
    throw modelMismatch(model, dims, cfg);
  }
  cache.set(key, embedder);
  return embedder;
}

/** Tests change the environment between cases. */
export function resetEmbedderCache(): void {
  embedderCache().clear();
}

function modelMismatch(model: string, dims: number | null | undefined, cfg: AppConfig): EmbeddingModelMismatch {
  const built = dims ? `"${model}" (${dims} dimensions)` : `"${model}"`;
  const configured = cfg.embeddingDimensions
    ? `"${cfg.embeddingModel}" (${cfg.embeddingDimensions} dimensions)`
    : `"${cfg.embeddingModel}"`;
  return new EmbeddingModelMismatch(
    `This collection was built with embedding model ${built} but the app is configured with ${configured}. ` +
      `Configure that model (EMBEDDER, EMBEDDING_MODEL, EMBEDDING_DIMENSIONS) or re-index the collection.`,
  );
}

function openAIOptions(cfg: AppConfig): OpenAIEmbedderOptions {
  return {
    model: cfg.embeddingModel,
    dimensions: cfg.embeddingDimensions,
    apiKey: cfg.openai.apiKey,
    baseURL: cfg.openai.baseURL,
    azureEndpoint: cfg.openai.azureEndpoint,
    azureApiVersion: cfg.openai.azureApiVersion,
  };
}

/** Everything that changes which embedder is built; the key stays in memory only. */
function configKey(cfg: AppConfig): string {
  const { apiKey, baseURL, azureEndpoint, azureApiVersion } = cfg.openai;
  return JSON.stringify([cfg.embedder, cfg.embeddingModel, cfg.embeddingDimensions, apiKey, baseURL, azureEndpoint, azureApiVersion]);
}

const CACHE_KEY = Symbol.for("docchat.embedders");

function embedderCache(): Map<string, Embedder> {
  const holder = globalThis as typeof globalThis & { [CACHE_KEY]?: Map<string, Embedder> };
  holder[CACHE_KEY] ??= new Map();
  return holder[CACHE_KEY];
}
