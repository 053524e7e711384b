import { chunkHeading, type Chunk } from "@/lib/knowledge/schemas";
import { documentTitle, namedDocuments, namesIn } from "@/lib/knowledge/document-title";
import { listText, textUnits, type TextUnit } from "@/lib/text/sentences";
import { contentWords, refersBack } from "@/lib/text/query";
import { detectLanguage, dominantLanguage, type Lang } from "@/lib/text/language";
import {
  askingClause,
  holdsWantedFact,
  isNegative,
  namesAnAmount,
  questionIntent,
  requires,
  skippedAction,
  type Skipped,
  type QuestionIntent,
} from "@/lib/text/question-intent";
import { HEADING_PATH_SEPARATOR } from "@/lib/ingest/chunk";
import { citationId, neutralizeBrackets } from "./citations";
import { deniedParts } from "./polarity";
import { questionTerms, readingOf, StemSet, type Reading, type Terms } from "./question-terms";
import { namedRecords, partOf, recordOf } from "./record-names";

/**
 * The retrieved passages' sentences ranked for one question: each scored by the IDF-weighted
 * share of the question's terms it holds (a term only in its section heading or document title
 * counts in part), plus a bonus for holding the kind of fact asked for, for coming from the
 * document the question names and from a higher-ranked passage; and the key sentence to lead with.
 */

/** Weight of the passage's rank against the sentence's own match. */
const RANK_W = 0.2;
/** Bonus for a sentence holding the kind of fact the question asks for (an amount, a date…). */
const FACT_BONUS = 0.3;
/** A question term found only in the sentence's section heading, or only in its document's title, counts this much. */
const HEADING_WEIGHT = 0.5;
const TITLE_WEIGHT = 0.6;
/** Bonus for a sentence from the document the question names (by its title's words), or naming it itself. */
const SCOPE_W = 0.3;
/** A sentence denies the asked matter when a negation governs this share of what it holds of the question. */
const DENIED_SHARE = 0.5;
/** Weight of a word only a sentence setting the scene uses, when judging whether a sentence answers. */
const SCENE_WEIGHT = 0.2;
/** Weight of a question word no candidate sentence holds, against the rarest word one holds. */
const UNFOUND_WEIGHT = 0.5;

export interface Candidate {
  text: string;
  /** The section heading it sits under ("What is Not Covered?"). */
  heading: string | null;
  /** In a document of records (a role library), the record it belongs to ("Director of Sales"). */
  record: string | null;
  citation: string;
  rank: number;
  position: number;
  /** IDF-weighted share of the question's terms in the sentence (heading and title in part), 0..1. */
  match: number;
  /** The same share counting only the sentence's own words. */
  ownMatch: number;
  /** `match` with words only a scene-setting sentence uses weighing less: what the answer floor is judged by. */
  askedMatch: number;
  /** How many of the question's terms the sentence itself holds. */
  held: number;
  /** Of those, the ones that are not names ("Zava" says who, not what): what a yes or no is about. */
  heldWords: number;
  /** Those terms' stems. */
  heldStems: string[];
  fact: boolean;
  /** Requires what the question asks leave to skip ("…must be encrypted…" for "without encrypting"): it settles the question. */
  requiresSkipped: boolean;
  /**
   * Denies the matter asked about: most of the question's terms it holds (names aside) sit where a
   * negation governs them ("…chiropractic care are not covered").
   */
  denies: boolean;
  /** Names every document the question compares ("Northwind Health Plus … while Northwind Standard …"). */
  comparing: boolean;
  /** From the document the question names (every title word it uses is in the title or the sentence). */
  scoped: boolean;
  /** Holds the kind of fact asked for, in the named document, where that may be the answer though put in other words (see addresses). */
  factInScope: boolean;
  complete: boolean;
  /** The sentence before, which this one points back to ("This includes…"): quoted with it. */
  antecedent: string | null;
  /** Names the thing a "What degree…?" question asks for. */
  namesAskedThing: boolean;
  /** How many of the words the question writes in capitals ("MRI", "COBRA") it holds, itself or in its heading or record. */
  capitalsHeld: number;
  /** A list read as one sentence: its lead-in and items, so the items asked about can be quoted alone. */
  list: { lead: string; items: string[] } | null;
  score: number;
}

