import { withJoinedCompounds } from "@/lib/text/compounds";
import { snowballStem } from "@/lib/text/stem";
import { QUESTION_STOP_WORDS } from "@/lib/text/stop-words";
import { words } from "@/lib/text/typos";

/** Okapi BM25 over documents held in memory: the second stage's page scorer and the eval's yardstick. */

const K1 = 1.2;
const B = 0.75;

/** The terms BM25 counts: Snowball stems of the words (hyphenated compounds also joined), stop words left out. */
export const bm25Terms = (text: string): string[] =>
  words(withJoinedCompounds(text))
    .filter((w) => !QUESTION_STOP_WORDS.has(w))
    .map(snowballStem);

/** What BM25 needs of a document: its length in terms and how often it holds each query term. */
export interface TermCounts {
  length: number;
  counts: Map<string, number>;
}

export const termCounts = (terms: string[]): TermCounts => {
  const counts = new Map<string, number>();
  for (const t of terms) counts.set(t, (counts.get(t) ?? 0) + 1);
  return { length: terms.length, counts };
};

/** Scores every document holding a query term; best first. Document frequencies are over `docs`. */
export function bm25Rank<K>(docs: Map<K, TermCounts>, query: string[]): { key: K; score: number }[] {
  const unique = [...new Set(query)];
  const df = new Map(unique.map((t) => [t, 0]));
  let totalLength = 0;
  for (const doc of docs.values()) {
    totalLength += doc.length;
    for (const t of unique) if (doc.counts.get(t)) df.set(t, df.get(t)! + 1);
  }
  const average = totalLength / Math.max(1, docs.size) || 1;
  const idf = (t: string) => Math.log(1 + (docs.size - df.get(t)! + 0.5) / (df.get(t)! + 0.5));
  const scored: { key: K; score: number }[] = [];
  for (const [key, doc] of docs) {
    const norm = K1 * (1 - B + (B * doc.length) / average);
    let score = 0;
    for (const t of unique) {
      const f = doc.counts.get(t) ?? 0;
      if (f) score += (idf(t) * f * (K1 + 1)) / (f + norm);
    }
    if (score > 0) scored.push({ key, score });
  }
  return scored.sort((a, b) => b.score - a.score);
}
