import { chunkHeading, type Chunk } from "@/lib/knowledge/schemas";
import { documentTitle } from "@/lib/knowledge/document-title";
import { contentWordsIn } from "@/lib/text/language";
import { snowballStem } from "@/lib/text/stem";
import { citationId, citedDocument } from "./citations";
import { pageSections, type PageSection } from "./page-sections";
import { isGenericStem, NEGATION, sectionQuestion } from "./topics";

/**
 * Offline follow-up questions: the sections of the pages the answer cites (and of the passages
 * found on the pages beside them) that the question did not ask about and the answer did not
 * quote, phrased from their headings, kept only when they share the question's subject and,
 * asked, would lead back to their own section.
 */

export interface FollowupTurn {
  question: string;
  /** The answer as shown, with its citations. */
  answer: string;
  /** The pages the answer cites. */
  cited: readonly string[];
  /** The passages found, each with the rest of its page (withWholePages). */
  chunks: readonly Chunk[];
}

export interface FollowupCandidate {
  question: string;
  /** The page the section is on: the question should find it again. */
  source: string;
  /** Words shared with the question's subject: the heading's count twice. */
  score: number;
}

/** The pages a search for the question finds, best first (citation ids). */
export type FindPages = (question: string) => Promise<string[]>;

const MAX_FOLLOWUPS = 3;
/** Candidates searched at most: each check is a search. */
const MAX_CHECKS = 6;
/** A follow-up must find its own section among this many pages. */
const FOUND_WITHIN = 3;
/** A section sharing less than this with the question's subject is about something else. */
const MIN_SCORE = 2;
const MIN_SHARED = 2;
/** Passages this many pages from a cited one are still its section's neighbours. */
const NEARBY_PAGES = 2;

/** Follow-ups that pass the answerability check, best first, at most `count`. */
export async function offlineFollowups(turn: FollowupTurn, findPages: FindPages, count = MAX_FOLLOWUPS): Promise<string[]> {
  const chosen: string[] = [];
  for (const candidate of followupCandidates(turn).slice(0, MAX_CHECKS)) {
    const found = await findPages(candidate.question).catch(() => []);
    if (found.slice(0, FOUND_WITHIN).some((page) => samePlace(page, candidate.source))) chosen.push(candidate.question);
    if (chosen.length >= count) break;
  }
  return chosen;
}

/** Every section question the turn suggests, on its subject, best first; unchecked. */
export function followupCandidates({ question, answer, cited, chunks }: FollowupTurn): FollowupCandidate[] {
  const citedDocuments = new Set(cited.map(citedDocument));
  const asked = new Set(contentWordsIn(question));
  if (/\bnot\b|n['’]t\b/i.test(question)) asked.add(NEGATION);
  const quotes = quotedFragments(answer);
  const nearby = chunks.filter((c) => cited.some((page) => samePlace(citationId(c), page, NEARBY_PAGES)));
  const sections = sectionsOf(nearby, cited);
  const quoted = sections.filter((s) => quotes.some((q) => normalized(s.text).includes(q)));
  const titles = new Set([...citedDocuments].flatMap((d) => stemsOf(documentTitle(d))));
  const telling = (stem: string) => !titles.has(stem) && !WEAK.has(stem) && !isGenericStem(stem);
  const askedStems = new Set(stemsOf(question).filter(telling));
  // A quoted section on the question's subject names it too ("appeals" for "denied claim"); one quoted for a stray word does not.
  const onSubject = quoted.filter((s) => overlap(stemsOf(`${s.heading}\n${s.text}`), askedStems) >= Math.min(2, askedStems.size));
  const quotedHeadings = new Set(onSubject.flatMap((s) => stemsOf(s.heading)).filter(telling));
  const subject = new Set([...askedStems, ...quotedHeadings]);
  const candidates: (FollowupCandidate & { order: number; topic: Set<string> })[] = [];
  sections.forEach((section, order) => {
    if (quoted.includes(section)) return;
    const shared = overlap([...stemsOf(section.heading), ...stemsOf(section.text)], subject);
    const score = 2 * overlap(stemsOf(section.heading), subject) + overlap(stemsOf(section.text), subject);
    // One shared word is a coincidence ("personal" data, "personal" injury protection), unless the
    // heading shares it with the quoted one's: a sibling section ("Meal Allowance" beside "Hotel Allowance").
    const sibling = overlap(stemsOf(section.heading), quotedHeadings) > 0;
    if (!sibling && (score < MIN_SCORE || shared < MIN_SHARED)) return;
    const file = citedDocument(section.source);
    const q = sectionQuestion(file.split("/").at(-1)!, section.heading, asked, section.text);
    const topic = topicStems(section.heading);
    if (!q || sameQuestion(q, question) || candidates.some((c) => sameQuestion(c.question, q) || sameTopic(c.topic, topic))) return;
    candidates.push({ question: q, source: section.source, score, order, topic });
  });
  // Sections come in page order, the cited pages' first: ties keep it.
  return candidates
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ question: q, source, score }) => ({ question: q, source, score }));
}

