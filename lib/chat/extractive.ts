import type { Chunk } from "@/lib/knowledge/schemas";
import { looksLikeTitle } from "@/lib/ingest/headings";
import { citationId } from "./citations";
import { contentWords } from "@/lib/text/query";
import { answerStem } from "@/lib/text/stem";

/**
 * The offline answer: the retrieved passages' sentences that best answer the question (or each
 * part of a compound question), each followed by its citation. Sentences are scored by the IDF-weighted share of the question's
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


interface Candidate {
  text: string;
  citation: string;
  rank: number;
  position: number;
  /** IDF-weighted share of the question's terms in the sentence, 0..1. */
  match: number;
  /** Whether the sentence itself (not only its heading) holds a question term. */
  ownMatch: boolean;
  score: number;
}

interface Sentence {
  text: string;
  /** The section heading above the sentence, if any. */
  heading: string | null;
}

/**
 * A heading: Markdown, a short line without final punctuation, or a paragraph that is a title
 * line ("PerksPlus Health and Wellness Program"). Context for the sentences under it, never an
 * answer. (A Title Case line inside a paragraph, a list item say, is left as text.)
 */
const isHeading = (piece: string, wholeParagraph: boolean) =>
  /^#{1,6}\s/.test(piece) || (wholeParagraph && looksLikeTitle(piece)) || (piece.split(" ").length < 5 && !/[.!?:;,]$/.test(piece));

