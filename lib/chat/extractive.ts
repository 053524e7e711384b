import type { Chunk } from "@/lib/knowledge/schemas";
import { documentTitle, namedDocuments, namesIn } from "@/lib/knowledge/document-title";
import { textUnits } from "@/lib/text/sentences";
import { contentWords } from "@/lib/text/query";
import { formalEquivalents } from "@/lib/text/everyday-words";
import { words } from "@/lib/text/typos";
import { answerStem, stemmer } from "@/lib/text/stem";
import { detectLanguage, dominantLanguage, type Lang } from "@/lib/text/language";
import { notFoundMessage } from "./not-found";
import { citationId, neutralizeBrackets } from "./citations";
import {
  alwaysAvailable,
  holdsWantedFact,
  isNegative,
  questionIntent,
  requires,
  skippedAction,
  type QuestionIntent,
} from "@/lib/text/question-intent";

/**
 * The offline answer: the retrieved passages' sentences that address the question (or each part
 * of a compound question), the one holding the asked-for fact first, each followed by its
 * citation. A sentence is scored by the IDF-weighted share of the question's terms it holds (a
 * term only in its section heading or document title counts in part), plus a bonus for holding
 * the kind of fact asked for and for coming from a higher-ranked passage. Only sentences close to
 * the best one are quoted; when none addresses the question, the answer says so and shows the
 * closest passages as passages.
 */

/**
 * Sentences quoted for one question: a question asking for a fact (an amount, a date, yes or no)
 * is answered by the sentence stating it and little else; one asking to explain gets more. A
 * compound question's parts share them.
 */
const MAX_SENTENCES = { fact: 2, explain: 4 };
const MAX_SENTENCE_WORDS = 70;
/** Weight of the passage's rank against the sentence's own match. */
const RANK_W = 0.2;
/** Bonus for a sentence holding the kind of fact the question asks for (an amount, a date…). */
const FACT_BONUS = 0.3;
/** A question term found only in the sentence's section heading, or only in its document's title, counts this much. */
const HEADING_WEIGHT = 0.5;
const TITLE_WEIGHT = 0.6;
/** Bonus for a sentence from the document the question names (by its title's words), or naming it itself. */
const SCOPE_W = 0.3;
/**
 * A further sentence is quoted only if it matches this share of the best match and scores this
 * share of the key sentence; an explaining answer takes in more than a fact's.
 */
const MIN_RELATIVE = { fact: { match: 0.6, score: 0.75 }, explain: { match: 0.5, score: 0.6 } };
/** Below this match no sentence addresses the question: it is answered as not found. */
const ANSWER_FLOOR = 0.35;
/**
 * A question asking in so many words for a fact ("Who do I write to…?") is answered by a sentence
 * holding that kind of fact from this match on: it names the fact, the rest of the question is
 * phrasing ("…if I want a copy of the data the company keeps on me": "…contact the Privacy Officer").
 */
const POINTED_FACT_FLOOR = 0.15;
/** Weight of a question word no candidate sentence holds, against the rarest word one holds. */
const UNFOUND_WEIGHT = 0.5;
/** A yes or a no is said only when the key sentence itself holds this share of the question's terms. */
const YES_NO_MATCH = 0.5;
/** Passages shown when nothing addresses the question. */
const CLOSEST_PASSAGES = 2;

const NOTHING_FOUND = "I could not find anything about that in the selected documents.";
const NO_DIRECT_ANSWER = "I could not find a direct answer to that in the selected documents. The closest passages:";

interface Candidate {
  text: string;
  /** The section heading it sits under ("What is Not Covered?"). */
  heading: string | null;
  citation: string;
  rank: number;
  position: number;
  /** IDF-weighted share of the question's terms in the sentence (heading and title in part), 0..1. */
  match: number;
  /** The same share counting only the sentence's own words. */
  ownMatch: number;
  /** How many of the question's terms the sentence itself holds. */
  held: number;
  fact: boolean;
  /** Requires what the question asks leave to skip ("…must be encrypted…" for "without encrypting"): it settles the question. */
  requiresSkipped: boolean;
  /** Names every document the question compares ("Northwind Health Plus … while Northwind Standard …"). */
  comparing: boolean;
  /** From the document the question names (every title word it uses is in the title or the sentence). */
  scoped: boolean;
  complete: boolean;
  score: number;
}

