import type { Lang } from "../language";
import { stemmer } from "../stem";

/**
 * The German, French and Spanish glossaries (de.json, fr.json, es.json: each language's most
 * frequent words and the vocabulary of work, pay and health benefits, with their English senses),
 * loaded on first use and indexed by word, stem and phrase; and the question and function words
 * every reading needs whatever a glossary says.
 */

export const GLOSSARY_LANGUAGES = ["de", "fr", "es"] as const;
export type GlossaryLang = (typeof GLOSSARY_LANGUAGES)[number];
export const hasGlossary = (lang: Lang): lang is GlossaryLang => (GLOSSARY_LANGUAGES as readonly string[]).includes(lang);

export interface Glossary {
  /** A one-word entry as written → its English senses. */
  exact: Map<string, string[]>;
  /** Snowball stem of a one-word entry → its English senses (of every entry with that stem). */
  words: Map<string, string[]>;
  /** Entries of several words, as written and by their words' stems, longest first. */
  phrases: { words: string[]; stems: string[]; senses: string[] }[];
}

const glossaries = new Map<GlossaryLang, Promise<Glossary>>();

const LOADERS: Record<GlossaryLang, () => Promise<{ words: Record<string, string[]> }>> = {
  de: () => import("./de.json").then((m) => m.default),
  fr: () => import("./fr.json").then((m) => m.default),
  es: () => import("./es.json").then((m) => m.default),
};

/**
 * Question words, whatever the glossary says of them: they tell what is asked ("Wem…?": who,
 * "¿Cuánto tiempo…?": how long), and most are stop words a glossary leaves out.
 */
const QUESTION_WORDS: Record<GlossaryLang, Record<string, string[]>> = {
  de: {
    wer: ["who"],
    wem: ["who"],
    wen: ["who"],
    "an wen": ["who"],
    was: ["what"],
    wann: ["when"],
    wo: ["where"],
    wohin: ["where"],
    warum: ["why"],
    wieso: ["why"],
    weshalb: ["why"],
    wie: ["how"],
    "wie viel": ["how much"],
    "wie viele": ["how many"],
    "wie lange": ["how long"],
    "wie oft": ["how often"],
    "ab wann": ["when"],
    "bis wann": ["when"],
    welche: ["which"],
  },
  fr: {
    qui: ["who"],
    "à qui": ["who"],
    quoi: ["what"],
    quand: ["when"],
    où: ["where"],
    pourquoi: ["why"],
    comment: ["how"],
    combien: ["how much"],
    // "Combien d'années / de jours…?" counts; "Combien coûte…?" asks an amount.
    "combien de": ["how many"],
    "combien d": ["how many"],
    "combien de temps": ["how long"],
    "combien de fois": ["how often"],
    "à partir de quand": ["when"],
    quel: ["which"],
    quelle: ["which"],
    quels: ["which"],
    quelles: ["which"],
  },
  es: {
    quién: ["who"],
    "a quién": ["who"],
    qué: ["what"],
    cuándo: ["when"],
    dónde: ["where"],
    "por qué": ["why"],
    cómo: ["how"],
    cuánto: ["how much"],
    cuántos: ["how many"],
    cuántas: ["how many"],
    cuánta: ["how much"],
    "cuántas veces": ["how often"],
    "cuánto tiempo": ["how long"],
    "cada cuánto": ["how often"],
    "con qué frecuencia": ["how often"],
    cuál: ["which"],
  },
};

/**
 * Words of quantity, time and condition a glossary of content words leaves out ("n'importe quelle
 * pharmacie": any pharmacy; "d'abord … avant": first … before; "une fois … atteinte": once … reached).
 */
