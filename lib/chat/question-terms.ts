import { comparedAlternatives, contentWords } from "@/lib/text/query";
import { askedComparative } from "./figures";
import { everydayPhrases } from "@/lib/text/everyday-words";
import { words } from "@/lib/text/typos";
import { answerStem, stemmer } from "@/lib/text/stem";
import { EMAIL_ADDRESS, PHONE_NUMBER } from "@/lib/text/contacts";
import type { Lang } from "@/lib/text/language";
import { stopWords } from "@/lib/text/stop-words";

/** The words of a question an offline answer's sentences are matched on, and how a sentence holds them. */

/**
 * Terms of the question: stems of its content words, and acronyms ("IT") matched as written.
 * A stem may be held through a formal word for it ("turned" down: "denied"), each a phrase of stems.
 */
export interface Terms {
  stems: string[];
  acronyms: string[];
  formal: Map<string, string[][]>;
}

/** "…according to the Northwind_Standard_Benefits_Details.pdf?": a file's type is no term. */
const FILE_EXTENSION = /(?<=\w)\.(pdf|docx?|xlsx?|pptx?|odt|ods|odp|rtf|txt|md|csv|json|html?|epub|eml|msg)\b/gi;

/**
 * "How long", "how much", "what do I pay", "which one", "is one better than the other": words that ask for a kind of fact, not terms a
 * sentence must hold (the fact itself is looked for instead, see question-intent).
 */
const ASKING_PHRASE =
  /\b(how (long|much|many|often|soon|far|big|old)|(?<!\bno )longer|which one|(which|what) (team|department|office|person|people|group|unit|desk|executive|officer|role|position)|point of contact|who (do|should|can|could|would|must) (i|we|you) (go|turn|talk|speak) to|how long (does|will|would|did) (it|that|this|they) last|(the|its) (role|purpose|point) of|according to|(as )?(outlined|described|mentioned|stated|explained|detailed) in|costs?|prices?|pay|paid|spend|better|worse|other|between|compare\w*|differ\w*|versus|vs|still|end(ed|s)? up|(come|comes|came|coming) with|(go|goes|went|going) through|in (my|your|his|her|our|their|this|that) case|at the moment|right now)\b/gi;

/**
 * "Apart from my name and address, is there any number I have to put on the appeal?": what a
 * question opens by setting aside is known already; it is not what a sentence must say. (Only up
 * to the comma before the question proper: "Apart from dental, vision and hearing, …".)
 */
const SET_ASIDE =
  /(?:^|[.?!:]\s+)(?:apart from|aside from|besides|other than|in addition to)\s+[^;?]{1,80}?,\s+(?=(?:is|are|do|does|can|could|will|would|should|what|which|who|how|where|when|i|we|my|am)\b)/gi;

/** The question without what it sets aside, unless nothing would be left to ask about. */
function withoutSetAside(question: string): string {
  const rest = question.replace(SET_ASIDE, " ");
  return contentWords(rest, "en").length ? rest : question;
}

/**
 * "Which plan would pay…?", "each of the two health plans": the kind of thing a comparison is
 * between is its frame, not what it asks about ("…is a comprehensive plan that offers more coverage
 * than…" says nothing on a hospital stay). A word qualifying it ("health") stays.
 */
const COMPARISON_FRAME =
  /\b(?:which|each|either|neither)(?: one)?(?: of (?:the|these|those|our|your))?(?: (?:two|three|both))?( \w+)? (?:plans?|options?|programs?)\b/gi;

/**
 * "Which has the lower deductible, Health Plus or Standard?": the comparative asks which side's
 * figure wins (lib/chat/figures), it is no word a side's sentence must hold ("…you will typically
 * pay lower copays…" says no deductible). Only in a question weighing two named things: "lower
 * back pain" stays.
 */
function withoutAskedComparative(question: string): string {
  const asked = comparedAlternatives(question) ? askedComparative(question) : null;
  return asked ? question.replace(new RegExp(`\\b${asked.word}\\b`, "i"), " ") : question;
}

/** How words of a language are read: its content words, each stemmed (English: a light suffix strip). */
export interface Reading {
  lang: Lang;
  stem: (word: string) => string;
}
export const readingOf = (lang: Lang): Reading => ({ lang, stem: lang === "en" ? answerStem : stemmer(lang) });