/** One question of a compound question ("…, and what…?") with the passages found for it. */
export interface QuestionPart {
  question: string;
  /** The person's own words, when `question` adds context borrowed from earlier turns. */
  asked?: string;
  chunks: Chunk[];
}

export interface ExtractedAnswer {
  answer: string;
  citations: string[];
  /** False when no sentence addressed the question: the answer only shows the closest passages. */
  answered: boolean;
}

/**
 * Terms of the question: stems of its content words, and acronyms ("IT") matched as written.
 * A stem may be held through a formal word for it ("turned" down: "denied"), each a phrase of stems.
 */
interface Terms {
  stems: string[];
  acronyms: string[];
  formal: Map<string, string[][]>;
}

/**
 * "How long", "how much", "what do I pay", "which one", "is one better than the other": words that ask for a kind of fact, not terms a
 * sentence must hold (the fact itself is looked for instead, see question-intent).
 */
const ASKING_PHRASE =
  /\b(how (long|much|many|often|soon|far|big|old)|(?<!\bno )longer|which one|(which|what) (team|department|office|person|people|group|unit|desk|executive|officer|role|position)|point of contact|costs?|prices?|pay|paid|spend|better|worse|other|between|compare\w*|differ\w*|versus|vs)\b/gi;

/** How words of a language are read: its content words, each stemmed (English: a light suffix strip). */
interface Reading {
  lang: Lang;
  stem: (word: string) => string;
}
const readingOf = (lang: Lang): Reading => ({ lang, stem: lang === "en" ? answerStem : stemmer(lang) });

function questionTerms(question: string, reading: Reading): Terms {
  const acronyms = [...new Set(question.match(/\b[A-Z]{2,5}\b/g) ?? [])].filter((a) => contentWords(a, "en").length === 0);
  const content = contentWords(question.replace(ASKING_PHRASE, " "), reading.lang);
  const everyday = reading.lang === "en" ? formalEquivalents(question) : new Map<string, string[]>();
  const formal = new Map<string, string[][]>();
  for (const word of content) {
    const equivalents = everyday.get(words(word)[0] ?? "");
    if (equivalents)
      formal.set(
        reading.stem(word),
        equivalents.map((phrase) => contentWords(phrase, "en").map(reading.stem)),
      );
  }
  return { stems: [...new Set(content.map(reading.stem))], acronyms, formal };
}

/**
 * Prefixes of 4+ letters match when the rest is a suffix ("cover" and "coverage", "deni(ed)" and
 * "denial"), not another word ("life" and "lifestyles").
 */
const stemsMatch = (a: string, b: string): boolean => {
  if (a === b) return true;
  if (a.length > b.length) return stemsMatch(b, a);
  // a is the shorter: a prefix of b whose rest is a suffix (sliced only when it is).
  return a.length >= 4 && b.startsWith(a) && (b.length - a.length <= 3 || SUFFIX.test(b.slice(a.length)));
};
const SUFFIX = /^(ously|ation|ations|ement|ements|ment|ments|ness|ities|ively|ably|ibly|ically|ances|ences|ings|able|ible|ance|ence|ship)$/;

/** The stems of a text's words, and the text itself for acronyms. */
class StemSet {
  private readonly stems: Set<string>;
  constructor(
    private readonly raw: string,
    reading: Reading,
  ) {
    // "fitness-related" holds "fitness" and "related" as well as itself.
    const words = contentWords(raw, reading.lang).flatMap((w) => (w.includes("-") ? [w, ...w.split("-").filter(Boolean)] : [w]));
    this.stems = new Set(words.map(reading.stem));
  }
  has(stem: string): boolean {
    if (this.stems.has(stem)) return true;
    for (const s of this.stems) if (stemsMatch(s, stem)) return true;
    return false;
  }
  /** Holds the stem itself or one of the formal phrases that may stand for it. */
  holds(stem: string, formal: Terms["formal"]): boolean {
    return this.has(stem) || (formal.get(stem)?.some((phrase) => phrase.every((s) => this.has(s))) ?? false);
  }
  hasAcronym(acronym: string): boolean {
    return new RegExp(`\\b${acronym}\\b`).test(this.raw);
  }
}

function clip(sentence: string): string {
  const words = sentence.split(" ");
  return words.length <= MAX_SENTENCE_WORDS ? sentence : `${words.slice(0, MAX_SENTENCE_WORDS).join(" ")}…`;
}

