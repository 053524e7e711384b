import { documentTitle } from "@/lib/knowledge/document-title";
import { contentWords, refersBack } from "@/lib/text/query";
import { everydayPhrases } from "@/lib/text/everyday-words";
import { answerStem } from "@/lib/text/stem";
import { detectLanguage, dominantLanguage, type Lang } from "@/lib/text/language";
import { alwaysAvailable, askingClause, askingSentence, isNegative, requires, type QuestionIntent } from "@/lib/text/question-intent";
import { answersEachSide, figuresVerdict, firstNamedSide, sideSentence, sidesOf, sidesVerdict, silentSides } from "./comparison";
import { notFoundMessage } from "./not-found";
import { asksPaidFor, saysPaying } from "./paying";
import { readingOf, StemSet } from "./question-terms";
import { namedBefore, withRecordName } from "./record-names";
import { addresses, documentOf, rankPart, type Candidate, type QuestionPart, type RankedPart } from "./sentence-ranking";

export type { QuestionPart } from "./sentence-ranking";

/**
 * The offline answer: the retrieved passages' sentences that address the question (or each part
 * of a compound question), the one holding the asked-for fact first, each followed by its
 * citation (sentences ranked in sentence-ranking.ts). Only sentences close to the best one are
 * quoted; when none addresses the question, the answer says so and shows the closest passages as
 * passages.
 */

/**
 * Sentences quoted for one question: a question asking for a fact (an amount, a date, yes or no)
 * is answered by the sentence stating it and little else; one asking to explain gets more. A
 * compound question's parts share them.
 */
const MAX_SENTENCES = { fact: 2, explain: 4 };
const MAX_SENTENCE_WORDS = 70;
/**
 * A further sentence is quoted only if it matches this share of the best match and scores this
 * share of the key sentence; an explaining answer takes in more than a fact's.
 */
const MIN_RELATIVE = { fact: { match: 0.6, score: 0.75 }, explain: { match: 0.5, score: 0.6 } };
/** Below this match no sentence addresses the question: it is answered as not found. */
const ANSWER_FLOOR = 0.35;
/** A sentence answering what is asked leads instead of a best one that does not, if it scores this share of it. */
const RESCUE_SCORE = 0.85;
/** …and if it matches at least this share of what is asked. */
const RESCUE_MATCH = 0.5;
/**
 * A question asking in so many words for a fact ("Who do I write to…?") is answered by a sentence
 * holding that kind of fact from this match on: it names the fact, the rest of the question is
 * phrasing ("…if I want a copy of the data the company keeps on me": "…contact the Privacy Officer").
 */
const POINTED_FACT_FLOOR = 0.15;
/** A yes or a no is said only when the key sentence itself holds this share of the question's terms (weighted). */
const YES_NO_MATCH = 0.3;
/** Passages shown when nothing addresses the question. */
const CLOSEST_PASSAGES = 2;

const NOTHING_FOUND = "I could not find anything about that in the selected documents.";
const NO_DIRECT_ANSWER = "I could not find a direct answer to that in the selected documents. The closest passages:";

export interface ExtractedAnswer {
  answer: string;
  citations: string[];
  /** False when no sentence addressed the question: the answer only shows the closest passages. */
  answered: boolean;
  /** The "Yes. " or "No. " its paragraphs open with because the key sentence matches the question. */
  verdicts?: string[];
  /** A yes/no question was answered without a sentence settling it (opening hours, a requirement). */
  yesNoUnsettled?: boolean;
}

function clip(sentence: string): string {
  const words = sentence.split(" ");
  return words.length <= MAX_SENTENCE_WORDS ? sentence : `${words.slice(0, MAX_SENTENCE_WORDS).join(" ")}…`;
}

/**
 * "I go to a salsa class… Can I get that paid back?": of a list read as one sentence, the items
 * saying most of the question are the answer; the others are left out ("…"), the lead-in kept.
 * A list none of whose items says more than another is whole.
 */