/** One question of a compound question ("…, and what…?") with the passages found for it. */
export interface QuestionPart {
  question: string;
  /** The person's own words, when `question` adds context borrowed from earlier turns. */
  asked?: string;
  chunks: Chunk[];
  /**
   * The question as the person wrote it, when `question` is its English reading (a question in
   * German of English documents, lib/text/cross-language): what it asks for and the language of
   * a yes or a no are read from it.
   */
  original?: { question: string; lang: Lang };
  /** Of a question read from another language: each English word of the reading → the other senses of the word it reads. */
  otherSenses?: ReadonlyMap<string, string[]>;
  /** The earlier question a follow-up asks again of something else ("and for dental?"): it asks for what that one did. */
  askedAgain?: string;
}

/**
 * A sentence says something on the question: it holds one of its terms itself (not only through
 * its heading), or it holds the kind of fact asked for in the document the question names
 * ("What does PerksPlus reimburse, up to how much?": "…expense up to $1000…"), where its heading
 * holds a term, its passage was found first or speaks on the question elsewhere, or that
 * document says nothing in the question's words. A day count on a page the search ranked low
 * ("a copay for each day you stay in the hospital") says nothing on "how far ahead", when other
 * sentences of that document speak of the procedure.
 */
export const addresses = (c: Candidate) => c.ownMatch > 0 || c.factInScope;

export interface RankedPart {
  /** The question as read (in English when read so). */
  question: string;
  intent: QuestionIntent;
  /** The question's language. */
  lang: Lang;
  /** The question names a document by its title's words ("Will Northwind Standard pay…"). */
  namesDocument: boolean;
  /**
   * What a question naming two or more compares, in the order their names come: documents ("…on
   * Standard or on Health Plus?"), or records of one ("the Manager or the VP of Marketing").
   */
  compared: string[];
  /** The side a sentence speaks for: its record when records are compared, else its document. */
  sideOf: (c: Candidate) => string;
  /** A side as the answer names it ("Northwind Standard Benefits Details", "Vice President of Marketing"). */
  sideName: (side: string) => string;
  /** What a yes/no question asks leave to skip ("without encrypting": "encrypt"). */
  skipped: Skipped | null;
  /** An acronym the question names ("IT") is in none of the passages: they are about something else. */
  namesMissing: boolean;
  /** Question terms a sentence must hold itself to answer it. */
  termsNeeded: number;
  /** The sentences of the part of a record the question names ("the CFO's qualifications"), in document order. */
  partAsked: Candidate[];
  /** The records the question names ("the Director of Marketing"). */
  records: ReadonlySet<string>;
  /** How much of the question a piece of text says in its own words (names aside, and words `besides` holds), by the terms' weights. */
  weighs: (text: string, besides?: string) => number;
  byScore: Candidate[];
  best: Candidate;
}

/**
 * What a question asks for, read in its own words and in its English reading: a yes/no question
 * is known by its own ("¿PerksPlus me paga…?"), whose English reading ("PerksPlus pay…") lost it.
 */
const withEnglishIntent = (own: QuestionIntent, english: QuestionIntent): QuestionIntent =>
  own.yesNo ? own : { ...own, wants: [...new Set([...own.wants, ...english.wants])], pointed: own.pointed || english.pointed };

/**
 * A follow-up's words borrowed from the earlier question ("Will they keep my identity private?"
 * after one on reporting fraud) weigh this much of its own: they say where, the person's own
 * words say what is asked.
 */
const BORROWED_WEIGHT = 0.5;

