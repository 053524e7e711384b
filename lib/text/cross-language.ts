import { detectLanguage, type Lang } from "./language";
import { stemmer } from "./stem";
import { stopWords } from "./stop-words";
import {
  GLOSSARY_LANGUAGES,
  isGrammarWord,
  glossaryOf,
  grammarSenses,
  hasGlossary,
  tokens,
  WORD,
  type GlossaryLang,
} from "./glossary/glossary";
import { cognate, cognateCompound, joinSeparableVerbs, sensesOf } from "./glossary/word-forms";

/**
 * A question asked in German, French or Spanish of English documents, read in English word by
 * word: no translation service or model is at hand offline, so each word is looked up in a
 * glossary (glossary/<lang>.json: the languages' most frequent words and the vocabulary of work,
 * pay and health benefits). "Wem soll ich Bescheid sagen, wenn mich ein Kollege bedroht?" reads
 * "who tell, colleague threaten?": enough for the search and for choosing the sentence that
 * answers. Words the glossary lacks (names, numbers, "PerksPlus") stay as written.
 */

export interface EnglishReading {
  /** The question's language. */
  lang: Lang;
  /** The question with each glossed word replaced by its first English sense, punctuation kept. */
  text: string;
  /** Every English sense of every glossed word, and the words kept as written: what to search for. */
  searchText: string;
  /** The question's words that were read through the glossary (lowercased), with their English senses. */
  senses: Map<string, string[]>;
  glossed: string[];
}

/**
 * Readings by question: one search reads the same question for its spelling, for each collection
 * and for the answer.
 */
const readings = new Map<string, Promise<EnglishReading | null>>();
const MAX_READINGS = 1_000;

/** The question read in English, or null when it is in English or a language without a glossary. */
export function readInEnglish(question: string, detected: Lang = detectLanguage(question)): Promise<EnglishReading | null> {
  if (detected === "en") return Promise.resolve(null);
  const key = `${detected}\u0000${question}`;
  let reading = readings.get(key);
  if (!reading) {
    if (readings.size >= MAX_READINGS) readings.clear();
    reading = read(question, detected);
    readings.set(key, reading);
    reading.catch(() => readings.delete(key));
  }
  return reading;
}

async function read(question: string, detected: Lang): Promise<EnglishReading | null> {
  const lang = hasGlossary(detected) ? detected : await languageByVocabulary(question);
  if (!lang) return null;
  const glossary = await glossaryOf(lang);
  const stemOf = stemmer(lang);
  const stop = stopWords(lang);
  const found = [...question.matchAll(WORD)].map((m) => ({ word: m[0], lower: m[0].toLowerCase(), index: m.index }));
  const stems = found.map((t) => stemOf(t.lower));
  const replacement: (string | null)[] = found.map(() => null);
  const senses: string[] = [];
  const sensesOfWord = new Map<string, string[]>();
  if (lang === "de") joinSeparableVerbs(question, found, replacement, sensesOfWord, senses, glossary, stemOf);
  for (let i = 0; i < found.length; i++) {
    if (replacement[i] !== null) continue;
    // As written first: "wie viele" is "how many", though it stems as "wie viel", "how much".
    const phrase =
      glossary.phrases.find((p) => p.words.every((w, j) => found[i + j]?.lower === w)) ??
      glossary.phrases.find((p) => p.stems.every((s, j) => stems[i + j] === s));
    if (phrase) {
      replacement[i] = phrase.senses[0];
      for (let j = 1; j < phrase.stems.length; j++) replacement[i + j] = "";
      senses.push(...phrase.senses);
      for (const t of found.slice(i, i + phrase.stems.length)) sensesOfWord.set(t.lower, phrase.senses);
      i += phrase.stems.length - 1;
      continue;
    }
    const word = found[i].lower;
    // "¿Health Plus me lo cubre?": a capitalised word after a name's word kept as written is the
    // name's too ("Plus", not "allowance"). Not in German, which capitalises every noun.
    const keptAsWritten = (j: number) => replacement[j] === null || replacement[j] === found[j].word;
    if (lang !== "de" && /^\p{Lu}/u.test(found[i].word) && i > 0 && keptAsWritten(i - 1) && /^\p{Lu}/u.test(found[i - 1].word)) continue;
    // A stop word says nothing even where the glossary has a sense for it ("meinen": my, not "mean").
    if (stop.has(word) && !isGrammarWord(lang, word)) {
      replacement[i] = "";
      continue;
    }
    const own =
      sensesOf(word, lang, glossary, stemOf) ??
      (await cognate(word, lang)) ??
      (lang === "de" ? await cognateCompound(word, glossary, stemOf) : null);
    if (own) {
      // A name that reads the same in English keeps its capital ("Northwind Standard").
      replacement[i] = own[0] === word ? found[i].word : own[0];
      senses.push(...own);
      sensesOfWord.set(word, own);
    }
  }
  if (sensesOfWord.size === 0) return null;
  // Between words only sentence punctuation stays: "l'achat", "est-ce" lose their apostrophe and hyphen.
  const gap = (from: number, to?: number) => question.slice(from, to).replace(/[^,.;:?!]/g, " ");
  let text = "";
  let at = 0;
  found.forEach((t, i) => {
    text += gap(at, t.index) + (replacement[i] ?? t.word);
    at = t.index + t.word.length;
  });
  text = (text + gap(at))
    .replace(/\s+/g, " ")
    .replace(/\s+([,.;:?!])/g, "$1")
    .replace(/^[\s,.;:]+/, "")
    .trim();
  const kept = found.filter((_, i) => replacement[i] === null).map((t) => t.word);
  return {
    lang,
    text,
    // Question and function words tell how the question is put; searched, "before" or "how much" find anything.
    searchText: [...new Set([...senses.filter((sense) => !grammarSenses(lang).has(sense)), ...kept])].join(" "),
    senses: sensesOfWord,
    glossed: [...sensesOfWord.keys()],
  };
}

/** Share of a question's words a glossary must know to take the question as its language. */
const VOCABULARY_SHARE = 2 / 3;

/**
 * A short question's language is hard to detect ("Werden Reisekosten erstattet?" reads as
 * Norwegian): taken as a glossary's language when that glossary knows most of its words.
 */
async function languageByVocabulary(question: string): Promise<GlossaryLang | null> {
  const words = tokens(question);
  if (words.length === 0) return null;
  let best: { lang: GlossaryLang; share: number } | null = null;
  for (const lang of GLOSSARY_LANGUAGES) {
    const glossary = await glossaryOf(lang);
    const stemOf = stemmer(lang);
    const stop = stopWords(lang);
    const known = words.filter((w) => stop.has(w) || sensesOf(w, lang, glossary, stemOf) !== null).length;
    const share = known / words.length;
    if (share >= VOCABULARY_SHARE && (!best || share > best.share)) best = { lang, share };
  }
  return best?.lang ?? null;
}