export function questionTerms(question: string, reading: Reading, otherSenses: ReadonlyMap<string, string[]> = new Map()): Terms {
  const acronyms = [...new Set(question.match(/\b[A-Z]{2,5}\b/g) ?? [])].filter((a) => contentWords(a, "en").length === 0);
  const phrases =
    reading.lang === "en" ? everydayPhrases(question) : { formal: new Map<string, string[]>(), members: new Map<string, string[]>() };
  // A question read from another language holds each of its words through any of their senses
  // ("objectifs": objectives, goals).
  const everyday = new Map([...otherSenses, ...phrases.members, ...phrases.formal]);
  const content = contentWords(
    // "pay" asks for an amount, "pay me back" for a reimbursement: a phrase's word stays.
    withoutAskedComparative(
      withoutSetAside(question)
        .replace(FILE_EXTENSION, " ")
        .replace(COMPARISON_FRAME, "$1")
        .replace(ASKING_PHRASE, (word) => (phrases.formal.has(word.toLowerCase()) ? word : " ")),
    ),
    reading.lang,
  );
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
  if (siblings(a, b)) return true;
  if (a.length > b.length) return stemsMatch(b, a);
  // "deny" and "deni(ed)", "apply" and "appli(ed)": a final y turned i.
  if (a.length === b.length && a.length >= 4 && a.slice(0, -1) === b.slice(0, -1) && /[iy]$/.test(a) && /[iy]$/.test(b)) return true;
  // a is the shorter: a prefix of b whose rest is a suffix (sliced only when it is).
  return a.length >= 4 && b.startsWith(a) && (b.length - a.length <= 3 || SUFFIX.test(b.slice(a.length)));
};
/**
 * Long words on one root with different short endings are one term: "chiropractor" and
 * "chiropractic", "orthodontist" and "orthodontic".
 */
const SIBLING_ROOT = 8;
const SIBLING_ENDING = 3;
function siblings(a: string, b: string): boolean {
  let shared = 0;
  while (shared < a.length && a[shared] === b[shared]) shared++;
  return shared >= SIBLING_ROOT && a.length - shared <= SIBLING_ENDING && b.length - shared <= SIBLING_ENDING;
}
const SUFFIX = /^(ously|ation|ations|ement|ements|ment|ments|ness|ities|ively|ably|ibly|ically|ances|ences|ings|able|ible|ance|ence|ship)$/;

/** Small words a name's initials skip: "Vice President of Human Resources" is a VP, and HR. */
export const INITIALS_SKIP: ReadonlySet<string> = new Set(["of", "and", "&", "for", "the", "to", "in"]);
const MAX_INITIALS = 4;

/**
 * The initials of the names a text writes out ("Chief Executive Officer": "ceo"): those of every
 * two to four capitalised words in a row, small words skipped, so "the CEO" finds the passages
 * (and their headings) that only write the name.
 */
function namesInitials(raw: string): string[] {
  const words = raw.split(/[^\p{L}&]+/u).filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    let initials = "";
    for (let j = i; j < words.length && initials.length < MAX_INITIALS; j++) {
      if (j > i && INITIALS_SKIP.has(words[j].toLowerCase())) continue;
      if (!/^\p{Lu}/u.test(words[j])) break;
      initials += words[j][0].toLowerCase();
      if (initials.length >= 2) out.push(initials);
    }
  }
  return out;
}

/** The parts of names written as one word ("PerksPlus": "perks", "plus"): "the wellness perk" names it. */
const namePartsIn = (raw: string): string[] =>
  [...raw.matchAll(/\b\p{Lu}\p{Ll}+(?:\p{Lu}\p{Ll}+)+\b/gu)].flatMap((m) => m[0].split(/(?=\p{Lu})/u).map((p) => p.toLowerCase()));

/** What a phone number (a fax number, when it says so) or an e-mail address written out says in words. */
const writtenContacts = (raw: string): string[] => [
  ...(PHONE_NUMBER.test(raw) ? (/\bfax\b/i.test(raw) ? ["number"] : ["phone", "telephone", "number", "call"]) : []),
  ...(EMAIL_ADDRESS.test(raw) ? ["email", "e-mail", "address"] : []),
];

/** The stems of a text's words, the initials of the names it writes out, and the text itself for acronyms. */
export class StemSet {
  private readonly stems: Set<string>;
  constructor(
    private readonly raw: string,
    reading: Reading,
  ) {
    // "fitness-related" holds "fitness" and "related" as well as itself.
    const words = [
      ...contentWords(raw, reading.lang).flatMap((w) => (w.includes("-") ? [w, ...w.split("-").filter(Boolean)] : [w])),
      ...namePartsIn(raw),
    ];
    this.stems = new Set(words.map(reading.stem));
    if (reading.lang === "en") for (const initials of namesInitials(raw)) this.stems.add(initials);
    // "By phone: 1-800-123-4567" gives the phone number a question asks for without saying "number".
    for (const word of writtenContacts(raw)) this.stems.add(reading.stem(word));
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
  /**
   * Writes these initials as a word ("CFO", "cfo"), or two joined by "&" ("R&D"); in lower case
   * not a common word ("do they": not "Director of Operations").
   */
  hasInitials(initials: string): boolean {
    if (new RegExp(`\\b${initials.toUpperCase()}\\b`).test(this.raw)) return true;
    if (initials.length === 2 && new RegExp(`\\b${initials[0]}&${initials[1]}\\b`, "i").test(this.raw)) return true;
    return !stopWords("en").has(initials.toLowerCase()) && new RegExp(`\\b${initials}\\b`, "i").test(this.raw);
  }
  hasAcronym(acronym: string): boolean {
    return new RegExp(`\\b${acronym}\\b`).test(this.raw);
  }
}
