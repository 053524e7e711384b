import type { Chunk } from "@/lib/knowledge/schemas";
import { citationId } from "./citations";
import { contentWords } from "./search-query";

/**
 * The offline answer: the retrieved passages' sentences that best answer the question, each
 * followed by its citation. Sentences are scored by the IDF-weighted share of the question's
 * terms they contain (a term only in their section heading counts half), plus a bonus for
 * coming from a higher-ranked passage.
 */

const MAX_SENTENCES = 4;
const MAX_CITATIONS = 3;
const MAX_SENTENCE_WORDS = 70;
/** Weight of the passage rank against the sentence's own match (measured on Northwind). */
const RANK_W = 0.35;
/** A further page is cited only if its best sentence matches at least this share of the best one. */
const MIN_RELATIVE_MATCH = 0.5;
/** A question term found only in the sentence's section heading counts this much. */
const HEADING_WEIGHT = 0.5;

const stem = (w: string) => w.replace(/(ies|es|s|ing|ed|ly)$/u, "") || w;

interface Candidate {
  text: string;
  citation: string;
  rank: number;
  position: number;
  /** IDF-weighted share of the question's terms in the sentence, 0..1. */
  match: number;
  score: number;
}

interface Sentence {
  text: string;
  /** The section heading above the sentence, if any. */
  heading: string | null;
}

const isHeading = (piece: string) => /^#{1,6}\s/.test(piece) || (piece.split(" ").length < 5 && !/[.!?:;,]$/.test(piece));

/** Sentences of a passage, each with the heading it sits under (starting from `heading`). */
export function splitSentences(text: string, heading: string | null = null): Sentence[] {
  const sentences: Sentence[] = [];
  let current = heading;
  for (const raw of text
    .replace(/\s*\n\s*[•▪●◦·-]\s*/g, "\n")
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“(])|\n{2,}|\n(?=[A-Z#•])/u)) {
    const piece = raw.replace(/\s+/g, " ").trim();
    if (!piece) continue;
    if (isHeading(piece)) current = piece.replace(/^#{1,6}\s+/, "");
    else if (piece.split(" ").length >= 5) sentences.push({ text: piece, heading: current });
  }
  return sentences;
}

function clip(sentence: string): string {
  const words = sentence.split(" ");
  return words.length <= MAX_SENTENCE_WORDS ? sentence : `${words.slice(0, MAX_SENTENCE_WORDS).join(" ")}…`;
}

export function extractiveAnswer(question: string, chunks: Chunk[]): { answer: string; citations: string[] } {
  const queryStems = [...new Set(contentWords(question).map(stem))];
  const candidates: Candidate[] = [];
  const sentenceStems: Set<string>[] = [];
  const headingStems: Set<string>[] = [];
  chunks.forEach((chunk, rank) => {
    const heading = typeof chunk.metadata.heading === "string" ? chunk.metadata.heading : null;
    splitSentences(chunk.content, heading).forEach((sentence, position) => {
      candidates.push({ text: sentence.text, citation: citationId(chunk), rank, position, match: 0, score: 0 });
      sentenceStems.push(new Set(contentWords(sentence.text).map(stem)));
      headingStems.push(new Set(contentWords(sentence.heading ?? "").map(stem)));
    });
  });
  if (candidates.length === 0 || queryStems.length === 0) {
    return { answer: "I could not find anything about that in the selected documents.", citations: [] };
  }

  const idf = new Map<string, number>();
  for (const s of queryStems) {
    const df = sentenceStems.filter((set) => set.has(s)).length;
    idf.set(s, Math.log(1 + candidates.length / (1 + df)));
  }
  const totalWeight = queryStems.reduce((sum, s) => sum + (idf.get(s) ?? 0), 0) || 1;
  candidates.forEach((c, i) => {
    const weight = (s: string) => (sentenceStems[i].has(s) ? 1 : headingStems[i].has(s) ? HEADING_WEIGHT : 0);
    c.match = queryStems.reduce((sum, s) => sum + weight(s) * (idf.get(s) ?? 0), 0) / totalWeight;
    c.score = c.match + RANK_W / (1 + c.rank) - 0.01 * c.position;
  });

  // Pages in the order of their best sentence (which already counts the passage's rank); one
  // sentence from each of the first three that match the question nearly as well as the best,
  // then the best remaining sentences of those pages.
  const byScore = [...candidates].sort((a, b) => b.score - a.score);
  const bestMatch = Math.max(...candidates.map((c) => c.match));
  const matches = (c: Candidate) => c.match > 0 && c.match >= MIN_RELATIVE_MATCH * bestMatch;
  const ranked = [...new Set(byScore.map((c) => c.citation))];
  const picked: Candidate[] = [];
  for (const citation of ranked) {
    if (picked.length >= MAX_CITATIONS) break;
    const best = byScore.find((c) => c.citation === citation && matches(c));
    if (best) picked.push(best);
  }
  if (picked.length === 0) picked.push(byScore[0]);
  const citations = new Set(picked.map((c) => c.citation));
  for (const c of byScore) {
    if (picked.length >= MAX_SENTENCES) break;
    if (citations.has(c.citation) && matches(c) && !picked.some((p) => p.text === c.text)) picked.push(c);
  }
  // Best page first; within a page, in reading order.
  const order = [...citations];
  picked.sort((a, b) => order.indexOf(a.citation) - order.indexOf(b.citation) || a.position - b.position);
  const answer = picked.map((c) => `${clip(c.text)} [${c.citation}]`).join(" ");
  return { answer, citations: [...citations] };
}
