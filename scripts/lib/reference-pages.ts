import { readFileSync } from "node:fs";
import { contentWords } from "@/lib/text/query";
import { parsePdf } from "@/lib/ingest/parsers/pdf";
import type { GroundTruth } from "./northwind";

/**
 * Where each reference answer's words are. The reference citations come from the reference
 * app's chunks, which run across page breaks and are cited by the page they start on; so a
 * reference may name the page before the one that holds the answer. This finds those: the
 * answer's words (IDF-weighted) are clearly more on page N+1 than on the cited page N.
 */
const CLEARLY_MORE = 0.1;

export async function referencesOnNextPage(pdfs: { name: string; path: string }[], questions: GroundTruth[]): Promise<Map<string, string>> {
  const pages = new Map<string, Set<string>>();
  for (const pdf of pdfs) {
    const doc = await parsePdf(new Uint8Array(readFileSync(pdf.path)));
    for (const page of doc.pages) pages.set(`${pdf.name}#page=${page.pageNumber}`, new Set(contentWords(page.text)));
  }
  const df = new Map<string, number>();
  for (const words of pages.values()) for (const w of words) df.set(w, (df.get(w) ?? 0) + 1);
  const idf = (w: string) => Math.log(1 + pages.size / (1 + (df.get(w) ?? 0)));

  const moved = new Map<string, string>();
  for (const q of questions) {
    const answerWords = [...new Set(contentWords(q.truth.replace(/\[[^\]]+\]/g, " ")))];
    const total = answerWords.reduce((sum, w) => sum + idf(w), 0) || 1;
    const coverage = (page: string) => answerWords.reduce((sum, w) => sum + (pages.get(page)?.has(w) ? idf(w) : 0), 0) / total;
    for (const citation of q.citations) {
      const next = citation.replace(/#page=(\d+)$/, (_, n) => `#page=${Number(n) + 1}`);
      if (pages.has(next) && coverage(next) > coverage(citation) + CLEARLY_MORE) moved.set(`${q.question}\n${citation}`, next);
    }
  }
  return moved;
}