/**
 * A sentence says something on the question: it holds one of its terms itself (not only through
 * its heading), or it holds the kind of fact asked for in the document the question names
 * ("What does PerksPlus reimburse, up to how much?": "…expense up to $1000…").
 */
const addresses = (c: Candidate) => c.ownMatch > 0 || (c.fact && c.scoped);

/** A question asking for a fact (an amount, a date, yes or no), or one asking to explain. */
const answerKind = (intent: QuestionIntent) => (intent.wants.length || intent.yesNo ? "fact" : "explain");

interface RankedPart {
  intent: QuestionIntent;
  /** The question's language. */
  lang: Lang;
  /** The question names a document by its title's words ("Will Northwind Standard pay…"). */
  namesDocument: boolean;
  /** The documents a question naming two or more compares, in the order their names come. */
  compared: string[];
  /** What a yes/no question asks leave to skip ("without encrypting": "encrypt"). */
  skipped: string | null;
  /** An acronym the question names ("IT") is in none of the passages: they are about something else. */
  namesMissing: boolean;
  /** Question terms a sentence must hold itself to answer it. */
  termsNeeded: number;
  byScore: Candidate[];
  best: Candidate;
}

function rankPart({ question, asked: ownWords, chunks }: QuestionPart): RankedPart | null {
  const asked = readingOf(detectLanguage(question));
  // The passages are read in their own language: an English question is taken to be asked of
  // documents in English (detecting each passage's language would cost more than the answer).
  const documents = asked.lang === "en" ? asked : readingOf(dominantLanguage(chunks.map((c) => c.content)) ?? "en");
  const terms = questionTerms(question, asked);
  const intent = questionIntent(question);
  const skipped = skippedAction(question);
  const candidates: Candidate[] = [];
  const own: StemSet[] = [];
  const context: { heading: StemSet; title: StemSet }[] = [];
  chunks.forEach((chunk, rank) => {
    const heading = typeof chunk.metadata.heading === "string" ? chunk.metadata.heading : null;
    const title = new StemSet(documentTitle(chunk.file_name), documents);
    textUnits(chunk.content, heading).forEach((unit, position) => {
      const text = neutralizeBrackets(unit.text);
      candidates.push({
        text,
        heading: unit.heading ?? null,
        citation: citationId(chunk),
        rank,
        position,
        match: 0,
        ownMatch: 0,
        held: 0,
        fact: holdsWantedFact(text, intent) || (skipped !== null && requires(text, skipped)),
        requiresSkipped: skipped !== null && requires(text, skipped),
        scoped: false,
        comparing: false,
        complete: unit.complete,
        score: 0,
      });
      own.push(new StemSet(text, documents));
      context.push({ heading: new StemSet(unit.heading ?? "", documents), title });
    });
  });
  if (candidates.length === 0 || terms.stems.length + terms.acronyms.length === 0) return null;

  // Terms a retrieved document's title holds ("Northwind Health Plus") say which document the
  // question is about: its sentences need not repeat them. The other terms say what it asks.
  const scope = terms.stems.filter((s) => context.some((c) => c.title.has(s)));
  const topical =
    scope.length === terms.stems.length && terms.acronyms.length === 0 ? terms.stems : terms.stems.filter((s) => !scope.includes(s));
  const scopeOnly = scope.filter((s) => !topical.includes(s));
  // Names are capitalised inside the question ("Will Northwind Standard pay…"): "details" is not one.
  const names = namesIn(question).map(asked.stem);
  // "…on Standard or on Health Plus?" names two documents: it compares them, each in scope.
  const titles = new Map(candidates.map((c, i) => [documentOf(c), context[i].title]));
  // Only names the person wrote compare: a follow-up's borrowed subject does not.
  const written = new Set(contentWords(ownWords ?? question, asked.lang).map(asked.stem));
  const nameTerms = scopeOnly.filter((s) => names.includes(s) && written.has(s));
  const named = namedDocuments(nameTerms, titles);
  const compared = named.length > 1 ? named.flat() : [];
  // "Which plan covers…?" names none: a sentence naming two of the documents found compares them.
  const comparing = intent.wants.includes("comparison");
  const namesTwoDocuments = (text: string) => namedDocuments(namesIn(` ${text}`).map(asked.stem), titles).length > 1;
  if (compared.length && !intent.wants.includes("comparison")) intent.wants.push("comparison");

  // Rarer terms among the candidates weigh more. A word no candidate holds is mostly phrasing
  // ("my kid's", "sending") and weighs as a rare one: it lowers every match alike. (A word the
  // documents never use at all is said up front by offlineAnswer; an acronym counts in full.)
  const idf = (df: number) => Math.log(1 + candidates.length / (1 + df));
  const stemWeight = new Map(
    topical.map((s) => [
      s,
      idf(Math.max(1, own.filter((set) => set.holds(s, terms.formal)).length)) *
        (own.some((set) => set.holds(s, terms.formal)) ? 1 : UNFOUND_WEIGHT),
    ]),
  );
  const acronymWeight = new Map(terms.acronyms.map((a) => [a, idf(own.filter((set) => set.hasAcronym(a)).length)]));
  const total = [...stemWeight.values(), ...acronymWeight.values()].reduce((a, b) => a + b, 0) || 1;

  candidates.forEach((c, i) => {
    let match = 0;
    let ownMatch = 0;
    let held = 0;
    for (const [stem, weight] of stemWeight) {
      const inSentence = own[i].holds(stem, terms.formal);
      if (inSentence) {
        ownMatch += weight;
        held++;
      }
      match +=
        weight *
        (inSentence ? 1 : context[i].heading.holds(stem, terms.formal) ? HEADING_WEIGHT : context[i].title.has(stem) ? TITLE_WEIGHT : 0);
    }
    for (const [acronym, weight] of acronymWeight) {
      if (own[i].hasAcronym(acronym)) {
        ownMatch += weight;
        held++;
        match += weight;
      }
    }
    c.comparing = compared.length > 0 ? nameTerms.every((s) => own[i].has(s)) : comparing && namesTwoDocuments(c.text);
    const inScope = compared.length
      ? Number(c.comparing || compared.includes(documentOf(c)))
      : scopeOnly.filter((s) => own[i].has(s) || context[i].title.has(s)).length / (scopeOnly.length || 1);
    c.scoped = scopeOnly.length > 0 && inScope === 1;
    c.match = match / total;
    c.ownMatch = ownMatch / total;
    c.held = held;
    c.score = c.match + SCOPE_W * inScope + RANK_W / (1 + c.rank) + (c.fact ? FACT_BONUS : 0) - 0.01 * c.position;
  });
  // Only whole sentences that say something on the question themselves (not through their heading).
  const quotable = candidates.filter((c) => c.complete && addresses(c)).sort((a, b) => b.score - a.score);
  const byScore = quotable.length ? quotable : [...candidates].sort((a, b) => b.score - a.score);
  const namesMissing = terms.acronyms.some((a) => !own.some((set) => set.hasAcronym(a)));
  // A sentence holding one of two or more terms the passages use is about something else
  // ("dress code": "…bathing, dressing…"). Of a question naming a document, the terms its own
  // passages use: "weekend" found only in another document's text is no term PerksPlus must hold.
  const read = candidates.some((c) => c.scoped) ? own.filter((_, i) => candidates[i].scoped) : own;
  const found =
    topical.filter((s) => read.some((set) => set.holds(s, terms.formal))).length +
    terms.acronyms.filter((a) => read.some((set) => set.hasAcronym(a))).length;
  return {
    intent,
    lang: asked.lang,
    namesDocument: scopeOnly.some((s) => names.includes(s)),
    compared,
    skipped,
    namesMissing,
    termsNeeded: Math.min(2, found),
    byScore,
    best: keySentence(byScore),
  };
}

