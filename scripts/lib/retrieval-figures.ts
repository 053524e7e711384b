import { bm25Rank, bm25Terms, termCounts } from "@/lib/knowledge/ranking/bm25";
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
export const FIGURES_HEADER = [...KS.map((k) => `recall@${k}`), ...KS.map((k) => `hit@${k}`), "search p50"]
  .map((c) => c.padStart(CELL))
  .join(" ");

export function figuresLine(f: Figures): string {
  const cells = [...KS.map((k) => f.recall[k]), ...KS.map((k) => f.hit[k])].map((x) => x.toFixed(2).padStart(CELL));
  return [...cells, Number.isNaN(f.p50Ms) ? "" : `${f.p50Ms.toFixed(1)} ms`.padStart(CELL)].join(" ");
}

/**
 * The yardstick the issue names: plain BM25 over whole pages, with no titles, headings, chunks
 * or vectors; computed here from the pages' text, not by the product.
 */
export function pageBm25(pages: Map<string, string>): (query: string) => string[] {
  const terms = new Map([...pages].map(([page, text]) => [page, termCounts(bm25Terms(text))]));
  return (query) => bm25Rank(terms, bm25Terms(query)).map((s) => s.key);
}
