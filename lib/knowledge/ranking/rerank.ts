import { documentTitle } from "../document-title";
import { bm25Rank, bm25Terms } from "./bm25";

/**
 * The second stage: the first stage's best chunks (BM25, vectors or both, fused) ranked again
 * as pages, one chunk per page. A chunk's BM25 sees one chunk; the page is what is cited, so a
 * page is scored on all its candidate chunks together (page-level evidence), with the
 * document's title and the sections' headings as part of its text (field weighting: they say
 * what the page is about, "Health Plus" or "Standard", "Acupuncture"). Page BM25 and the first
 * stage's order are fused by reciprocal rank. Backend-neutral: it reads only the candidates.
 * Document frequencies are the candidates' own: what tells these pages apart.
 */

export interface Candidate {
  /** First-stage score, 0..1 (fused, BM25 squashed or cosine). */
  score: number;
  content: string;
  heading: string | null;
  file_name: string;
  file_id: string;
  page_number: number | null;
}

/** Weight of the pages' BM25 order against the first stage's (1) in the fusion; tuned on the dev set. */
export const PAGE_EVIDENCE_WEIGHT = 0.5;
const RRF_K = 10;

/**
 * The candidates as pages in the new order, each page's best chunk standing for it (chunks
 * without a page stay alone). The new order takes the first stage's scores, best first: scores
 * stay comparable across collections (search merges them by score) and follow the new order.
 */
export function rerank<T extends Candidate>(query: string, candidates: T[], weight = PAGE_EVIDENCE_WEIGHT): T[] {
  const pages = new Map<string, { best: T; rank: number; terms: string[]; headings: Set<string> }>();
  candidates.forEach((c, rank) => {
    const key = c.page_number === null ? `#${rank}` : `${c.file_id}#${c.page_number}`;
    let page = pages.get(key);
    if (!page) pages.set(key, (page = { best: c, rank, terms: bm25Terms(documentTitle(c.file_name)), headings: new Set() }));
    if (c.heading && !page.headings.has(c.heading)) {
      page.headings.add(c.heading);
      page.terms.push(...bm25Terms(c.heading));
    }
    page.terms.push(...bm25Terms(c.content));
  });
  const order = [...pages.values()];
  const fused = new Map(order.map((p, i) => [p, 1 / (RRF_K + i + 1)]));
  const byText = bm25Rank(new Map(order.map((p) => [p, p.terms])), bm25Terms(query));
  byText.forEach(({ key }, i) => fused.set(key, fused.get(key)! + weight / (RRF_K + i + 1)));
  const scores = order.map((p) => p.best.score).sort((a, b) => b - a);
  return [...fused]
    .sort((a, b) => b[1] - a[1])
    .map(([page], i) => ({ ...page.best, score: scores[i] }));
}
