import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * The answer-accuracy fact set (scripts/eval-data/northwind-facts.json) and its grading.
 * Grading is plain text matching on the answer, so a result can be checked by eye.
 */

export const FACT_TYPES = [
  "amount",
  "date",
  "yesno",
  "contact",
  "comparison",
  "not_found",
  "followup",
  "topic_change",
  "multilingual",
] as const;
export const SPLITS = [
  "dev",
  "heldout",
  "unseen",
  "unseen2",
  "unseen3",
  "unseen4",
  "unseen5",
  "unseen6",
  "unseen7",
  "unseen8",
  "unseen9",
  "unseen10",
  "unseen11",
  "unseen12",
  "unseen13",
  "unseen14",
  "unseen15",
  "unseen16",
  "unseen17",
  "unseen18",
  "unseen19",
  "unseen20",
  "unseen21",
  "unseen22",
  "unseen23",
  "unseen24",
] as const;
const LANGS = ["en", "de", "fr", "es"] as const;
type Lang = (typeof LANGS)[number];

/** A regex, or a list of regexes that must all match. */
const Matcher = z.union([z.string(), z.array(z.string()).min(1)]);

export const FactItem = z
  .object({
    id: z.string(),
    split: z.enum(SPLITS),
    type: z.enum(FACT_TYPES),
    lang: z.enum(LANGS).default("en"),
    turns: z.array(z.string().min(1)).min(1),
    expect: z.enum(["fact", "not_found"]).default("fact"),
    yes_no: z.enum(["yes", "no"]).optional(),
    fact: z.array(Matcher).default([]),
    pages: z.array(z.string().regex(/^[^/#]+\.pdf#page=\d+$/)).default([]),
    note: z.string().optional(),
  })
  .refine((item) => item.expect === "not_found" || (item.fact.length > 0 && item.pages.length > 0), {
    message: "an item that expects a fact needs a fact matcher and reference pages",
  });
export type FactItem = z.infer<typeof FactItem>;

export const FACTS_FILE = path.join(import.meta.dirname, "..", "eval-data", "northwind-facts.json");

export function loadFacts(file = FACTS_FILE): FactItem[] {
  const items = z.object({ items: z.array(FactItem) }).parse(JSON.parse(readFileSync(file, "utf8"))).items;
  const ids = new Set<string>();
  for (const item of items) {
    if (ids.has(item.id)) throw new Error(`duplicate fact id ${item.id}`);
    ids.add(item.id);
  }
  return items;
}

const CITATION = /\[([^\]]+)\]/g;

/** The pages an answer cites, as `File.pdf#page=N` (a `collection/` prefix dropped). */
export function citedPages(answer: string): string[] {
  return [...new Set([...answer.matchAll(CITATION)].map((m) => m[1].slice(m[1].lastIndexOf("/") + 1)))];
}

/** The answer as the matchers read it: no citations, plain punctuation, 1,500 read as 1500. */
export function normalizeAnswer(text: string): string {
  return text
    .replace(CITATION, " ")
    .replace(/[‘’]/g, "'")
    .replace(/[“”«»„]/g, '"')
    .replace(/[‐‑‒–—]/g, "-")
    .replace(/(\d)[,.\u00a0\u202f ](?=\d{3}\b)/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

/** Sentences of an answer (citations removed): split after . ! ? before a capital or digit, and at line breaks. */
export function sentences(answer: string): string[] {
  return answer
    .replace(/[ \t]*\[[^\]]+\]/g, "")
    .split(/\n+|(?<=[.!?])\s+(?=[("“¿¡]?[\p{Lu}\d])/u)
    .map((s) => s.trim())
    .filter((s) => /\p{L}.*\p{L}/u.test(s));
}

export function matches(matcher: string | string[], text: string): boolean {
  return (Array.isArray(matcher) ? matcher : [matcher]).every((re) => new RegExp(re, "iu").test(text));
}

export const factStated = (item: FactItem, answer: string) => item.fact.some((m) => matches(m, normalizeAnswer(answer)));

/** "Not in the documents", in the four languages of the set (the app's own not-found lines among them). */
const NOT_FOUND =
  /could(?: not|n't) find|can(?:not|'t) find|did(?: not|n't) find|not find|no (?:information|mention|answer)|never mentions?|(?:do|does) not (?:mention|say|state|contain|cover this)|(?:don|doesn)['’]t (?:mention|say|state|contain|cover this)|not (?:mentioned|stated|covered) in|nichts? (?:\p{L}+ )?gefunden|keine (?:angaben|informationen|antwort)|erwähnen\b[^.]*\bnicht|nie erwähnt|pas trouvé|aucune information|ne mentionnent|ne (?:parlent|disent) pas|no (?:encontré|se encontró|encuentro|hay información|mencionan)|nothing in the selected documents matches|nichts in den ausgewählten dokumenten passt|rien dans les documents sélectionnés ne correspond|nada en los documentos seleccionados responde/iu;

export const saysNotFound = (answer: string) => NOT_FOUND.test(sentences(answer)[0] ?? "");

const YES_NO: Record<Lang, { yes: string[]; no: string[] }> = {
  en: { yes: ["yes"], no: ["no"] },
  de: { yes: ["ja"], no: ["nein"] },
  fr: { yes: ["oui"], no: ["non"] },
  es: { yes: ["sí", "si"], no: ["no"] },
};

/** The answer opens with the expected yes or no (in English or the question's language). */
export function opensWith(answer: string, expected: "yes" | "no", lang: Lang): boolean {
  const first =
    normalizeAnswer(answer)
      .replace(/^[^\p{L}]+/u, "")
      .match(/^\p{L}+/u)?.[0]
      .toLowerCase() ?? "";
  return [...YES_NO.en[expected], ...YES_NO[lang][expected]].includes(first);
}

/** Common function words: a sentence is in a language when more of its words are that language's than English's. */
const FUNCTION_WORDS: Record<Lang, Set<string>> = {
  en: new Set("the a an and or of to in is are for with on that this you your not be it by".split(" ")),
  de: new Set("der die das und oder ist sind für mit nicht ein eine den dem des zu in von auf sie ich es wird keine".split(" ")),
  fr: new Set("le la les et ou est sont pour avec pas un une des du de en au vous je ce qui que dans ne".split(" ")),
  es: new Set("el la los las y o es son para con no un una del de en al usted que se por lo su".split(" ")),
};

export function inLanguage(text: string, lang: Lang): boolean {
  if (lang === "en") return true;
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  const count = (l: Lang) => words.filter((w) => FUNCTION_WORDS[l].has(w)).length;
  return count(lang) > count("en");
}

export interface FactGrade {
  /** The key fact is in the answer (and, for yes/no, the answer opens with the expected word); for not-found items, the first sentence says so. */
  stated: boolean;
  /** A reference page is cited (not-found items: true). */
  pageCited: boolean;
  accurate: boolean;
  /** Every citation is a reference page (and there is one); null for not-found items. */
  clean: boolean | null;
  /** The answer's first sentence is in the question's language (always true for English). */
  ownLanguage: boolean;
  sentences: number;
  cited: string[];
}

export function gradeAnswer(item: FactItem, answer: string): FactGrade {
  const cited = citedPages(answer);
  const ownLanguage = inLanguage(sentences(answer)[0] ?? "", item.lang);
  const count = sentences(answer).length;
  if (item.expect === "not_found") {
    const stated = saysNotFound(answer);
    return { stated, pageCited: true, accurate: stated, clean: null, ownLanguage, sentences: count, cited };
  }
  const stated = factStated(item, answer) && (!item.yes_no || opensWith(answer, item.yes_no, item.lang));
  const pageCited = cited.some((c) => item.pages.includes(c));
  const clean = cited.length > 0 && cited.every((c) => item.pages.includes(c));
  return { stated, pageCited, accurate: stated && pageCited, clean, ownLanguage, sentences: count, cited };
}

/**
 * The key fact is in the passages the answer was built from (`data_points.text`, "File.pdf#page=N:
 * text") that are from reference pages: what a language model given the same passages could answer from.
 * Null for items that expect "not found".
 */
export function factInPassages(item: FactItem, passages: readonly string[]): boolean | null {
  if (item.expect === "not_found") return null;
  const onReferencePages = passages.flatMap((passage) => {
    const colon = passage.indexOf(": ");
    const id = passage.slice(0, colon);
    return colon >= 0 && item.pages.includes(id.slice(id.lastIndexOf("/") + 1)) ? [normalizeAnswer(passage.slice(colon + 2))] : [];
  });
  // Joined, so the two sides of a comparison may come from two pages; ". " keeps a match within a sentence.
  const text = onReferencePages.join(". ");
  return onReferencePages.length > 0 && item.fact.some((m) => matches(m, text));
}

export interface GradedItem {
  item: FactItem;
  answer: string;
  grade: FactGrade;
  /** See factInPassages; absent when the passages were not kept. */
  inPassages?: boolean | null;
}

export interface ScoreRow {
  split: string;
  type: string;
  n: number;
  accurate: number;
  stated: number;
  pageCited: number;
  /** Share of the rows' fact items whose every citation is a reference page; null when none expects a fact. */
  clean: number | null;
  /** Share of the rows' fact items whose key fact was in the passages sent; null when none expects a fact or none was kept. */
  inPassages: number | null;
  medianSentences: number;
}

const share = (xs: boolean[]) => (xs.length ? xs.filter(Boolean).length / xs.length : 0);

function scoreRow(split: string, type: string, graded: GradedItem[]): ScoreRow {
  const grades = graded.map((g) => g.grade);
  const cleanable = grades.flatMap((g) => (g.clean === null ? [] : [g.clean]));
  const counts = grades.map((g) => g.sentences).sort((a, b) => a - b);
  const inPassages = graded.flatMap((g) => (g.inPassages === undefined || g.inPassages === null ? [] : [g.inPassages]));
  return {
    split,
    type,
    n: grades.length,
    accurate: share(grades.map((g) => g.accurate)),
    stated: share(grades.map((g) => g.stated)),
    pageCited: share(grades.map((g) => g.pageCited)),
    clean: cleanable.length ? share(cleanable) : null,
    inPassages: inPassages.length ? share(inPassages) : null,
    medianSentences: counts.length ? counts[Math.floor((counts.length - 1) / 2)] : NaN,
  };
}

/**
 * How the misses fail: saying the documents do not answer (honest, though the fact is there) or
 * answering with something else (a wrong answer a reader may trust, and a not-found question
 * answered).
 */
export function missKinds(graded: GradedItem[]): { misses: number; saidNotFound: number; answeredWrongly: number } {
  const misses = graded.filter((g) => !g.grade.accurate);
  const saidNotFound = misses.filter((g) => g.item.expect !== "not_found" && saysNotFound(g.answer)).length;
  return { misses: misses.length, saidNotFound, answeredWrongly: misses.length - saidNotFound };
}

/** One row per split and type present, then the split's total ("all"), in FACT_TYPES order. */
export function scoreTable(graded: GradedItem[]): ScoreRow[] {
  return SPLITS.flatMap((split) => {
    const inSplit = graded.filter((g) => g.item.split === split);
    if (!inSplit.length) return [];
    const byType = FACT_TYPES.flatMap((type) => {
      const ofType = inSplit.filter((g) => g.item.type === type);
      return ofType.length ? [scoreRow(split, type, ofType)] : [];
    });
    return [...byType, scoreRow(split, "all", inSplit)];
  });
}