export function rankPart({ question, asked: ownWords, chunks, original, askedAgain, otherSenses }: QuestionPart): RankedPart | null {
  const asked = readingOf(detectLanguage(question));
  // The passages are read in their own language: an English question is taken to be asked of
  // documents in English (detecting each passage's language would cost more than the answer).
  const documents = asked.lang === "en" ? asked : readingOf(dominantLanguage(chunks.map((c) => c.content)) ?? "en");
  const terms = questionTerms(question, asked, otherSenses);
  const ownIntent = original ? withEnglishIntent(questionIntent(original.question), questionIntent(question)) : questionIntent(question);
  const intent = askedAgain && !ownIntent.wants.length && !ownIntent.yesNo ? questionIntent(askedAgain) : ownIntent;
  // Read from another language, whether it asks yes or no is known by its own words.
  const skipped = skippedAction(question, intent.yesNo);
  const candidates: Candidate[] = [];
  const own: StemSet[] = [];
  const context: { heading: StemSet; title: StemSet; part?: StemSet }[] = [];
  // A record's form restates the title heading it ("Vice President of Sales" above "JOB TITLE:
  // Vice President of Sales, Zava"), though a passage of the record before holds it. Such a
  // field says the record's name and nothing else: it is not quoted.
  const restatesHeading = (u: TextUnit) => u.field === true && !!u.heading && u.text.toLowerCase().includes(u.heading.toLowerCase());
  const allUnits = chunks.map((chunk) => textUnits(chunk.content, chunkHeading(chunk)));
  const unitsOf = withListsAcrossPages(
    chunks,
    allUnits.map((units) => units.filter((u) => !restatesHeading(u) && (!u.field || fieldAsked(u.text, terms, asked)))),
  );
  const restated = (i: number) => allUnits[i].flatMap((u) => (restatesHeading(u) ? [u.heading!] : []));
  // A document of records heads its parts "title › part", in a passage's heading or inside a whole page's text.
  const recordDocuments = new Set(
    chunks
      .filter((c, i) => recordOf(chunkHeading(c)) !== null || unitsOf[i].some((u) => recordOf(u.heading) !== null) || restated(i).length)
      .map((c) => c.file_name),
  );
  // A record's title heads its first passage.
  const knownRecords = new Set(
    chunks.flatMap((c, i) =>
      recordDocuments.has(c.file_name) ? [recordOf(chunkHeading(c)) ?? chunkHeading(c) ?? [], restated(i)].flat() : [],
    ),
  );
  chunks.forEach((chunk, rank) => {
    const heading = chunkHeading(chunk);
    // A record's first chunk is headed by its title alone, the next ones by "title › part".
    const record = recordDocuments.has(chunk.file_name) ? (recordOf(heading) ?? heading) : null;
    const title = new StemSet(documentTitle(chunk.file_name), documents);
    unitsOf[rank].forEach((unit, position) => {
      const text = neutralizeBrackets(unit.text);
      candidates.push({
        text,
        heading: unit.heading ?? null,
        // A page's first lines may still be the record before ("Director of Human Resources › …").
        // A passage may also run into the next record, under its title ("Chief Technology Officer").
        record: record === null ? null : (recordOf(unit.heading ?? null) ?? (knownRecords.has(unit.heading ?? "") ? unit.heading : record)),
        citation: citationId(chunk),
        rank,
        position,
        match: 0,
        ownMatch: 0,
        askedMatch: 0,
        held: 0,
        heldWords: 0,
        heldStems: [],
        fact: false,
        requiresSkipped: skipped !== null && requires(text, skipped),
        scoped: false,
        factInScope: false,
        comparing: false,
        denies: false,
        namesAskedThing: false,
        capitalsHeld: 0,
        complete: unit.complete,
        antecedent: unit.antecedent ? neutralizeBrackets(unit.antecedent) : null,
        list: unit.list ? { lead: neutralizeBrackets(unit.list.lead), items: unit.list.items.map(neutralizeBrackets) } : null,
        score: 0,
      });
      // A field holds what its heading names: "Reports To: Chief Executive Officer" under "Senior Manager of Operations".
      own.push(new StemSet(unit.field && unit.heading ? `${unit.heading} ${text}` : text, documents));
      // A label above a paragraph ("Out-of-Network Copays:") says what it is about; in records the
      // labels are the form's own ("Job Description:").
      const label = record === null ? (unit.label ?? "") : "";
      // A record's bullet is said of its part ("Chief Financial Officer › Qualifications"): the part's words are its subject.
      const part = record !== null && unit.heading?.includes(HEADING_PATH_SEPARATOR) ? new StemSet(unit.heading, documents) : undefined;
      context.push({ heading: new StemSet(`${unit.heading ?? ""} ${label}`, documents), title, part });
    });
  });
  if (candidates.length === 0 || terms.stems.length + terms.acronyms.length === 0) return null;

  // Terms a retrieved document's title holds ("Northwind Health Plus") say which document the
  // question is about: its sentences need not repeat them. The other terms say what it asks. A
  // title word several titles share names a document only as a name ("Northwind"), not as the
  // common word it also is ("a copy of my personal details": "…Benefits Details").
  const titleSets = [...new Map(candidates.map((c, i) => [documentOf(c), context[i].title])).values()];
  const capitalised = new Set(namesIn(question).map(asked.stem));
  const scope = terms.stems.filter((s) => {
    const holding = titleSets.filter((t) => t.has(s)).length;
    return holding === 1 || (holding > 1 && capitalised.has(s));
  });
  const topical =
    scope.length === terms.stems.length && terms.acronyms.length === 0 ? terms.stems : terms.stems.filter((s) => !scope.includes(s));
  const scopeOnly = scope.filter((s) => !topical.includes(s));
  // Names are capitalised inside the question ("Will Northwind Standard pay…"): "details" is not one.
  // German capitalises every noun: read from German ("Übernimmt PerksPlus cost Surfkurs?"), only a
  // capitalised word naming a document is a name.
  const names = namesIn(question)
    .map(asked.stem)
    .filter((s) => original?.lang !== "de" || scope.includes(s));
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
  if (compared.length && !intent.wants.includes("comparison")) {
    intent.wants.push("comparison");
    // "Would Standard or Health Plus pay for it?" asks which of them does, not how much.
    if (!namesAnAmount(question)) intent.wants = intent.wants.filter((k) => k !== "amount");
  }

  // A comparison is stated by a sentence setting the things compared side by side, not by any
  // "while" or "than" ("Copayments are fixed, while coinsurance is a percentage").
  const comparison = intent.wants.includes("comparison");
  const sidesAside = { ...intent, wants: intent.wants.filter((k) => k !== "comparison") };

  // Rarer terms among the candidates weigh more. A word no candidate holds is mostly phrasing
  // ("my kid's", "sending") and weighs as a rare one: it lowers every match alike. (A word the
  // documents never use at all is said up front by offlineAnswer; an acronym counts in full.)
  const idf = (df: number) => Math.log(1 + candidates.length / (1 + df));
  const stemWeight = new Map(
    topical.map((s) => [
      s,
      idf(Math.max(1, own.filter((set) => set.holds(s, terms.formal)).length)) *
        (own.some((set) => set.holds(s, terms.formal)) ? 1 : UNFOUND_WEIGHT) *
        (written.has(s) ? 1 : BORROWED_WEIGHT),
    ]),
  );
  const acronymWeight = new Map(terms.acronyms.map((a) => [a, idf(own.filter((set) => set.hasAcronym(a)).length)]));
  const total = [...stemWeight.values(), ...acronymWeight.values()].reduce((a, b) => a + b, 0) || 1;
  // "A colleague keeps making nasty remarks about me in front of others. Does the violence policy
  // cover that?": the words only the scene uses say less of whether a sentence answers than those
  // of the question itself.
  const askingPart = askingClause(ownWords ?? question);
  const askedWords = new StemSet(askingPart, asked);
  const sceneOnly = (stem: string) => written.has(stem) && !askedWords.has(stem);
  const askedWeight = (stem: string) => (sceneOnly(stem) ? SCENE_WEIGHT : 1) * stemWeight.get(stem)!;
  const pointsIntoScene = refersBack(askingPart);
  const askedTotal =
    [...stemWeight.keys()].map(askedWeight).reduce((a, b) => a + b, 0) + [...acronymWeight.values()].reduce((a, b) => a + b, 0) || 1;
  // A word the question writes in capitals ("a full-body MRI", "under COBRA") names the very
  // thing it asks about. (Not in a question written all in capitals.)
  const capitalTerms = shouted(question)
    ? []
    : [...new Set((question.match(CAPITALISED) ?? []).flatMap((w) => contentWords(w, asked.lang)).map(asked.stem))].filter((s) =>
        stemWeight.has(s),
      );

  // The share of a sentence's match on the question's words (names aside) that a negation governs.
  const deniedShare = (c: Candidate, i: number) => {
    const parts = deniedParts(c.text, c.heading, c.antecedent).map((part) => new StemSet(part, documents));
    if (!parts.length) return 0;
    let held = 0;
    let denied = 0;
    for (const [stem, weight] of stemWeight) {
      if (names.includes(stem) || !own[i].holds(stem, terms.formal)) continue;
      held += weight;
      if (parts.some((part) => part.holds(stem, terms.formal))) denied += weight;
    }
    return held ? denied / held : 0;
  };
  // A follow-up naming a record of its own ("And for the Director of HR?") asks of that one.
  const recordTitles = candidates.flatMap((c) => c.record ?? []);
  const ownRecords = ownWords ? namedRecords(new StemSet(ownWords, asked), recordTitles, asked, ownWords) : new Set<string>();
  // Of the records the follow-up and its context name together, those holding one of its own words
  // ("And for the Director job in that department?" after the Manager of R&D: the Director of R&D).
  const ownRecordsOf = (named: Set<string>) => {
    const holdingOwn = [...named].filter((title) => contentWords(title, asked.lang).some((w) => written.has(asked.stem(w))));
    return ownWords && holdingOwn.length ? new Set(holdingOwn) : named;
  };
  const withEarlier = askedAgain ? `${question} ${askedAgain}` : question;
  const records = ownRecords.size
    ? ownRecords
    : ownRecordsOf(namedRecords(new StemSet(withEarlier, asked), recordTitles, asked, withEarlier, !askedAgain));
  // "What degree does the CEO need?": every sentence of a record the question names is said of
  // that record, so holds its name ("Qualifications: Bachelor's degree in business…" under
  // "Chief Executive Officer"); its own words decide between them.
  const recordNames = new Map([...records].map((title) => [title, new StemSet(title, documents)]));
  candidates.forEach((c, i) => {
    let match = 0;
    let askedMatch = 0;
    let ownMatch = 0;
    let held = 0;
    const heldStems: string[] = [];
    const recordName = c.record === null ? undefined : recordNames.get(c.record);
    for (const [stem, weight] of stemWeight) {
      const inSentence = own[i].holds(stem, terms.formal) || (names.includes(stem) && recordName?.has(stem) === true);
      if (inSentence) {
        ownMatch += weight;
        held++;
        if (!names.includes(stem)) heldStems.push(stem);
      } else if (context[i].part?.holds(stem, terms.formal)) held++;
      const share = inSentence
        ? 1
        : context[i].heading.holds(stem, terms.formal)
          ? HEADING_WEIGHT
          : context[i].title.has(stem)
            ? TITLE_WEIGHT
            : 0;
      match += weight * share;
      askedMatch += askedWeight(stem) * share;
    }
    for (const [acronym, weight] of acronymWeight) {
      if (own[i].hasAcronym(acronym) || recordName?.has(acronym.toLowerCase())) {
        ownMatch += weight;
        held++;
        match += weight;
        askedMatch += weight;
      }
    }
    c.capitalsHeld = capitalTerms.filter(
      (s) => own[i].holds(s, terms.formal) || context[i].heading.holds(s, terms.formal) || recordName?.has(s) === true,
    ).length;
    c.denies = heldStems.length > 0 && deniedShare(c, i) >= DENIED_SHARE;
    c.comparing =
      compared.length > 0 ? nameTerms.every((s) => own[i].has(s)) : comparing && (namesTwoDocuments(c.text) || BOTH.test(c.text));
    const inScope = compared.length
      ? Number(c.comparing || compared.includes(documentOf(c)))
      : scopeOnly.filter((s) => own[i].has(s) || context[i].title.has(s)).length / (scopeOnly.length || 1);
    c.scoped = scopeOnly.length > 0 && inScope === 1;
    c.fact = holdsWantedFact(c.text, sidesAside) || c.requiresSkipped || (comparison && c.comparing);
    c.match = match / total;
    // "…breast cancer screening. Would either plan pay for it?": pointing back, it asks of the
    // scene too; a sentence on the scene's matter answers it as well as one on the question's words.
    c.askedMatch = pointsIntoScene ? Math.max(askedMatch / askedTotal, match / total) : askedMatch / askedTotal;
    c.ownMatch = ownMatch / total;
    c.held = held;
    c.heldWords = heldStems.length;
    c.heldStems = heldStems;
    c.score = c.match + SCOPE_W * inScope + RANK_W / (1 + c.rank) + (c.fact ? FACT_BONUS : 0) - 0.01 * c.position;
  });
  const speaksInScope = candidates.some((c) => c.scoped && c.ownMatch > 0);
  const speakingPassages = new Set(candidates.filter((c) => c.ownMatch > 0).map((c) => c.rank));
  for (const c of candidates)
    c.factInScope = c.fact && c.scoped && (c.match > 0 || c.rank === 0 || speakingPassages.has(c.rank) || !speaksInScope);
  // Only whole sentences that say something on the question themselves (not through their
  // heading); of a question naming a record ("the Director of Sales"), only its own when it has
  // some: another record's bullet ("At least 8 years of experience in Human Resources…") says
  // nothing on it.
  const ofOtherRecord = (c: Candidate) => c.record !== null && records.size > 0 && !records.has(c.record);
  // "What qualifications does the CFO need?": the part of the one record named that the question names, in document order.
  const partAsked =
    records.size === 1 && !intent.yesNo && intent.wants.length === 0
      ? candidates
          .filter(
            (c) =>
              c.complete &&
              c.record !== null &&
              records.has(c.record) &&
              partOf(c.heading) !== null &&
              written.has(asked.stem(partOf(c.heading)!.toLowerCase())),
          )
          .sort((a, b) => pageOf(a) - pageOf(b) || a.rank - b.rank || a.position - b.position)
      : [];
  // "What is not covered by PerksPlus?" asks for what a negation governs: where some sentences
  // deny the matter ("…not covered under the program", a list under "What is Not Covered?"),
  // only they answer it.
  const denyingMatter = (c: Candidate) =>
    deniedParts(c.text, c.heading, c.antecedent).some((part) => {
      const set = new StemSet(c.heading !== null && isNegative(c.heading) ? `${c.heading} ${part}` : part, documents);
      return topical.some((stem) => !names.includes(stem) && set.holds(stem, terms.formal));
    });
  const asksDenied = !intent.yesNo && ASKS_DENIED.test(askingClause(ownWords ?? question));
  const denying = asksDenied ? candidates.filter((c) => c.complete && denyingMatter(c)) : [];
  const said = denying.length ? denying : candidates.filter((c) => c.complete && addresses(c));
  const quotable = (said.some((c) => !ofOtherRecord(c)) ? said.filter((c) => !ofOtherRecord(c)) : said).sort((a, b) => b.score - a.score);
  const byScore = quotable.length ? quotable : [...candidates].sort((a, b) => b.score - a.score);
  const namesMissing = terms.acronyms.some((a) => !own.some((set) => set.hasAcronym(a)));
  // A sentence holding one of two or more terms the passages use is about something else
  // ("dress code": "…bathing, dressing…"). Of a question naming a document, the terms its own
  // passages use: "weekend" found only in another document's text is no term PerksPlus must hold.
  const read = candidates.some((c) => c.scoped) ? own.filter((_, i) => candidates[i].scoped) : own;
  const found =
    topical.filter((s) => read.some((set) => set.holds(s, terms.formal))).length +
    terms.acronyms.filter((a) => read.some((set) => set.hasAcronym(a))).length;
  // "How does the experience asked compare between the Manager and the VP of Marketing?": the
  // records named are the sides, each stated by its own sentence.
  const recordsCompared = compared.length === 0 && records.size > 1 && byScore.some((c) => c.record !== null && records.has(c.record));
  if (recordsCompared && !intent.wants.includes("comparison")) intent.wants.push("comparison");
  const sides = recordsCompared ? [...records] : compared;
  // "What degree is required for the Director of Marketing?" asks for a degree: a sentence naming
  // one ("Bachelor's degree in marketing…") answers it before one holding more of the rest
  // ("This position requires a creative… individual…"), if it scores nearly as well.
  // (A question asking for a kind of fact, "what share…", "which job…", is read by that instead.)
  const thing = intent.wants.length || intent.yesNo ? null : askedThing(askingClause(ownWords ?? question), asked);
  if (thing !== null && stemWeight.has(thing)) candidates.forEach((c, i) => (c.namesAskedThing = own[i].holds(thing, terms.formal)));
  const namingAskedThing = (ranked: Candidate[]) => {
    const naming = ranked.filter((c) => c.namesAskedThing);
    return naming.length && naming[0] !== ranked[0] && naming[0].score >= NAMING_SCORE * ranked[0].score
      ? [naming[0], ...ranked.filter((c) => c !== naming[0])]
      : ranked;
  };
  return {
    question,
    intent,
    lang: original?.lang ?? asked.lang,
    namesDocument: scopeOnly.some((s) => names.includes(s)),
    compared: sides,
    sideOf: recordsCompared ? (c: Candidate) => c.record ?? documentOf(c) : documentOf,
    sideName: recordsCompared ? (side: string) => side : documentTitle,
    skipped,
    namesMissing,
    termsNeeded: Math.min(2, found),
    records,
    partAsked: partAsked.filter((c, i) => partAsked.findIndex((o) => o.text === c.text) === i),
    weighs: (text, besides = "") => {
      const [set, other] = [new StemSet(text, documents), new StemSet(besides, documents)];
      const counts = (stem: string) => !names.includes(stem) && set.holds(stem, terms.formal) && !other.has(stem);
      return [...stemWeight].reduce((sum, [stem, weight]) => sum + (counts(stem) ? weight : 0), 0);
    },
    byScore,
    best: (intent.yesNo ? settlingSentence : keySentence)(namingAskedThing(byScore), sides.length > 0),
  };
}