export function itemsAsked(c: Candidate, weighs: RankedPart["weighs"]): string {
  if (!c.list) return c.text;
  // A word the lead-in holds ("What fitness activities…?": "…a wide range of fitness activities") tells no item apart.
  const weights = c.list.items.map((item) => weighs(item, c.list!.lead));
  const most = Math.max(...weights);
  if (most === 0 || weights.every((w) => w === most)) return c.text;
  // "…including: … Sports team fees; …": each run of items left out is one "…".
  let said = c.list.lead;
  c.list.items.forEach((item, i) => {
    if (weights[i] === most) said += `${i > 0 && weights[i - 1] === most ? ";" : ""} ${item}`;
    else if (i === 0 || weights[i - 1] === most) said += i === 0 ? " …" : "; …";
  });
  return said.endsWith("…") ? said : `${said}.`;
}

/** A quoted sentence as read: after the one it points back to ("…does not cover… This includes…"). */
const withAntecedent = (c: Candidate, text = c.text) => (c.antecedent ? `${clip(c.antecedent)} ${text}` : text);

/** The sentences to quote, less those already quoted as the sentence another one points back to. */
const withoutAntecedents = <T extends Candidate>(picked: T[]) =>
  picked.filter((c) => !picked.some((p) => p !== c && p.antecedent === c.text && p.citation === c.citation));

/** A question asking for a fact (an amount, a date, yes or no), or one asking to explain. */
const answerKind = (intent: QuestionIntent) => (intent.wants.length || intent.yesNo ? "fact" : "explain");

/**
 * "How much parental leave…?" answered by a sentence holding no amount ("having a baby is an
 * exciting time…") answers nothing: a question asking in so many words only for an amount, a
 * count, a time or a contact needs its key sentence to hold one.
 */
const FACT_ONLY_KINDS = new Set(["amount", "count", "time", "distance", "contact", "person"]);
const missesAskedFact = (r: RankedPart) =>
  !r.intent.yesNo &&
  r.intent.pointed === true &&
  r.intent.wants.every((k) => FACT_ONLY_KINDS.has(k)) &&
  (!r.best.fact || !holdsMeasured(measuredIn(r.question), r.best));

/**
 * "How many weeks of paid time off do I get when my baby arrives?" counts paid time off: "…care
 * for mother and baby for up to six weeks" counts something else. What a question counts ("of
 * paid time off") must be in the key sentence, in its words or the documents' formal ones.
 */
