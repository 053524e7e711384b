import { QUESTION_STOP_WORDS } from "@/lib/text/stop-words";
import { snowballStem } from "@/lib/text/stem";
import { words } from "@/lib/text/typos";
import { median } from "./northwind";

/**
 * Retrieval figures as GUIDE §6 defines them, over the first k DISTINCT pages of a ranking:
 * recall@k, the share of a question's reference pages among them; hit@k, whether any is.
 */
export const KS = [1, 3, 5, 10] as const;

export interface RankedQuestion {
  references: string[];
  /** Pages ("file.pdf#page=N") in rank order; repeats are dropped before counting. */
  pages: string[];
  ms?: number;
}

export interface Figures {
  recall: Record<number, number>;
  hit: Record<number, number>;
  p50Ms: number;
}

export function figures(ranked: RankedQuestion[]): Figures {
  const recall: Record<number, number> = {};
  const hit: Record<number, number> = {};
  for (const k of KS) {
    let r = 0;
    let h = 0;
    for (const q of ranked) {
      const first = new Set([...new Set(q.pages)].slice(0, k));
      const found = q.references.filter((p) => first.has(p)).length;
      r += found / q.references.length;
      h += found > 0 ? 1 : 0;
    }
    recall[k] = r / ranked.length;
    hit[k] = h / ranked.length;
  }
  const times = ranked.flatMap((q) => (q.ms === undefined ? [] : [q.ms]));
  return { recall, hit, p50Ms: times.length ? median(times) : NaN };
}

const CELL = 9;
export const FIGURES_HEADER = [...KS.map((k) => `recall@${k}`), ...KS.map((k) => `hit@${k}`), "search p50"].map((c) => c.padStart(CELL)).join(" ");

export function figuresLine(f: Figures): string {
  const cells = [...KS.map((k) => f.recall[k]), ...KS.map((k) => f.hit[k])].map((x) => x.toFixed(2).padStart(CELL));
  return [...cells, Number.isNaN(f.p50Ms) ? "" : `${f.p50Ms.toFixed(1)} ms`.padStart(CELL)].join(" ");
}

/** Query and page terms for the baseline: Snowball stems of the words, stop words left out. */
const terms = (text: string) => words(text).filter((w) => !QUESTION_STOP_WORDS.has(w)).map(snowballStem);

/**
 * The yardstick the issue names: plain BM25 (k1 1.2, b 0.75) over whole pages, with no titles,
 * headings, chunks or vectors; computed here from the pages' text, not by the product.
 */
export function pageBm25(pages: Map<string, string>): (query: string) => string[] {
  const K1 = 1.2;
  const B = 0.75;
  const tf = new Map<string, Map<string, number>>();
  const df = new Map<string, number>();
  let totalLength = 0;
  for (const [page, text] of pages) {
    const counts = new Map<string, number>();
    const t = terms(text);
    for (const term of t) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const term of counts.keys()) df.set(term, (df.get(term) ?? 0) + 1);
    tf.set(page, counts);
    totalLength += t.length;
  }
  const lengths = new Map([...tf].map(([page, counts]) => [page, [...counts.values()].reduce((a, b) => a + b, 0)]));
  const average = totalLength / Math.max(1, pages.size);
  const idf = (term: string) => Math.log(1 + (pages.size - (df.get(term) ?? 0) + 0.5) / ((df.get(term) ?? 0) + 0.5));
  return (query) => {
    const q = [...new Set(terms(query))];
    const scored = [...tf].map(([page, counts]) => {
      const norm = K1 * (1 - B + (B * lengths.get(page)!) / average);
      const score = q.reduce((sum, term) => {
        const f = counts.get(term) ?? 0;
        return sum + (f ? (idf(term) * f * (K1 + 1)) / (f + norm) : 0);
      }, 0);
      return { page, score };
    });
    return scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score).map((s) => s.page);
  };
}
