import { eld } from "eld/extrasmall";
import { stopWords } from "./stop-words";

/**
 * The language of a question or a document, among those the product searches in their own
 * language: each has a Snowball stemmer (snowball-stemmers here, LanceDB's index there) and a
 * stop-word list. Detection is eld's smallest model: on 70 short questions written in en, de, fr,
 * es, it, nl and pt it named all 70, and all 50 of Northwind's English questions English
 * (franc-min: 57/70 and 47/50, tinyld: 67/70 and 48/50); ~0.2 ms a question.
 */
export const LANGUAGE_NAMES = {
  en: "English",
  de: "German",
  fr: "French",
  es: "Spanish",
  it: "Italian",
  nl: "Dutch",
  pt: "Portuguese",
  da: "Danish",
  sv: "Swedish",
  no: "Norwegian",
  fi: "Finnish",
  ru: "Russian",
  ro: "Romanian",
  hu: "Hungarian",
  tr: "Turkish",
  ar: "Arabic",
  ta: "Tamil",
} as const;
export type Lang = keyof typeof LANGUAGE_NAMES;

export const isLang = (code: string): code is Lang => Object.hasOwn(LANGUAGE_NAMES, code);

/**
 * Fewer words than this say too little to tell a language by: "hotel limit" reads as Romanian,
 * "vacation days" as French. They are taken as English, whose stop words they hardly have anyway.
 */
const MIN_WORDS = 3;
const WORD = /\p{L}+/gu;

const detected = new Map<string, Lang>();
const MAX_DETECTED = 5_000;

/** The text's language; English when the text is short, ambiguous or in a language not listed. */
export function detectLanguage(text: string): Lang {
  let lang = detected.get(text);
  if (lang === undefined) {
    lang = detect(text);
    if (detected.size >= MAX_DETECTED) detected.clear();
    detected.set(text, lang);
  }
  return lang;
}

function detect(text: string): Lang {
  if ((text.match(WORD)?.length ?? 0) < MIN_WORDS) return "en";
  const result = eld.detect(text);
  return result.isReliable() && isLang(result.language) ? result.language : "en";
}

/** A passage's language is told by its opening: the rest rarely changes it and costs time. */
const SAMPLE_CHARS = 300;

/**
 * The language most of these passages are in (a document's pages, a search's results), or null
 * when none is long enough to tell. Short ones are not counted rather than taken as English.
 */
export function dominantLanguage(passages: Iterable<string>): Lang | null {
  const votes = new Map<Lang, number>();
  for (const passage of passages) {
    const sample = passage.slice(0, SAMPLE_CHARS);
    if ((sample.match(WORD)?.length ?? 0) < MIN_WORDS) continue;
    const result = eld.detect(sample);
    if (result.isReliable() && isLang(result.language)) votes.set(result.language, (votes.get(result.language) ?? 0) + 1);
  }
  let best: Lang | null = null;
  for (const [lang, count] of votes) if (best === null || count > votes.get(best)!) best = lang;
  return best;
}

const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

/**
 * The words of a text that say what it is about: not its language's stop words nor the words a
 * question is asked with. English words are kept whole ("out-of-network"), as lib/text/query.ts
 * contentWords keeps them; other languages join articles and pronouns to words with apostrophes
 * and hyphens ("l'informatique", "couvre-t-il"), which are split off.
 */
export function contentWordsIn(text: string, lang: Lang = detectLanguage(text)): string[] {
  const stop = stopWords(lang);
  const tokens = text.toLowerCase().match(TOKEN) ?? [];
  const words = lang === "en" ? tokens : tokens.flatMap((t) => t.split(/['’-]+/));
  return words.filter((w) => w.length > 1 && !stop.has(w) && !(lang === "en" && contractsStopWord(w, stop)));
}

/**
 * "what's", "it’s", "I'm", "doesn't": a stop word with its verb or negation attached says no more
 * than the stop word (whether a sentence denies is read from the text, lib/chat/polarity).
 */
function contractsStopWord(word: string, stop: ReadonlySet<string>): boolean {
  const [base, ending] = word.split(/['’]/);
  return ending !== undefined && /^(s|m|re|ve|ll|d|t)$/.test(ending) && stop.has(base);
}