const FUNCTION_WORDS: Record<GlossaryLang, Record<string, string[]>> = {
  de: {
    irgendein: ["any"],
    irgendeine: ["any"],
    jede: ["any", "every"],
    jeder: ["any", "every"],
    alle: ["all"],
    vor: ["before"],
    vorher: ["before"],
    bevor: ["before"],
    nach: ["after"],
    danach: ["after"],
    während: ["during"],
    seit: ["since"],
    zuerst: ["first"],
    wenn: ["if", "when"],
    falls: ["if"],
    ob: ["whether"],
    beim: ["at"],
    gegen: ["against"],
    zwischen: ["between"],
    ab: ["from"],
    sobald: ["once"],
  },
  fr: {
    "n importe quel": ["any"],
    "n importe quelle": ["any"],
    "n importe où": ["anywhere"],
    "n importe quand": ["anytime"],
    tout: ["all", "any"],
    toute: ["all", "any"],
    "d abord": ["first"],
    avant: ["before"],
    après: ["after"],
    pendant: ["during"],
    depuis: ["since"],
    si: ["if", "whether"],
    "une fois": ["once"],
    "une fois que": ["once"],
    dès: ["from"],
    "dès que": ["once"],
    contre: ["against"],
    chez: ["at"],
    comme: ["as"],
    sans: ["without"],
    entre: ["between"],
    "à partir de": ["from"],
  },
  es: {
    cualquier: ["any"],
    cualquiera: ["any"],
    todo: ["all"],
    toda: ["all"],
    todos: ["all"],
    antes: ["before"],
    después: ["after"],
    durante: ["during"],
    desde: ["since"],
    primero: ["first"],
    si: ["if", "whether"],
    "una vez": ["once"],
    "una vez que": ["once"],
    contra: ["against"],
    sin: ["without"],
    entre: ["between"],
  },
};

/** A question or function word: read whatever the stop-word list says of it. */
export const isGrammarWord = (lang: GlossaryLang, word: string): boolean =>
  Object.hasOwn(QUESTION_WORDS[lang], word) || Object.hasOwn(FUNCTION_WORDS[lang], word);

const sensesOf = (words: Record<string, string[]>) => Object.values(words).flat();
const GRAMMAR_SENSES: Record<GlossaryLang, ReadonlySet<string>> = {
  de: new Set([...sensesOf(QUESTION_WORDS.de), ...sensesOf(FUNCTION_WORDS.de)]),
  fr: new Set([...sensesOf(QUESTION_WORDS.fr), ...sensesOf(FUNCTION_WORDS.fr)]),
  es: new Set([...sensesOf(QUESTION_WORDS.es), ...sensesOf(FUNCTION_WORDS.es)]),
};

/** The English senses of the question and function words: how a question is put, not what it asks. */
export const grammarSenses = (lang: GlossaryLang): ReadonlySet<string> => GRAMMAR_SENSES[lang];

export function glossaryOf(lang: GlossaryLang): Promise<Glossary> {
  let glossary = glossaries.get(lang);
  if (!glossary) {
    glossary = LOADERS[lang]().then((data) =>
      indexGlossary({ ...data.words, ...FUNCTION_WORDS[lang], ...QUESTION_WORDS[lang] }, stemmer(lang)),
    );
    glossaries.set(lang, glossary);
    glossary.catch(() => glossaries.delete(lang));
  }
  return glossary;
}

function indexGlossary(entries: Record<string, string[]>, stemOf: (word: string) => string): Glossary {
  const exact = new Map<string, string[]>();
  const words = new Map<string, string[]>();
  const phrases: Glossary["phrases"] = [];
  for (const [entry, senses] of Object.entries(entries)) {
    const parts = tokens(entry);
    if (parts.length > 1) phrases.push({ words: parts, stems: parts.map(stemOf), senses });
    else if (parts.length === 1) {
      exact.set(parts[0], senses);
      // The same stem from two entries ("bezahlen", "bezahlung"): both entries' senses.
      const stem = stemOf(parts[0]);
      words.set(stem, [...new Set([...(words.get(stem) ?? []), ...senses])]);
    }
  }
  phrases.sort((a, b) => b.stems.length - a.stems.length);
  return { exact, words, phrases };
}

/** Words, with articles and pronouns split off at apostrophes and hyphens ("l'achat", "dois-je"). */
export const WORD = /[\p{L}\p{N}]+/gu;
export const tokens = (text: string) => text.toLowerCase().match(WORD) ?? [];
