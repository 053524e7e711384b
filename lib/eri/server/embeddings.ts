import { LOCAL_HASH_MODEL } from "@/lib/models/local-embedder";
import type { EmbeddingInfo } from "../schemas";

/** ERI EmbeddingInfo for the embedding models the exposed collections were built with. */
export function embeddingInfos(models: { model: string; dims: number }[]): EmbeddingInfo[] {
  const seen = new Map<string, { model: string; dims: number }>();
  for (const m of models) seen.set(`${m.model}:${m.dims}`, m);
  return [...seen.values()].map(({ model, dims }) => describeEmbedding(model, dims));
}

function describeEmbedding(model: string, dims: number): EmbeddingInfo {
  const usedWhen = "For every query of the hybrid and vectors retrieval processes, and for every ingested passage.";
  if (model === LOCAL_HASH_MODEL) {
    return {
      embeddingType: "Hashed bag-of-words embedding",
      embeddingName: model,
      description:
        `Signed feature hashing of words, word bigrams and character 3–5-grams into ${dims} dimensions, ` +
        "L2-normalised and compared by cosine similarity. Runs offline; no model download.",
      usedWhen,
      link: null,
    };
  }
  return {
    embeddingType: "Transformer embedding",
    embeddingName: model,
    description: `Dense text embeddings (${dims} dimensions) from an OpenAI-compatible embeddings API, compared by cosine similarity.`,
    usedWhen,
    link: model.startsWith("text-embedding-") ? "https://platform.openai.com/docs/guides/embeddings" : null,
  };
}