type SourcedSection = PageSection & { source: string };

/** The sections of the found passages' pages: the cited pages' first, then the rest in the order found. */
function sectionsOf(chunks: readonly Chunk[], cited: readonly string[]): SourcedSection[] {
  const pages = new Map<string, SourcedSection[]>();
  const ordered = [...chunks].sort((a, b) => rank(a) - rank(b));
  function rank(chunk: Chunk) {
    const i = cited.indexOf(citationId(chunk));
    return i < 0 ? cited.length : i;
  }
  for (const chunk of ordered) {
    const source = citationId(chunk);
    if (pages.has(source)) continue;
    const carried = chunkHeading(chunk);
    pages.set(
      source,
      pageSections(chunk.content, carried).map((s) => ({ ...s, source })),
    );
  }
  return [...pages.values()].flat();
}

const stemsOf = (text: string) =>
  contentWordsIn(text, "en")
    .flatMap((w) => w.split(/[-'’]/))
    .filter((w) => w.length > 2 && !/^\d+$/.test(w))
    .map(snowballStem);

const overlap = (stems: string[], subject: ReadonlySet<string>) => new Set(stems.filter((s) => subject.has(s))).size;

const normalized = (text: string) => text.replace(/\s+/g, " ").toLowerCase();

/** The answer's quoted sentences, each as its first words (a quote may be clipped). */
function quotedFragments(answer: string): string[] {
  return answer
    .split(/\[[^\]]+\]/)
    .map((part) => normalized(part.trim()).split(" ").slice(0, 8).join(" "))
    .filter((part) => part.split(" ").length >= 4);
}

/** Words too common in policies and plan booklets to make two passages about one thing. */
const WEAK = new Set(["polici", "program", "rule", "process", "procedur", "guidelin", "compani", "work", "thing", "care", "visit"]);

/** A heading's own words: "COVERED SERVICES: Urgent Care" and "Urgent Care" name one topic. */
const topicStems = (heading: string) => new Set(stemsOf(heading).filter((s) => !isGenericStem(s)));

/** One topic within the other's: "Data Security" and "Data Security at Zava". */
const sameTopic = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size > 0 && b.size > 0 && ([...a].every((s) => b.has(s)) || [...b].every((s) => a.has(s)));

/** The same question, give or take case and punctuation. */
const sameQuestion = (a: string, b: string) => {
  const plain = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
  return plain(a) === plain(b);
};

/** A page of the same document within `reach` pages of the source (a section may start a page earlier). */
function samePlace(page: string, source: string, reach = 1): boolean {
  if (citedDocument(page) !== citedDocument(source)) return false;
  const number = (id: string) => Number(/#page=(\d+)$/.exec(id)?.[1] ?? NaN);
  const [a, b] = [number(page), number(source)];
  return Number.isNaN(a) || Number.isNaN(b) ? page === source : Math.abs(a - b) <= reach;
}