/**
 * "How much parental leave…?" answered by a sentence holding no amount ("having a baby is an
 * exciting time…") answers nothing: a question asking in so many words only for an amount, a
 * count, a time or a contact needs its key sentence to hold one.
 */
const FACT_ONLY_KINDS = new Set(["amount", "count", "time", "contact"]);
const missesAskedFact = (r: RankedPart) =>
  !r.intent.yesNo && r.intent.pointed === true && r.intent.wants.every((k) => FACT_ONLY_KINDS.has(k)) && !r.best.fact;

/**
 * "Will Northwind Standard pay for braces?" is not answered by Health Plus's list of covered
 * braces: a question naming one document (a comparison names two) is answered from it, or the
 * closest passages are shown as passages.
 */
const answersAnotherDocument = (r: RankedPart) => r.namesDocument && !r.best.scoped && !r.intent.wants.includes("comparison");

/** A sentence holding the asked-for fact leads if it matches at least this share of the best match. */
const FACT_LEAD_MATCH = 0.4;

/**
 * The sentence to lead with: the best one holding the kind of fact asked for ("how much": an
 * amount), unless it says much less on the question than the best one and is not from the
 * document the question names; else the best one.
 */
function keySentence(byScore: Candidate[]): Candidate {
  const bestMatch = Math.max(...byScore.map((c) => c.match));
  const leads = (c: Candidate) => c.fact && (c.match >= FACT_LEAD_MATCH * bestMatch || c.scoped);
  // "Health Plus offers more comprehensive coverage than Standard" answers a comparison in one.
  return byScore.find((c) => c.comparing && leads(c)) ?? byScore.find(leads) ?? byScore[0];
}

