import { joinedCompounds } from "@/lib/text/compounds";
import { snowballStem } from "@/lib/text/stem";
import { QUESTION_STOP_WORDS } from "@/lib/text/stop-words";
import { words } from "@/lib/text/typos";
import { documentTitle } from "../document-title";
import { bm25Rank, type TermCounts } from "./bm25";

/**
 * The second stage: the first stage's best chunks (BM25, vectors or both, fused) ranked again
 * as pages, one chunk per page. A chunk's BM25 sees one chunk; the page is what is cited, so a
 * page is scored on all its candidate chunks together (page-level evidence), with the
 * document's title and the sections' headings as part of its text (field weighting: they say
 * what the page is about, "Health Plus" or "Standard", "Acupuncture"). Page BM25 and the first
 * stage's order are fused by reciprocal rank. Backend-neutral: it reads only the candidates.
 * Document frequencies are the candidates' own: what tells these pages apart.
 *
 * It must cost little beside the search (about a millisecond): the pages are not split into
 * words and stemmed (Unicode word patterns and stemming, ~5 ms for 30 chunks), only searched
 * for the words that start with each query word's stem ("cover" counts "covered",
 * "coverage"), and their length is counted in characters.
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
  const pages = new Map<string, { best: T; rank: number; text: string; headings: Set<string> }>();
  candidates.forEach((c, rank) => {
    const key = c.page_number === null ? `#${rank}` : `${c.file_id}#${c.page_number}`;
    let page = pages.get(key);
    if (!page) pages.set(key, (page = { best: c, rank, text: documentTitle(c.file_name), headings: new Set() }));
    if (c.heading && !page.headings.has(c.heading)) {
      page.headings.add(c.heading);
      page.text += `\n${c.heading}`;
    }
    page.text += `\n${c.content}`;
  });
  const order = [...pages.values()];
  const terms = queryTerms(query);
  const fused = new Map(order.map((p, i) => [p, 1 / (RRF_K + i + 1)]));
  const byText = bm25Rank(
    new Map(order.map((p) => [p, countTerms(p.text, terms)])),
    terms.map((t) => t.term),
  );
  byText.forEach(({ key }, i) => fused.set(key, fused.get(key)! + weight / (RRF_K + i + 1)));
  const scores = order.map((p) => p.best.score).sort((a, b) => b - a);
  return [...fused].sort((a, b) => b[1] - a[1]).map(([page], i) => ({ ...page.best, score: scores[i] }));
}

interface QueryTerm {
  term: string;
  /** Words starting with the term, in lowercased text (with hyphens removed for a joined compound). */
  pattern: RegExp;
  compound: boolean;
}

/** The query's content words by stem, and its hyphenated compounds joined (see compounds.ts). */
function queryTerms(query: string): QueryTerm[] {
  const terms = new Map<string, QueryTerm>();
  for (const word of words(query)) {
    if (QUESTION_STOP_WORDS.has(word)) continue;
    const stem = snowballStem(word);
    // Snowball ends "policy" and "policies" alike in "polici": words start with "polic".
    const start = stem.length > 3 && stem.endsWith("i") ? stem.slice(0, -1) : stem;
    terms.set(stem, { term: stem, pattern: wordsStarting(start), compound: false });
  }
  for (const joined of joinedCompounds(query)) terms.set(joined, { term: joined, pattern: wordsStarting(joined), compound: true });
  return [...terms.values()];
}

const wordsStarting = (start: string) => new RegExp(`\\b${start.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "g");

function countTerms(text: string, terms: QueryTerm[]): TermCounts {
  const lower = text.toLowerCase();
  const joined = terms.some((t) => t.compound) ? lower.replace(/-/g, "") : lower;
  const counts = new Map<string, number>();
  for (const t of terms) counts.set(t.term, (t.compound ? joined : lower).match(t.pattern)?.length ?? 0);
  return { length: text.length, counts };
}
