/**
 * Backend-neutral fusion of ranked lists and the 0..1 scores they carry: what any store's
 * hybrid search (BM25 + vectors) needs, kept apart from how a store searches.
 */

/** RRF damping constant; 10 (rather than the customary 60) favours agreement at the top, measured on Northwind. */
const RRF_K = 10;
/** BM25 is the stronger signal with the offline hashing embedder: vectors count half in the fusion. */
export const VECTOR_WEIGHT = 0.5;
/** BM25 score at which a text match counts as 0.5 relevance. */
const BM25_HALF = 8;

/** Cosine distance (0..2) → cosine similarity clipped to 0..1. */
export const scoreFromDistance = (distance: number) => Math.min(1, Math.max(0, 1 - distance));
/** BM25 (0..∞) → 0..1 by saturation: s / (s + BM25_HALF). Monotone, comparable across queries. */
export const scoreFromBm25 = (bm25: number) => (bm25 <= 0 ? 0 : bm25 / (bm25 + BM25_HALF));

/**
 * Reciprocal-rank fusion orders the chunks: Σ wᵢ/(RRF_K + rankᵢ) over the lists. RRF values say
 * nothing about how relevant the best chunk is, though, and chat merges collections by score;
 * so the scores are scaled to end at the best weighted mean of the lists' own 0..1 scores
 * (BM25 squashed, cosine). A collection whose best match is weak then scores low throughout.
 */
export function fuse<T extends { score: number }>(
  lists: T[][],
  weights: number[] = lists.map(() => 1),
  key: (item: T) => string | bigint = (item) => (item as unknown as { chunk_id: string }).chunk_id,
): T[] {
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const fused = new Map<string | bigint, { chunk: T; rrf: number; absolute: number }>();
  for (const [i, list] of lists.entries()) {
    list.forEach((chunk, rank) => {
      const entry = fused.get(key(chunk)) ?? { chunk, rrf: 0, absolute: 0 };
      entry.rrf += weights[i] / (RRF_K + rank + 1);
      entry.absolute += (weights[i] * chunk.score) / totalWeight;
      fused.set(key(chunk), entry);
    });
  }
  const ranked = [...fused.values()].sort((a, b) => b.rrf - a.rrf);
  if (ranked.length === 0) return [];
  const top = ranked[0].rrf;
  const ceiling = Math.max(...ranked.map((e) => e.absolute));
  return ranked.map((e) => ({ ...e.chunk, score: (e.rrf / top) * ceiling }));
}