/** A word written in capitals: an acronym or a name ("MRI", "COBRA", "HMOs"). */
const CAPITALISED = /\b\p{Lu}{2,6}s?\b/gu;
const shouted = (question: string) => (question.match(/\p{Lu}{2,}/gu) ?? []).length > (question.match(/\p{L}+/gu) ?? []).length / 2;

/** A sentence naming the thing a question asks for leads if it scores this share of the best. */
const NAMING_SCORE = 0.8;

/**
 * Nouns that ask for a kind of fact rather than name a thing ("what share…": an amount, "which
 * job…": a role), read as such elsewhere (question-intent, ASKS_ROLE).
 */
const KIND_NOUN =
  /^(job|role|position|title|person|people|executive|officer|manager|leader|team|department|office|share|percentage|percent|part|portion|proportion|amount|number|sum|kind|type|sort|plan|option|program|day|date|time|year|month|age)s?$/i;

/** "What degree…", "Which form…": the thing asked for, as a stem; null when the question asks no such thing. */
function askedThing(clause: string, reading: Reading): string | null {
  const noun = /^(?:what|which)\s+([\p{L}-]+)/iu.exec(clause.trim())?.[1];
  if (!noun || reading.lang !== "en" || KIND_NOUN.test(noun)) return null;
  const [word] = contentWords(noun, "en");
  return word ? reading.stem(word) : null;
}