/** A quoted sentence; `alsoIn`: other pages found that say it word for word. */
type Quote = Candidate & { alsoIn: string[] };

/**
 * The key sentence, then those close to it in match and score, each text once: first from pages
 * not quoted yet (a second page that says it too is worth its citation), then any.
 */
function pickSentences(r: RankedPart, max: number): Quote[] {
  const bestMatch = Math.max(...r.byScore.map((c) => c.match));
  const min = MIN_RELATIVE[answerKind(r.intent)];
  // Led from the document the question names, the answer stays in it; led by the fact a
  // question asks for in so many words, it adds only sentences that hold such a fact too.
  const close = r.byScore.filter(
    (c) =>
      c.match >= min.match * bestMatch &&
      c.score >= min.score * r.best.score &&
      (!r.best.scoped || c.scoped) &&
      (!r.best.fact || !r.intent.pointed || r.intent.wants.includes("comparison") || c.fact),
  );
  const chosen: Candidate[] = [r.best];
  const take = (c: Candidate) => chosen.length < max && !chosen.some((p) => p.text === c.text) && chosen.push(c);
  // "How often does each plan pay for hearing aids?": each document compared, or found, has its
  // say with its best sentence that says nearly as much on the question as the key one.
  if (r.intent.wants.includes("comparison")) {
    const said = r.byScore.filter((c) => c.match >= FACT_LEAD_MATCH * bestMatch);
    const documents = r.compared.length ? r.compared : [...new Set(said.filter((c) => c.match >= min.match * bestMatch).map(documentOf))];
    for (const d of documents) {
      const own = said.filter((c) => documentOf(c) === d);
      if (own.length && !chosen.some((p) => documentOf(p) === d || p.comparing)) take(keySentence(own));
    }
  }
  for (const c of close) if (!chosen.some((p) => p.citation === c.citation)) take(c);
  for (const c of close) take(c);
  return chosen.map((c) => ({
    ...c,
    alsoIn: [...new Set(r.byScore.filter((o) => o.text === c.text && o.citation !== c.citation).map((o) => o.citation))],
  }));
}

const documentOf = (c: Candidate) => c.citation.split("#")[0];

const cite = (q: Quote) => [q.citation, ...q.alsoIn].map((id) => `[${id}]`).join("");

/**
 * "Yes." or "No." before the key sentence when it states the matter itself: no when it (or the
 * section it sits in, "What is Not Covered?") denies it, or requires what the question asks to
 * skip.
 */
function yesNo(r: RankedPart): string {
  // A sentence of another document than the one asked about says nothing of that one.
  if (!r.intent.yesNo || (r.namesDocument && !r.best.scoped)) return "";
  const { text, heading } = r.best;
  const [yes, no] = YES_NO[r.lang] ?? ["Yes", "No"];
  if (r.intent.availability && alwaysAvailable(text) && !isNegative(text)) return `${yes}. `;
  if (r.best.ownMatch < YES_NO_MATCH && !r.best.requiresSkipped) return "";
  const denied = isNegative(text) || (heading !== null && isNegative(heading)) || (r.skipped !== null && requires(text, r.skipped));
  return `${denied ? no : yes}. `;
}

/** Yes and no in the question's language. */
const YES_NO: Partial<Record<Lang, [string, string]>> = {
  en: ["Yes", "No"],
  de: ["Ja", "Nein"],
  fr: ["Oui", "Non"],
  es: ["Sí", "No"],
  it: ["Sì", "No"],
  pt: ["Sim", "Não"],
  nl: ["Ja", "Nee"],
};

