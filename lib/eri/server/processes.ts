import type { RetrievalMode } from "@/lib/knowledge/schemas";
import type { RetrievalInfo } from "../schemas";
import type { Principal } from "@/lib/security/principal";
import { exposedCollections } from "./collections";
import { embeddingInfos } from "./embeddings";
import type { ServerSettings } from "./settings";

/**
 * The local knowledge base's three search modes as ERI retrieval processes (/retrieval/info).
 * Apart from the search itself (./retrieval.ts), so describing them loads no knowledge store.
 */

export interface Process {
  id: RetrievalMode;
  name: string;
  description: string;
  usesEmbeddings: boolean;
}

export const DEFAULT_PROCESS_ID: RetrievalMode = "hybrid";
export const PROCESSES: Process[] = [
  {
    id: "hybrid",
    name: "Hybrid search (vectors + BM25 keywords)",
    description:
      "Runs a vector search and a BM25 full-text search over the document passages and fuses both rankings " +
      "(reciprocal rank fusion). Good default for questions and keywords alike.",
    usesEmbeddings: true,
  },
  {
    id: "vectors",
    name: "Vector search",
    description: "Nearest passages by cosine similarity of embeddings: finds passages that say the same thing in other words.",
    usesEmbeddings: true,
  },
  {
    id: "text",
    name: "Keyword search (BM25)",
    description: "BM25 full-text search with stemming: finds passages containing the words of the question; uses no embedding.",
    usesEmbeddings: false,
  },
];

export const MAX_MATCHES_CAP = 50;
export const DEFAULT_MATCHES = 10;
export const MAX_NEIGHBOURS = 3;

export async function retrievalInfos(settings: ServerSettings, reader?: Principal): Promise<RetrievalInfo[]> {
  const collections = await exposedCollections(settings, reader);
  const names = collections.map((c) => c.name).join(", ") || "none yet";
  const embeddings = embeddingInfos(collections.map((c) => ({ model: c.embeddingModel, dims: c.embeddingDims })));
  const parametersDescription: Record<string, string> = {
    collections: `Comma-separated collection names to search. Default: every exposed collection (${names}).`,
    top_k: `Integer from 1 to ${MAX_MATCHES_CAP}: number of matches when maxMatches is below 1. Default: ${DEFAULT_MATCHES}.`,
    min_score: "Float from 0.0 to 1.0: leave out matches with a lower relevance score. Default: 0.0.",
    neighbours: `Integer from 0 to ${MAX_NEIGHBOURS}: passages before and after each match returned as surroundingContent. Default: 1.`,
  };
  return PROCESSES.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    link: null,
    parametersDescription,
    embeddings: p.usesEmbeddings ? embeddings : [],
  }));
}
