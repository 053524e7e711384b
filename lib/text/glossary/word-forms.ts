import { isEnglishWord } from "../english-words";
import type { Glossary, GlossaryLang } from "./glossary";

/**
 * The forms a word of a question takes that its glossary entry does not: inflections the stemmer
 * misses, German compounds and separable verbs, and words that are English under a foreign ending.
 */

/**
 * The word's senses: its own entry, an entry of its base form where the stemmer does not reach
 * it ("bedroht": "bedrohen", "mínimos": "mínimo", "gestellt": "stellen"), or its compound parts.
 */
export function sensesOf(word: string, lang: GlossaryLang, glossary: Glossary, stemOf: (w: string) => string): string[] | null {
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
export async function cognate(word: string, lang: GlossaryLang): Promise<string[] | null> {
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
export function joinSeparableVerb(
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
