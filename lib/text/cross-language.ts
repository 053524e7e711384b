import { isEnglishWord } from "./english-words";
import { detectLanguage, type Lang } from "./language";
import { stemmer } from "./stem";
import { stopWords } from "./stop-words";

/**
 * A question asked in German, French or Spanish of English documents, read in English word by
 * word: no translation service or model is at hand offline, so each word is looked up in a
 * glossary (glossary/<lang>.json: the languages' most frequent words and the vocabulary of work,
 * pay and health benefits). "Wem soll ich Bescheid sagen, wenn mich ein Kollege bedroht?" reads
 * "who tell, colleague threaten?": enough for the search and for choosing the sentence that
 * answers. Words the glossary lacks (names, numbers, "PerksPlus") stay as written.
 */

export const GLOSSARY_LANGUAGES = ["de", "fr", "es"] as const;
type GlossaryLang = (typeof GLOSSARY_LANGUAGES)[number];
const hasGlossary = (lang: Lang): lang is GlossaryLang => (GLOSSARY_LANGUAGES as readonly string[]).includes(lang);

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

interface Glossary {
  /** A one-word entry as written → its English senses. */
  exact: Map<string, string[]>;
  /** Snowball stem of a one-word entry → its English senses (of every entry with that stem). */
  words: Map<string, string[]>;
  /** Entries of several words, as written and by their words' stems, longest first. */
  phrases: { words: string[]; stems: string[]; senses: string[] }[];
}

const glossaries = new Map<GlossaryLang, Promise<Glossary>>();

const LOADERS: Record<GlossaryLang, () => Promise<{ words: Record<string, string[]> }>> = {
  de: () => import("./glossary/de.json").then((m) => m.default),
  fr: () => import("./glossary/fr.json").then((m) => m.default),
  es: () => import("./glossary/es.json").then((m) => m.default),
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
    "combien de temps": ["how long"],
    quel: ["which"],
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
    "cuánto tiempo": ["how long"],
    cuál: ["which"],
  },
};