const GENERIC_MEASURES = new Set(["bill", "bills", "cost", "costs", "price", "amount", "money", "total", "share", "expense", "expenses"]);
const MEASURED =
  /\bhow (?:many|much) (?:[\p{L}-]+ )?of (?:the |my |your |our )?([\p{L}' -]+?)(?= (?:do|does|did|can|could|will|would|is|are|should|must|may|for|when|if|on|in|at)\b|[?,.]|$)/iu;

/**
 * "What does Health Plus cost me per paycheck?" asks for an amount per paycheck: "$2,000 per
 * person, per year" is no answer. The unit an amount is asked per, and how a sentence says it.
 */
const RATES: [RegExp, RegExp][] = [
  [/\bper (pay ?check|pay ?cheque|pay period)\b/i, /\b(pay ?checks?|pay ?cheques?|pay periods?|payroll)\b/i],
  [/\bper (month|monthly)\b|\ba month\b|\bmonthly\b/i, /\b(per month|a month|each month|every month|monthly)\b/i],
  [/\bper night\b|\ba night\b/i, /\b(per night|a night|each night|nightly)\b/i],
  [/\bper (visit|appointment)\b/i, /\b(visits?|appointments?)\b/i],
];
const missesAskedRate = (r: RankedPart) =>
  r.intent.wants.includes("amount") &&
  RATES.some(([asked, said]) => asked.test(r.question) && !said.test(`${r.best.heading ?? ""} ${r.best.text}`));

/**
 * "How many hours a week am I expected to work?" is not answered by "…available 24 hours a day,
 * 7 days a week": the units a figure is asked in say what kind of answer, not what it is about.
 * The key sentence (or its heading) must hold some other word of the question.
 */
const UNITS = "hour hours day days week weeks month months year years minute minutes percent percentage dollar dollars";
const onlyUnitsHeld = (r: RankedPart) =>
  // A name it holds (a word of a document's title) says what the figure is of.
  r.best.held === r.best.heldWords &&
  r.intent.pointed === true &&
  r.intent.wants.some((k) => FACT_ONLY_KINDS.has(k)) &&
  r.weighs(`${r.best.heading ?? ""} ${r.best.text}`) > 0 &&
  r.weighs(`${r.best.heading ?? ""} ${r.best.text}`, UNITS) === 0;

/**
 * "How many paid sick days…?" counts days of sick leave: "…within 90 days" counts something
 * else. The words before a unit of time say what is counted, all of them.
 */
const COUNTED_IN_UNITS = /\bhow many ((?:[\p{L}'-]+ ){1,3}?)(?:days?|weeks?|months?|years?|hours?)\b/iu;
/** Words saying how a time is counted, not what: "business days", "extra weeks". */
const COUNTING_WORDS = new Set([
  "business",
  "calendar",
  "working",
  "work",
  "total",
  "consecutive",
  "full",
  "extra",
  "additional",
  "more",
  "whole",
]);

/** The phrases, in the question's words or the formal ones, one of which says what it counts; null when it counts nothing of its own. */
function measuredIn(question: string): string[][] | null {
  const inUnits = COUNTED_IN_UNITS.exec(question)?.[1];
  const counted = inUnits ? contentWords(inUnits, "en").filter((w) => !COUNTING_WORDS.has(w)) : [];
  if (counted.length) {
    const { formal, members } = everydayPhrases(inUnits!);
    return [counted, ...[...formal.values(), ...members.values()].flat().map((phrase) => contentWords(phrase, "en"))];
  }
  const measured = MEASURED.exec(question)?.[1];
  // "how much of that bill" points back.
  if (!measured || /^(that|this|these|those|it)\b/i.test(measured)) return null;
  // "of my medical bills": what is counted is money, whatever it is for.
  const words = contentWords(measured, "en");
  if (words.length === 0 || GENERIC_MEASURES.has(words.at(-1)!)) return null;
  const { formal, members } = everydayPhrases(measured);
  const formalPhrases = [...formal.values(), ...members.values()].flat().map((phrase) => contentWords(phrase, "en"));
  return [...words.map((w) => [w]), ...formalPhrases];
}

const holdsMeasured = (measured: string[][] | null, c: Candidate) => {
  if (measured === null) return true;
  const said = new StemSet(`${c.heading ?? ""} ${c.text}`, readingOf("en"));
  return measured.some((phrase) => phrase.every((w) => said.has(answerStem(w))));
};

/**
 * "…a full-body MRI just for peace of mind. Would the plan pay for it?": a sentence without the
 * word written in capitals ("…will provide peace of mind") answers on something else, when
 * another found sentence holds it.
 */
const missesCapitalised = (r: RankedPart) => r.byScore.some((c) => c.capitalsHeld > r.best.capitalsHeld);

/**
 * "Will Northwind Standard pay for braces?" is not answered by Health Plus's list of covered
 * braces: a question naming one document (a comparison names two) is answered from it, or the
 * closest passages are shown as passages.
 */
const answersAnotherDocument = (r: RankedPart) => r.namesDocument && !r.best.scoped && !r.intent.wants.includes("comparison");

/**
 * "Will the company chip in for an evening college course?" asks whether something is paid for:
 * a sentence that says nothing of paying, covering, granting or costs ("…college degree
 * preferred.") does not answer it, however many of its words it holds.
 */
const benefitUnstated = (r: RankedPart) => r.intent.yesNo && asksPaidFor(r.question) && !saysPaying(r.best);

/**
 * "Does Zava give us life insurance?" is not answered by a sentence on insurance: where a yes/no
 * question asks for a kind of a general thing (life insurance, a pension plan, commuter benefits),
 * the key sentence must name the kind.
 */
const KIND_OF_GENERAL =
  /\b([\p{L}-]{3,}) (insurance|plans?|programs?|programmes?|benefits?|leave|coverage|policy|policies|allowances?|stipends?|accounts?|funds?)\b/iu;
function kindUnnamed(r: RankedPart): boolean {
  if (!r.intent.yesNo || r.lang !== "en") return false;
  const kind = KIND_OF_GENERAL.exec(askingClause(r.question))?.[1];
  if (!kind || contentWords(kind, "en").length === 0 || /^\p{Lu}/u.test(kind)) return false;
  const said = new StemSet(`${r.best.heading ?? ""} ${r.best.text}`, readingOf("en"));
  return !said.has(answerStem(kind));
}

/** Asks which role, job or person does something: whose a sentence is, is the answer. */
const ASKS_ROLE =
  /\b(which|what) (executive|officer|role|position|job|title|person|manager|leader)\b|\bwho (is|'s) (responsible|in charge)\b/i;

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
      // A sentence holding only the question's names ("Job Title: Chief Technology Officer"), or
      // only its record's title ("Location: Zava Headquarters" under it), says nothing on it.
      (saysBeyondNames(c) || c.ownMatch === 0) &&
      // Led by a sentence naming the thing asked for ("What degree…?"), the answer adds only such sentences.
      (!r.best.namesAskedThing || c.namesAskedThing) &&
      (!r.best.scoped || c.scoped) &&
      (!r.best.fact || !r.intent.pointed || r.intent.wants.includes("comparison") || c.fact),
  );
  // "How often does each plan pay for hearing aids?": each document compared, or found, has its
  // say with its own sentence on the matter (comparison.ts), the key sentence's side first; a
  // sentence comparing them all says it in one.
  const sides = r.intent.wants.includes("comparison") && !r.best.comparing ? sidesOf(r, min.match) : [];
  // The side whose sentence holds most of the question leads; the others are stated on its words.
  const ordered = sides.sort((a, b) => Number(b === r.sideOf(r.best)) - Number(a === r.sideOf(r.best)));
  const leading = ordered
    .flatMap((side) => sideSentence(r, side) ?? [])
    .reduce<Candidate | undefined>((a, c) => (a && a.heldWords >= c.heldWords ? a : c), undefined);
  const bySide = leading
    ? ordered.flatMap((side) => (side === r.sideOf(leading) ? [leading] : (sideSentence(r, side, leading) ?? [])))
    : [];
  const chosen: Candidate[] = bySide.length ? [] : [r.best];
  const take = (c: Candidate) => chosen.length < max && !chosen.some((p) => p.text === c.text) && chosen.push(c);
  bySide.forEach(take);
  for (const c of close) if (!chosen.some((p) => p.citation === c.citation)) take(c);
  for (const c of close) take(c);
  return chosen.map((c) => ({
    ...c,
    alsoIn: [...new Set(r.byScore.filter((o) => o.text === c.text && o.citation !== c.citation).map((o) => o.citation))],
  }));
}

const saysBeyondNames = (c: Candidate) => {
  if (c.heldWords === 0) return false;
  if (c.record === null) return true;
  const title = new StemSet(c.record, readingOf("en"));
  return c.heldStems.some((stem) => !title.has(stem));
};

/** "What qualifications does the CFO need?" is answered by that part of the record, whole, in its order. */
const asksPart = (r: RankedPart) => r.partAsked.length >= MIN_PART_SENTENCES;
const partQuotes = (r: RankedPart): Quote[] => r.partAsked.slice(0, MAX_PART_SENTENCES).map((c) => ({ ...c, alsoIn: [] }));
const MIN_PART_SENTENCES = 2;
const MAX_PART_SENTENCES = 10;

const cite = (q: Quote) => [q.citation, ...q.alsoIn].map((id) => `[${id}]`).join("");

/**
 * "Yes." or "No." before the key sentence when it states the matter itself: no when it (or the
 * section it sits in, "What is Not Covered?") denies it, or requires what the question asks to
 * skip; before the figures compared when they settle the question.
 */
function yesNo(r: RankedPart, figureWinner: string | null): { lead: string; byMatch: boolean } {
  const none = { lead: "", byMatch: false };
  if (!r.intent.yesNo) return none;
  const [yes, no] = YES_NO[r.lang] ?? ["Yes", "No"];
  // "Is the deductible lower on Standard than on Health Plus?": so if the side named first states
  // the lower figure.
  if (figureWinner !== null && r.compared.length) return { lead: `${figureWinner === firstNamedSide(r) ? yes : no}. `, byMatch: false };
  // A sentence of another document than the one asked about says nothing of that one.
  if (r.namesDocument && !r.best.scoped) return none;
  const { text } = r.best;
  // Open at any hour, or requiring what the question would skip: the sentence settles it.
  if (r.intent.availability && alwaysAvailable(text) && !isNegative(text)) return { lead: `${yes}. `, byMatch: false };
  if (r.skipped !== null && requires(text, r.skipped)) return { lead: `${no}. `, byMatch: false };
  // A name alone ("Does Zava offer life insurance?": "At Zava, … busy lifestyles…") says nothing of the matter.
  if (!statesMatter(r.best) && !answeredByItem(r)) return none;
  return { lead: `${r.best.denies ? no : yes}. `, byMatch: true };
}

/** The sentence itself holds enough of the question, names aside, to say yes or no to it. */
const statesMatter = (c: Candidate) => c.askedMatch >= YES_NO_MATCH && c.heldWords > 0;

/**
 * "I signed up for a soccer league that charges a season fee. Can I claim that back?": a list
 * granting or denying a benefit ("PerksPlus covers…: …; Sports team fees; …") settles it by the
 * one item the question's words point to, however much of the question is scene.
 */
function answeredByItem(r: RankedPart): boolean {
  const { list, heading } = r.best;
  if (!r.intent.yesNo || !list || r.best.held < r.termsNeeded || !saysPaying({ heading, text: list.lead })) return false;
  const [first, second = 0] = list.items.map((item) => r.weighs(item, list.lead)).sort((a, b) => b - a);
  return first >= ITEM_SHARE * r.weighs(r.question) && first >= 2 * second;
}

/** The item settling a yes/no question holds at least this share of the question's weight, names aside. */
const ITEM_SHARE = 0.2;

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
  const ranked = parts
    .map(rankPart)
    .filter((r): r is RankedPart => r !== null)
    .map((r) => {
      // A fact on something else than what the question counts gives way to one on it.
      const measured = measuredIn(r.question);
      if (!r.best.fact || holdsMeasured(measured, r.best)) return r;
      return { ...r, best: r.byScore.find((c) => c.fact && holdsMeasured(measured, c)) ?? r.best };
    });
  if (ranked.length === 0) return { answer: NOTHING_FOUND, citations: [], answered: false };

  const answers = (r: RankedPart) =>
    ((r.best.askedMatch >= ANSWER_FLOOR && r.best.held >= r.termsNeeded && r.best.held > 0) ||
      (r.intent.pointed && r.best.fact && r.best.match >= POINTED_FACT_FLOOR && r.best.heldWords > 0) ||
      (r.best.fact && r.best.scoped) ||
      (r.namesDocument && r.best.scoped && r.best.askedMatch >= ANSWER_FLOOR && r.best.heldWords > 0) ||
      r.best.requiresSkipped ||
      answeredByItem(r) ||
      asksPart(r) ||
      answersEachSide(r)) &&
    !missesAskedFact(r) &&
    !missesCapitalised(r) &&
    !answersAnotherDocument(r) &&
    !benefitUnstated(r) &&
    !kindUnnamed(r) &&
    !missesAskedRate(r) &&
    !onlyUnitsHeld(r);
  // "Is there a probation period, and how long does it last?": what "it" is, the earlier part had
  // to find first.
  // "…Northwind has to approve it first. Do I send that request in myself, or who does?": the best
  // sentence may echo the scene ("you must obtain approval…") while one nearly as good answers
  // what is asked ("…must be submitted to Northwind Health by your provider"): that one leads.
  const answering = ranked.map((r) => {
    if (answers(r)) return r;
    const best = r.byScore.find(
      (c) => c !== r.best && c.score >= RESCUE_SCORE * r.best.score && c.askedMatch >= RESCUE_MATCH && answers({ ...r, best: c }),
    );
    return best ? { ...r, best } : r;
  });
  const answered = answering.map((r) => !r.namesMissing && answers(r));
  const answeredParts = answering.filter((r, i) => answered[i] && !(i > 0 && !answered[i - 1] && refersBack(r.question)));
  if (answeredParts.length === 0) return closestPassages(ranked);

  const perPart = (r: RankedPart) => Math.max(2, Math.ceil(MAX_SENTENCES[answerKind(r.intent)] / answeredParts.length));
  const quoted = new Set<string>();
  const citations = new Set<string>();
  const paragraphs: string[] = [];
  const verdicts: string[] = [];
  let yesNoUnsettled = false;
  for (const r of answeredParts) {
    const picked = withoutAntecedents((asksPart(r) ? partQuotes(r) : pickSentences(r, perPart(r))).filter((c) => !quoted.has(c.text)));
    if (!picked.length) continue;
    picked.forEach((c) => {
      quoted.add(c.text);
      [c.citation, ...c.alsoIn].forEach((id) => citations.add(id));
    });
    // "Which role at Zava manages the retirement plan?": the record a sentence is from is the answer.
    // (Only where the sentence's own heading is its record's: a title page's heading names no role.)
    const ownRecord = (c: Candidate) => c.record !== null && (c.heading === c.record || c.heading?.startsWith(`${c.record} ›`) === true);
    const byRecord = (c: Candidate) => (ownRecord(c) && ASKS_ROLE.test(r.question) ? namedBefore(c.text, c.record!) : withRecordName(c));
    // A record's part asked for is named once, before its first sentence ("**Chief Financial Officer › Qualifications:** …").
    const partNamed = (c: Candidate, i: number) => (i === 0 ? `**${c.heading}:** ${c.text}` : c.text);
    const named = picked.map((c, i) => ({
      ...c,
      text: asksPart(r) ? clip(partNamed(c, i)) : byRecord({ ...c, text: withAntecedent(c, clip(itemsAsked(c, r.weighs))) }),
    }));
    const comparing = r.intent.wants.includes("comparison");
    const labelled = !comparing
      ? named.map((c) => c.text)
      : r.sideOf === documentOf
        ? withDocumentNames(named, r.compared)
        : named.map((c) => namedBefore(c.text, r.sideOf(c)));
    // Labelled by document, each sentence is a paragraph of its own: one per plan compared.
    const separator = labelled.some((text, i) => text !== named[i].text) ? "\n\n" : " ";
    // "Whose deductible is lower…?": which side's figure is, computed from the quoted ones, first.
    const figures = r.intent.wants.includes("comparison")
      ? figuresVerdict(
          r,
          picked.map((c) => ({ candidate: c, cite: cite(c) })),
        )
      : null;
    // "Would Standard or Health Plus pay for it?": whether each side does, when their sentences settle it.
    const bySides = figures ? null : sidesVerdict(r, picked, statesMatter);
    const verdict = bySides ? { lead: `${bySides} `, byMatch: false } : yesNo(r, figures?.winner ?? null);
    if (verdict.byMatch) verdicts.push(verdict.lead);
    if (r.intent.yesNo && (verdict.byMatch || !verdict.lead)) yesNoUnsettled = true;
    const quotes = picked.map((c, i) => `${labelled[i]} ${cite(c)}`).join(separator);
    paragraphs.push(...(figures ? [verdict.lead + figures.line, quotes] : [verdict.lead + quotes]));
    const silent = silentSides(r, picked);
    if (silent.length) paragraphs.push(`I found nothing on this in ${silent.join(" or ")}.`);
  }
  return { answer: paragraphs.join("\n\n"), citations: [...citations], answered: true, verdicts, yesNoUnsettled };
}

/**
 * A comparison quoting two documents, or one of two it names, says whose each sentence is when the
 * sentence does not ("**Northwind Standard Benefits Details:** the plan covers two hearing aids
 * every three years").
 */
function withDocumentNames(picked: Quote[], named: string[]): string[] {
  const titles = [...new Set([...picked.map(documentOf), ...named])].map((d) => ({
    d,
    title: documentTitle(d),
    words: contentWords(documentTitle(d), "en"),
  }));
  if (titles.length < 2) return picked.map((c) => c.text);
  return picked.map((c) => {
    const own = titles.find((t) => t.d === documentOf(c))!;
    const distinctive = own.words.filter((w) => titles.every((t) => t === own || !t.words.includes(w)));
    const named = distinctive.some((w) => new RegExp(`\\b${w}\\b`, "i").test(c.text));
    return named || c.comparing || !distinctive.length ? c.text : `**${own.title}:** ${c.text}`;
  });
}

function closestPassages(ranked: RankedPart[]): ExtractedAnswer {
  const shown: Quote[] = [];
  for (const r of ranked) {
    // Of a question naming a record ("…does Zava's Director of Marketing posting ask for?"), that record's come closest.
    const ofRecord = r.byScore.filter((c) => c.record !== null && r.records.has(c.record));
    // "How many years of experience does the COO posting ask for?", of a record naming no number:
    // its sentences on what is counted ("Proven experience as a COO…") come first.
    const measured = measuredIn(r.question);
    const onMeasured = measured === null ? [] : ofRecord.filter((c) => holdsMeasured(measured, c));
    const closest = ofRecord.length ? [...onMeasured, ...ofRecord.filter((c) => !onMeasured.includes(c))] : r.byScore;
    for (const c of closest) {
      if (shown.length >= CLOSEST_PASSAGES) break;
      if (c.complete && addresses(c) && !shown.some((s) => s.text === c.text)) shown.push({ ...c, alsoIn: [] });
    }
  }
  if (shown.length === 0) return { answer: NOTHING_FOUND, citations: [], answered: false };
  const lines = withoutAntecedents(shown)
    .map((c) => `> ${withAntecedent(c, clip(c.text))} ${cite(c)}`)
    .join("\n>\n");
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
  glossed: ReadonlyMap<string, string[]> = new Map(),
): string {
  const questionLang = detectLanguage(question);
  const words = [...new Set(contentWords(question, questionLang))];
  // A word said formally in the answer or the passages found ("counsellor": "counseling",
  // "complain": "complaint") is not missing; one whose formal words they lack is ("Airbnb": lodging).
  const phrases = everydayPhrases(question);
  const formal = new Map([...phrases.members, ...phrases.formal]);
  let found: StemSet | undefined;
  const inPassages = (phrase: string) => {
    found ??= new StemSet([extracted.answer, ...passages].join("\n"), readingOf("en"));
    return contentWords(phrase, "en").every((word) => found!.has(answerStem(word)));
  };
  const saidFormally = (w: string) => formal.has(w) && formal.get(w)!.some(inPassages);
  // A word read through the glossary ("vélo d'appartement": exercise bike) is said by its English
  // senses, or the formal words for them ("fitness equipment").
  const saidInEnglish = (w: string) =>
    (glossed.get(w) ?? []).some((sense) => [sense, ...[...everydayPhrases(sense).formal.values()].flat()].some(phraseInPassages));
  // A sense of several words ("vacation days") is said as a phrase, not word by word.
  const text = [extracted.answer, ...passages].join("\n").toLowerCase();
  const phraseInPassages = (phrase: string) => {
    const stems = contentWords(phrase, "en").map((word) => answerStem(word).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    return stems.length > 0 && new RegExp(`\\b${stems.join("\\w*\\s+")}`).test(text);
  };
  // "perk" is the index's unknown word, but a part of the name "PerksPlus" the passages write.
  const missing = words.filter((w) => unknownWords.includes(w) && !saidFormally(w) && !inPassages(w) && !saidInEnglish(w));
  // "Does the company reimburse daycare?": whether a matter the documents never mention is so
  // is not answered by sentences on the rest of the question.
  // A word only the scene uses ("I've been told I have high blood pressure.") is not the matter.
  const asked = new Set(contentWords(askingSentence(question), questionLang));
  // "…my feet ache after long shifts. Would the plan pay for arch supports?": an answer found is
  // doubted for the missing words of what is asked, not the scene's.
  const missingAsked = missing.filter((w) => asked.has(w));
  const fewMissing = missing.length === 0 || (extracted.answered && missingAsked.length < MISSING_SHARE * words.length);
  const verdictOnMissing = missing.some((w) => asked.has(w)) && extracted.yesNoUnsettled === true;
  // Read in English and not answered: said so in the person's language, not in English.
  if (fewMissing && !verdictOnMissing && (extracted.answered || glossed.size === 0)) return extracted.answer;
  // "I cut my hand at work this morning. Who do I tell?": a word only the scene uses ("morning") is
  // not what the documents fail to say; the closest passages are shown without naming it.
  const passagesHelp = extracted.citations.length > 0 && missing.length < words.length;
  const onlyInScene = missing.every((w) => !asked.has(w));
  if (!extracted.answered && onlyInScene && passagesHelp && glossed.size === 0) return extracted.answer;
  const note = notFoundMessage({
    questionLang,
    documentsLang: dominantLanguage(passages),
    missingWords: missing,
    closestFollow: passagesHelp,
  });
  if (!passagesHelp) return note;
  // The passages' own lead line ("I could not find a direct answer…") says the same again.
  const body = extracted.answered ? withoutVerdicts(extracted) : extracted.answer.replace(`${NO_DIRECT_ANSWER}\n\n`, "");
  return `${note}\n\n${body}`;
}

function withoutVerdicts({ answer, verdicts = [] }: ExtractedAnswer): string {
  return answer
    .split("\n\n")
    .map((paragraph) => {
      const verdict = verdicts.find((v) => paragraph.startsWith(v));
      return verdict ? paragraph.slice(verdict.length) : paragraph;
    })
    .join("\n\n");
}