/**
 * The answer to each part in turn, a paragraph each. When no part is addressed by any sentence,
 * the closest passages are shown as passages, under a line saying no direct answer was found.
 */
export function extractiveAnswer(parts: QuestionPart[]): ExtractedAnswer {
  const ranked = parts.map(rankPart).filter((r): r is RankedPart => r !== null);
  if (ranked.length === 0) return { answer: NOTHING_FOUND, citations: [], answered: false };

  const answers = (r: RankedPart) =>
    ((r.best.match >= ANSWER_FLOOR && r.best.held >= r.termsNeeded && r.best.held > 0) ||
      (r.intent.pointed && r.best.fact && r.best.match >= POINTED_FACT_FLOOR && r.best.held > 0) ||
      (r.best.fact && r.best.scoped) ||
      r.best.requiresSkipped) &&
    !missesAskedFact(r) &&
    !answersAnotherDocument(r);
  const answeredParts = ranked.filter((r) => !r.namesMissing && answers(r));
  if (answeredParts.length === 0) return closestPassages(ranked);

  const perPart = (r: RankedPart) => Math.max(2, Math.ceil(MAX_SENTENCES[answerKind(r.intent)] / answeredParts.length));
  const quoted = new Set<string>();
  const citations = new Set<string>();
  const paragraphs: string[] = [];
  for (const r of answeredParts) {
    const picked = pickSentences(r, perPart(r)).filter((c) => !quoted.has(c.text));
    if (!picked.length) continue;
    picked.forEach((c) => {
      quoted.add(c.text);
      [c.citation, ...c.alsoIn].forEach((id) => citations.add(id));
    });
    paragraphs.push(yesNo(r) + picked.map((c) => `${clip(c.text)} ${cite(c)}`).join(" "));
  }
  return { answer: paragraphs.join("\n\n"), citations: [...citations], answered: true };
}

function closestPassages(ranked: RankedPart[]): ExtractedAnswer {
  const shown: Quote[] = [];
  for (const r of ranked) {
    for (const c of r.byScore) {
      if (shown.length >= CLOSEST_PASSAGES) break;
      if (c.complete && addresses(c) && !shown.some((s) => s.text === c.text)) shown.push({ ...c, alsoIn: [] });
    }
  }
  if (shown.length === 0) return { answer: NOTHING_FOUND, citations: [], answered: false };
  const lines = shown.map((c) => `> ${clip(c.text)} ${cite(c)}`).join("\n>\n");
  return { answer: `${NO_DIRECT_ANSWER}\n\n${lines}`, citations: [...new Set(shown.map((c) => c.citation))], answered: false };
}

/** Share of the question's content words that, when none of the documents uses them, is said up front. */
const MISSING_SHARE = 1 / 3;

/**
 * The offline answer, with "The selected documents never mention “vacation”" first when a good
 * part of the question is about something the documents do not contain: the quoted sentences
 * then only come close. When none of the question's words is in the documents, or nothing was
 * found, that note is the whole answer.
 */
export function offlineAnswer(
  question: string,
  unknownWords: readonly string[],
  extracted: ExtractedAnswer,
  passages: readonly string[] = [],
): string {
  const questionLang = detectLanguage(question);
  const words = [...new Set(contentWords(question, questionLang))];
  // A word said formally in the documents ("counsellor": "counseling") is not missing from an answer found through it.
  const saidFormally = extracted.answered ? formalEquivalents(question) : new Map();
  const missing = words.filter((w) => unknownWords.includes(w) && !saidFormally.has(w));
  if (missing.length === 0 || (extracted.answered && missing.length < MISSING_SHARE * words.length)) return extracted.answer;
  const passagesHelp = extracted.citations.length > 0 && missing.length < words.length;
  const note = notFoundMessage({
    questionLang,
    documentsLang: dominantLanguage(passages),
    missingWords: missing,
    closestFollow: passagesHelp,
  });
  if (!passagesHelp) return note;
  // The passages' own lead line ("I could not find a direct answer…") says the same again.
  const body = extracted.answered ? extracted.answer : extracted.answer.replace(`${NO_DIRECT_ANSWER}\n\n`, "");
  return `${note}\n\n${body}`;
}