/**
 * Words of quantity and time a glossary of content words leaves out ("n'importe quelle
 * pharmacie": any pharmacy; "d'abord … avant": first … before).
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
  },
};

const grammarSenses = (lang: GlossaryLang): ReadonlySet<string> =>
  new Set([...Object.values(QUESTION_WORDS[lang]), ...Object.values(FUNCTION_WORDS[lang])].flat());

function glossaryOf(lang: GlossaryLang): Promise<Glossary> {
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
const WORD = /[\p{L}\p{N}]+/gu;
const tokens = (text: string) => text.toLowerCase().match(WORD) ?? [];

/** The question read in English, or null when it is in English or a language without a glossary. */
export async function readInEnglish(question: string, detected: Lang = detectLanguage(question)): Promise<EnglishReading | null> {
  if (detected === "en") return null;
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
  if (lang === "de") joinSeparableVerb(found, replacement, sensesOfWord, senses, glossary, stemOf);
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
    // A stop word says nothing even where the glossary has a sense for it ("meinen": my, not "mean").
    if (stop.has(word) && !Object.hasOwn(QUESTION_WORDS[lang], word) && !Object.hasOwn(FUNCTION_WORDS[lang], word)) {
      replacement[i] = "";
      continue;
    }
    const own = sensesOf(word, lang, glossary, stemOf) ?? (await cognate(word, lang));
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

/**
 * The word's senses: its own entry, an entry of its base form where the stemmer does not reach
 * it ("bedroht": "bedrohen", "mínimos": "mínimo", "gestellt": "stellen"), or its compound parts.
 */
function sensesOf(word: string, lang: GlossaryLang, glossary: Glossary, stemOf: (w: string) => string): string[] | null {
  const forms = [word, ...BASE_FORMS[lang](word)];
  // An entry as written first: "rembourse" is "rembourser", not "remboursable" of the same stem.
  for (const form of forms) {
    const senses = glossary.exact.get(form);
    if (senses) return senses;
  }
  for (const form of forms) {
    const senses = glossary.words.get(stemOf(form));
    if (senses) return senses;
  }
  return lang === "de" ? compoundSenses(word, glossary, stemOf) : null;
}

/** Likely dictionary forms of an inflected word: plurals and participles the stemmer leaves apart. */
const BASE_FORMS: Record<GlossaryLang, (word: string) => string[]> = {
  de: (w) => [
    ...(/^ge\p{L}{3,}t$/u.test(w) ? [`${w.slice(2, -1)}en`] : []),
    ...(/\p{L}{3,}e?t$/u.test(w) ? [`${w.replace(/e?t$/u, "")}en`] : []),
    ...(/\p{L}{3,}e$/u.test(w) ? [`${w}n`] : []),
  ],
  fr: (w) => [
    ...(/s$/.test(w) ? [w.slice(0, -1)] : []),
    ...(/ée?s?$/u.test(w) ? [w.replace(/ée?s?$/u, "er")] : []),
    // Present tense of -er verbs: "rembourse", "remboursent", "payez".
    ...(/\p{L}{3}(e|es|ent|ons|ez)$/u.test(w) ? [w.replace(/(e|es|ent|ons|ez)$/u, "er")] : []),
  ],
  es: (w) => [
    ...(/s$/.test(w) ? [w.slice(0, -1)] : []),
    // Stem-changing verbs: "descuentan" is "descontar", "prefiere" "preferir".
    ...(/ue|ie/.test(w) ? [w.replace(/ue/, "o"), w.replace(/ie/, "e")] : []),
    ...(/ad[oa]s?$/.test(w) ? [w.replace(/ad[oa]s?$/, "ar")] : []),
    // Present tense: "paga", "pagan" are "pagar"; "cubre" "cubrir".
    ...(/\p{L}{3}(a|as|an|amos)$/u.test(w) ? [w.replace(/(a|as|an|amos)$/u, "ar")] : []),
    ...(/\p{L}{3}(e|es|en|emos|imos)$/u.test(w)
      ? [w.replace(/(e|es|en|emos|imos)$/u, "er"), w.replace(/(e|es|en|emos|imos)$/u, "ir")]
      : []),
    ...(/id[oa]s?$/.test(w) ? [w.replace(/id[oa]s?$/, "er"), w.replace(/id[oa]s?$/, "ir")] : []),
  ],
};

/**
 * Endings that turn a German, French or Spanish word into its English cognate ("digitales":
 * digital, "información": information, "Therapie": therapy, "qualité": quality).
 */
const COGNATE_ENDINGS: Record<GlossaryLang, [RegExp, string][]> = {
  de: [
    [/ie$/u, "y"],
    [/ität(en)?$/u, "ity"],
    [/isch(e[nrms]?)?$/u, "ic"],
    [/(en|e|n|s)$/u, ""],
  ],
  fr: [
    [/ité(s)?$/u, "ity"],
    [/ique(s)?$/u, "ic"],
    [/aux$/u, "al"],
    [/(e|es|s)$/u, ""],
  ],
  es: [
    [/ción$/u, "tion"],
    [/ciones$/u, "tions"],
    [/dad(es)?$/u, "ty"],
    [/ico(s)?$/u, "ic"],
    [/ales$/u, "al"],
    [/(es|s|o|a)$/u, ""],
  ],
};
/** Cognates shorter than this are too often false friends ("art", "son"). */
const MIN_COGNATE_LENGTH = 5;

/** The English word a word the glossary lacks is spelled like, if it is one: "digitales", "digital". */
async function cognate(word: string, lang: GlossaryLang): Promise<string[] | null> {
  const plain = word.normalize("NFD").replace(/\p{M}/gu, "");
  const forms = [
    plain,
    ...COGNATE_ENDINGS[lang].filter(([ending]) => ending.test(plain)).map(([ending, english]) => plain.replace(ending, english)),
  ];
  for (const form of new Set(forms)) if (form.length >= MIN_COGNATE_LENGTH && (await isEnglishWord(form))) return [form];
  return null;
}

/** Particles a German verb leaves at the end of its clause ("Was stellt Zava her?": herstellen). */
const SEPARABLE_PARTICLES = new Set(
  "ab an auf aus bei ein fest fort her herein heraus hin los mit nach vor vorbei weg weiter zu zurück zusammen".split(" "),
);

/** "Wann rufe ich an?": the verb read with its particle ("anrufen", call); the particle alone says nothing. */
function joinSeparableVerb(
  found: { lower: string }[],
  replacement: (string | null)[],
  sensesOfWord: Map<string, string[]>,
  senses: string[],
  glossary: Glossary,
  stemOf: (w: string) => string,
): void {
  const last = found.length - 1;
  if (last < 1 || !SEPARABLE_PARTICLES.has(found[last].lower)) return;
  const particle = found[last].lower;
  replacement[last] = "";
  for (let i = 0; i < last; i++) {
    const verb = [found[i].lower, ...BASE_FORMS.de(found[i].lower)].map((form) => particle + form);
    const own = verb.map((form) => glossary.exact.get(form) ?? glossary.words.get(stemOf(form))).find(Boolean);
    if (!own) continue;
    replacement[i] = own[0];
    senses.push(...own);
    sensesOfWord.set(found[i].lower, own);
    return;
  }
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

/** Linking letters between the parts of a German compound ("Arbeit-s-platz", "Patient-en-akte"). */
const LINKS = ["", "s", "n", "en", "es", "e"];
const MIN_PART = 3;
/** "Schutz-kleidung-s-reinigung": a head may be a compound itself, once. */
const MAX_COMPOUND_DEPTH = 1;

/**
 * A compound the glossary lacks, read from two parts it has ("Schutzausrüstung": "Schutz" +
 * "Ausrüstung", "protective equipment"): the head's first sense before the tail's senses.
 */
function compoundSenses(word: string, glossary: Glossary, stemOf: (w: string) => string, depth = 0): string[] | null {
  if (word.length < 2 * MIN_PART + 1 || depth > MAX_COMPOUND_DEPTH) return null;
  for (let cut = word.length - MIN_PART; cut >= MIN_PART; cut--) {
    const tail = glossary.words.get(stemOf(word.slice(cut)));
    if (!tail) continue;
    const head = word.slice(0, cut);
    for (const link of LINKS) {
      if (!head.endsWith(link) || head.length - link.length < MIN_PART) continue;
      const part = head.slice(0, head.length - link.length);
      const first = glossary.words.get(stemOf(part)) ?? compoundSenses(part, glossary, stemOf, depth + 1);
      if (first) return tail.map((sense) => `${first[0]} ${sense}`);
    }
  }
  return null;
}