/**
 * A form's field says its value of what its label names ("Location: Anywhere"): a short one is
 * read when the question asks for that ("Where is the CTO based?"), not for holding a name every
 * record repeats ("Company: Zava").
 */
const SHORT_FIELD_WORDS = 4;
function fieldAsked(field: string, { stems, formal }: Terms, reading: Reading): boolean {
  if (field.split(/\s+/).length >= SHORT_FIELD_WORDS) return true;
  const label = new StemSet(field.split(":")[0], reading);
  return stems.some((stem) => label.holds(stem, formal));
}

/** "What is not covered…?", "Which services does Health Plus not pay for?": asks what a negation governs. */
const ASKS_DENIED = /^(?:what|which)\b(?:(?!\b(?:if|when|unless)\b)[^?,;])*?(?:\b(?:not|never|excluded)\b|n['’]t\b)/i;

/**
 * A page opening inside a list its page before leads in ("Our plan does not cover: • Routine foot
 * care…" on page 28, "• Foot care products, such as arch supports…" on page 29): when both pages
 * were found, the items at the top of the second are read after the first's lead-in too.
 */
function withListsAcrossPages(chunks: Chunk[], unitsOf: TextUnit[][]): TextUnit[][] {
  const leadAtEnd = (units: TextUnit[]) => {
    const last = units.at(-1);
    return last?.list?.lead ?? (last?.listItem ? last.antecedent : undefined);
  };
  return unitsOf.map((units, i) => {
    const page = chunks[i].page_number;
    if (page === null || !units[0]?.listItem || units[0].antecedent) return units;
    const before = chunks.findIndex((c) => c.file_name === chunks[i].file_name && c.page_number === page - 1);
    const lead = before < 0 ? undefined : leadAtEnd(unitsOf[before]);
    if (!lead) return units;
    // The list's items run until a unit that is no item of it: prose, or a list under another heading.
    const run = units.findIndex((u) => !u.listItem || u.heading !== units[0].heading);
    return units.map((u, j) => {
      if (j >= (run < 0 ? units.length : run)) return u;
      // Items read as one list wait for their lead-in: with it, they read as a list on one page does.
      if (u.list?.lead === "") return { ...u, text: listText(lead, u.list.items), list: { lead, items: u.list.items } };
      return { ...u, antecedent: lead };
    });
  });
}

/** A sentence holding the asked-for fact leads if it matches at least this share of the best match. */
export const FACT_LEAD_MATCH = 0.4;

/**
 * The sentence to lead with: the best one holding the kind of fact asked for ("how much": an
 * amount), unless it says much less on the question than the best one and says nothing on it from
 * the document the question names; else the best one.
 */
export function keySentence(byScore: Candidate[], comparing: boolean): Candidate {
  const bestMatch = Math.max(...byScore.map((c) => c.match));
  // A fact leads if it says much on the question, or something from the document asked about.
  // Of documents compared, each is in scope: a fact leads among them by saying much on the question.
  const leads = (c: Candidate) => c.fact && (c.match >= FACT_LEAD_MATCH * bestMatch || (!comparing && c.scoped && c.ownMatch > 0));
  // From the one document asked about, a fact saying nothing on the question leads only when none
  // says something ("How much does PerksPlus reimburse?": "…expense up to $1000…"). Of documents
  // compared, each is asked about: "…more comprehensive coverage than Standard" answers nothing on a hospital stay.
  const leadsFromScope = (c: Candidate) => c.fact && c.scoped && !comparing;
  // "Health Plus offers more comprehensive coverage than Standard" answers a comparison in one: of
  // such sentences, the one saying most on the question.
  const comparisons = byScore.filter((c) => c.comparing && leads(c));
  const bestComparison = comparisons.reduce<Candidate | undefined>((a, c) => (a && a.match >= c.match ? a : c), undefined);
  // "How often will my manager review me?": "Performance reviews are conducted annually" under the
  // heading of the best sentence ("…a two-way dialogue between managers…") is its section's fact.
  const [top] = byScore;
  const sectionFact = (c: Candidate) => c.fact && c.heldWords > 0 && c.citation === top.citation && c.heading === top.heading;
  return bestComparison ?? byScore.find(leads) ?? byScore.find(leadsFromScope) ?? byScore.find(sectionFact) ?? top;
}

/** A sentence denying the matter settles a yes/no question if it holds this share of the key sentence's own match. */
const EXCLUSION_MATCH = 0.75;

/**
 * The sentence a yes/no question is answered by: an exclusion narrows what a broader sentence
 * grants ("covers newborn care" / "chiropractic care is not covered"), so a sentence denying the
 * matter leads, when it is from the same document, holds nearly as much of the question and as
 * many of its words ("will not sell your personal information" does not deny a "copy of my
 * personal details"); else the key sentence.
 */
function settlingSentence(byScore: Candidate[], comparing: boolean): Candidate {
  const key = keySentence(byScore, comparing);
  if (key.denies) return key;
  const settles = (c: Candidate) =>
    c.denies && (c.scoped || !key.scoped) && c.ownMatch >= EXCLUSION_MATCH * key.ownMatch && c.heldWords >= key.heldWords;
  return byScore.find(settles) ?? key;
}

/** "Both plans offer…", "either option": a sentence speaking of each of the things compared. */
const BOTH = /\b(both|either|each) (of the )?(\w+ )?(plans?|options?|programs?|policies)\b|\bthe (two )?plans\b/i;

export const documentOf = (c: Candidate) => c.citation.split("#")[0];

const pageOf = (c: Candidate) => Number(/#page=(\d+)/.exec(c.citation)?.[1] ?? 0);