/** Sentences of a passage, each with the heading it sits under (starting from `heading`). */
export function splitSentences(text: string, heading: string | null = null): Sentence[] {
  const sentences: Sentence[] = [];
  let current = heading;
  for (const paragraph of text.replace(/\s*\n\s*[•▪●◦·-]\s*/g, "\n").split(/\n{2,}/)) {
    const pieces = paragraph
      .split(/(?<=[.!?])\s+(?=[A-Z0-9"“(])|\n(?=[A-Z#•])/u)
      .map((raw) => raw.replace(/\s+/g, " ").trim())
      .filter(Boolean);
    for (const piece of pieces) {
      if (isHeading(piece, pieces.length === 1)) current = piece.replace(/^#{1,6}\s+/, "");
      else if (piece.split(" ").length >= 5) sentences.push({ text: piece, heading: current });
    }
  }
  return sentences;
}

function clip(sentence: string): string {
  const words = sentence.split(" ");
  return words.length <= MAX_SENTENCE_WORDS ? sentence : `${words.slice(0, MAX_SENTENCE_WORDS).join(" ")}…`;
}

/** One question of a compound question ("…, and what…?") with the passages found for it. */
export interface QuestionPart {
  question: string;
  chunks: Chunk[];
}

interface RankedPart {
  byScore: Candidate[];
  /** Pages in the order of their best matching sentence. */
  pages: string[];
  matches: (c: Candidate) => boolean;
}

const NOTHING_FOUND = "I could not find anything about that in the selected documents.";

/**
 * The answer to each part in turn, a paragraph each. The citations are shared out: each part's
 * best page first, then each part's second best, and so on, up to MAX_CITATIONS in all. Each
 * part then quotes from every cited page it matches (two parts may well share a page).
 */
export function extractiveAnswer(parts: QuestionPart[]): { answer: string; citations: string[] } {
  const ranked = parts.map(rankPart).filter((r): r is RankedPart => r !== null);
  if (ranked.length === 0) return { answer: NOTHING_FOUND, citations: [] };

  const cited = new Set<string>();
  for (let round = 0; cited.size < MAX_CITATIONS && ranked.some((r) => r.pages.length > round); round++) {
    for (const r of ranked) {
      const page = r.pages[round];
      if (page && cited.size < MAX_CITATIONS) cited.add(page);
    }
  }

  const perPart = Math.max(2, Math.ceil(MAX_SENTENCES / ranked.length));
  const quoted = new Set<string>();
  const paragraphs: string[] = [];
  for (const r of ranked) {
    const picked = pickSentences(r, r.pages.filter((p) => cited.has(p)), perPart).filter((c) => !quoted.has(c.text));
    picked.forEach((c) => quoted.add(c.text));
    if (picked.length) paragraphs.push(picked.map((c) => `${clip(c.text)} ${[c.citation, ...c.alsoIn].map((id) => `[${id}]`).join("")}`).join(" "));
  }
  return { answer: paragraphs.join("\n\n"), citations: [...cited] };
}

function rankPart({ question, chunks }: QuestionPart): RankedPart | null {
  const queryStems = [...new Set(contentWords(question).map(answerStem))];
  const candidates: Candidate[] = [];
  const sentenceStems: Set<string>[] = [];
  const headingStems: Set<string>[] = [];
  chunks.forEach((chunk, rank) => {
    const heading = typeof chunk.metadata.heading === "string" ? chunk.metadata.heading : null;
    splitSentences(chunk.content, heading).forEach((sentence, position) => {
      candidates.push({ text: sentence.text, citation: citationId(chunk), rank, position, match: 0, ownMatch: false, score: 0 });
      sentenceStems.push(new Set(contentWords(sentence.text).map(answerStem)));
      headingStems.push(new Set(contentWords(sentence.heading ?? "").map(answerStem)));
    });
  });
  if (candidates.length === 0 || queryStems.length === 0) return null;

  const idf = new Map<string, number>();
  for (const s of queryStems) {
    const df = sentenceStems.filter((set) => set.has(s)).length;
    idf.set(s, Math.log(1 + candidates.length / (1 + df)));
  }
  const totalWeight = queryStems.reduce((sum, s) => sum + (idf.get(s) ?? 0), 0) || 1;
  candidates.forEach((c, i) => {
    const weight = (s: string) => (sentenceStems[i].has(s) ? 1 : headingStems[i].has(s) ? HEADING_WEIGHT : 0);
    c.match = queryStems.reduce((sum, s) => sum + weight(s) * (idf.get(s) ?? 0), 0) / totalWeight;
    c.ownMatch = queryStems.some((s) => sentenceStems[i].has(s));
    c.score = c.match + RANK_W / (1 + c.rank) - 0.01 * c.position;
  });

  // Pages in the order of their best sentence (which already counts the passage's rank); only
  // pages whose best sentence matches the question nearly as well as the best one count.
  const byScore = [...candidates].sort((a, b) => b.score - a.score);
  const bestMatch = Math.max(...candidates.map((c) => c.match));
  // A sentence that matches only through its heading says nothing on the question itself.
  const matches = (c: Candidate) => c.ownMatch && c.match >= MIN_RELATIVE_MATCH * bestMatch;
  const pages = [...new Set(byScore.map((c) => c.citation))].filter((page) => byScore.some((c) => c.citation === page && matches(c)));
  if (pages.length) return { byScore, pages, matches };
  // No sentence shares a word with the question: the best-ranked sentence is the only guess.
  return { byScore, pages: [byScore[0].citation], matches: (c) => c === byScore[0] };
}

/** A quoted sentence; `alsoIn`: other cited pages that say it word for word. */
type Quote = Candidate & { alsoIn: string[] };

/**
 * The best sentence of each given page, then the best remaining ones of those pages; in page then
 * reading order. A sentence several pages share (a document copied into a second collection) is
 * quoted once, citing each of them.
 */
function pickSentences(r: RankedPart, pages: string[], max: number): Quote[] {
  const chosen: Candidate[] = [];
  const fresh = (c: Candidate) => !chosen.some((p) => p.text === c.text);
  for (const page of pages) {
    const best = r.byScore.find((c) => c.citation === page && r.matches(c));
    if (best && fresh(best)) chosen.push(best);
  }
  for (const c of r.byScore) {
    if (chosen.length >= max) break;
    if (pages.includes(c.citation) && r.matches(c) && fresh(c)) chosen.push(c);
  }
  const saying = (page: string, text: string) => r.byScore.some((c) => c.citation === page && c.text === text);
  const picked = chosen.map((c) => ({ ...c, alsoIn: pages.filter((page) => page !== c.citation && saying(page, c.text)) }));
  return picked.sort((a, b) => pages.indexOf(a.citation) - pages.indexOf(b.citation) || a.position - b.position);
}

/** Share of the question's content words that, when none of the documents uses them, is said up front. */
const MISSING_SHARE = 1 / 3;

/**
 * The offline answer, with "The selected documents never mention “vacation”" first when a good
 * part of the question is about something the documents do not contain: the quoted sentences
 * then only come close. When none of the question's words is in the documents, or nothing was
 * found, that note is the whole answer.
 */
export function offlineAnswer(question: string, unknownWords: readonly string[], extracted: { answer: string; citations: string[] }): string {
  const words = [...new Set(contentWords(question))];
  const missing = words.filter((w) => unknownWords.includes(w));
  if (missing.length === 0 || missing.length < MISSING_SHARE * words.length) return extracted.answer;
  const note = `The selected documents never mention ${missing.map((w) => `“${w}”`).join(" or ")}`;
  const passagesHelp = extracted.citations.length > 0 && missing.length < words.length;
  return passagesHelp ? `${note}; these passages come closest.\n\n${extracted.answer}` : `${note}.`;
}
