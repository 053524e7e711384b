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

/** Scores every document holding a query term; best first. Document frequencies are over `docs`. */
export function bm25Rank<K>(docs: Map<K, string[]>, query: string[]): { key: K; score: number }[] {
  const tf = new Map<K, Map<string, number>>();
  const df = new Map<string, number>();
  let totalLength = 0;
  for (const [key, terms] of docs) {
    const counts = new Map<string, number>();
    for (const t of terms) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const t of counts.keys()) df.set(t, (df.get(t) ?? 0) + 1);
    tf.set(key, counts);
    totalLength += terms.length;
  }
  const average = totalLength / Math.max(1, docs.size) || 1;
  const idf = (t: string) => Math.log(1 + (docs.size - (df.get(t) ?? 0) + 0.5) / ((df.get(t) ?? 0) + 0.5));
  const unique = [...new Set(query)];
  const scored: { key: K; score: number }[] = [];
  for (const [key, counts] of tf) {
    const norm = K1 * (1 - B + (B * docs.get(key)!.length) / average);
    let score = 0;
    for (const t of unique) {
      const f = counts.get(t) ?? 0;
      if (f) score += (idf(t) * f * (K1 + 1)) / (f + norm);
    }
    if (score > 0) scored.push({ key, score });
  }
  return scored.sort((a, b) => b.score - a.score);
}
