import { isEnglishWord } from "../english-words";
import type { Glossary, GlossaryLang } from "./glossary";
import { GERMAN_STRONG_PARTICIPLES, irregularBase } from "./verb-forms";

/**
 * The forms a word of a question takes that its glossary entry does not: inflections the stemmer
 * misses, German compounds and separable verbs, and words that are English under a foreign ending.
 */

/**
 * The word's senses: its own entry, an entry of its base form where the stemmer does not reach
 * it ("bedroht": "bedrohen", "mínimos": "mínimo", "gestellt": "stellen"), its compound parts, or
 * the verb after its particle.
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
  return lang === "de" ? (compoundSenses(word, glossary, stemOf) ?? particleVerbSenses(forms, glossary)) : null;
}

/** A particle verb the glossary lacks, read as its verb: "abschicken", "abzuschicken" as "schicken", send. */
function particleVerbSenses(forms: string[], glossary: Glossary): string[] | null {
  for (const form of forms) {
    const particle = PARTICLES_LONGEST_FIRST.find((p) => form.startsWith(p) && form.length - p.length >= 5);
    if (!particle) continue;
    const verb = form.slice(particle.length);
    // Only a verb: "Anzahl" is no "zahl" with a particle.
    const senses = [verb, ...BASE_FORMS.de(verb)]
      .filter((f) => /(en|ern|eln)$/u.test(f))
      .map((f) => glossary.exact.get(f))
      .find(Boolean);
    if (senses) return senses;
  }
  return null;
}

/** Endings of inflected forms and the dictionary endings they come from: "-ons" → "-er". */
type EndingRule = [ending: RegExp, bases: string[]];

/** Each rule's dictionary forms of the word, where the rule's ending leaves a stem of 2 letters or more. */
const byEndings = (word: string, rules: EndingRule[]): string[] =>
  rules.flatMap(([ending, bases]) => {
    const m = ending.exec(word);
    return m && m.index >= 2 ? bases.map((base) => word.slice(0, m.index) + base) : [];
  });

/**
 * German participles: "ab-ge-deckt" is "abdecken", "fest-ge-legt" "festlegen", "unter-ge-bracht"
 * "unterbringen", "über-nommen" "übernehmen"; declined ones too ("abgedeckte").
 */
function germanParticipleBases(word: string): string[] {
  const w = word.replace(/(t|en)(e|en|er|es|em)$/u, "$1");
  const bases: string[] = [];
  for (const [participle, verb] of GERMAN_STRONG_PARTICIPLES) {
    if (!w.endsWith(participle)) continue;
    const prefix = w.slice(0, -participle.length).replace(/ge$/u, "");
    if (isVerbPrefix(prefix)) bases.push(prefix + verb);
    break;
  }
  if (/(t|en)$/u.test(w)) {
    for (let at = w.indexOf("ge"); at >= 0; at = w.indexOf("ge", at + 1)) {
      const prefix = w.slice(0, at);
      const rest = w
        .slice(at + 2)
        .replace(/e?t$/u, "")
        .replace(/en$/u, "");
      if (rest.length >= 2 && isVerbPrefix(prefix)) bases.push(`${prefix + rest}en`);
    }
  }
  return bases;
}

/** An irregular German form, alone or after its prefix: "nimmt" is "nehmen", "übernimmt" "übernehmen". */
function germanIrregularBases(word: string): string[] {
  for (let at = 0; at < word.length - 2; at++) {
    const base = irregularBase("de", word.slice(at));
    if (base && isVerbPrefix(word.slice(0, at))) return [word.slice(0, at) + base];
  }
  return [];
}

/** What stands before a German participle's "ge-": nothing, a particle ("ab", "zurück") or an inseparable prefix. */
const isVerbPrefix = (prefix: string): boolean =>
  prefix === "" ||
  SEPARABLE_PARTICLES.has(prefix) ||
  INSEPARABLE_PREFIXES.has(prefix) ||
  /^(hin|her)(auf|aus|ein|unter|über)$/u.test(prefix);
const INSEPARABLE_PREFIXES = new Set(["be", "ver", "er", "ent", "zer", "emp", "miss", "über", "unter", "durch", "um", "wieder", "hinter"]);

const FRENCH_ENDINGS: EndingRule[] = [
  [/ée?s?$/u, ["er"]],
  // Present tense of -er verbs: "rembourse", "remboursent", "payez".
  [/(e|es|ent|ons|ez)$/u, ["er"]],
  // Imperfect, present participle: "payait", "couvrant"; "-iss-" of -ir verbs: "fournissez".
  [/(ais|ait|aient|ions|iez|ant)$/u, ["er", "ir", "re"]],
  [/(is|it|issons|issez|issent|isse|issait|issaient|issant|i|ie|ies)$/u, ["ir"]],
  // Future and conditional: "paiera", "fournira", "prendrai".
  [/(erai|eras|era|erons|erez|eront|erais|erait|erions|eriez|eraient)$/u, ["er"]],
  [/(irai|iras|ira|irons|irez|iront|irais|irait|iraient)$/u, ["ir"]],
  [/(rai|ras|ra|rons|rez|ront|rais|rait|raient)$/u, ["re"]],
  // -re verbs: "rends", "attendez", "rendu"; "prescrit", "atteinte", "couvert", "retient", "produit", "reçoit".
  [/d(s|ons|ez|ent)?$/u, ["dre"]],
  [/u(e|s|es)?$/u, ["re", "oir"]],
  [/it(e|s|es)?$/u, ["ire"]],
  [/int(e|s|es)?$/u, ["indre"]],
  [/ign(ons|ez|ent|ais|ait)$/u, ["ndre"]],
  [/ert(e|s|es)?$/u, ["rir"]],
  [/(?<=v|ff)(re|res|rent)$/u, ["rir"]],
  [/(iens|ient|iennent|enons|enez|enu|enue|enus|enues)$/u, ["enir"]],
  [/ui(s|t|te|ts|tes|sons|sez|sent)$/u, ["uire"]],
  [/(ois|oit|oivent|evons|evez)$/u, ["evoir"]],
  [/(ie|ies|ient)$/u, ["yer"]],
  // Adverbs: "rapidement" is "rapide", "vraiment" "vrai", "entièrement" "entier".
  [/ièrement$/u, ["ier"]],
  [/ivement$/u, ["if"]],
  [/eusement$/u, ["eux"]],
  [/ètement$/u, ["et"]],
  [/ement$/u, ["e", ""]],
  [/ment$/u, [""]],
];

const SPANISH_ENDINGS: EndingRule[] = [
  // -ar verbs: present, preterite, imperfect, gerund, participle, subjunctive ("pague", "busque", "empiece").
  [/(o|as|a|an|amos|áis|é|aste|ó|aron|aba|abas|ábamos|aban|ando|ado|ada|ados|adas|e|es|en|emos)$/u, ["ar"]],
  [/gu(e|es|en|é)$/u, ["gar"]],
  [/qu(e|es|en|é)$/u, ["car"]],
  [/c(e|es|en|é)$/u, ["zar"]],
  // -er and -ir verbs: "cubre", "cubrimos", "recibió", "ofrecía", "recibiendo", "cubierto".
  [/(o|es|e|en|emos|imos|í|iste|ió|ieron|ía|ías|ían|iendo|ido|ida|idos|idas|a|as|an|amos)$/u, ["er", "ir"]],
  [/zc(o|a|as|an)$/u, ["cer"]],
  [/j(o|a|as|an)$/u, ["ger", "gir"]],
  // Adverbs: "internamente" is "interno", "fácilmente" "fácil".
  [/amente$/u, ["o", "a"]],
  [/mente$/u, [""]],
  // Future and conditional keep the infinitive: "pagaré", "cubriría".
  [/(?<=[aei]r)(é|ás|á|emos|án|ía|ías|íamos|ían)$/u, [""]],
];

/** "hacerme", "procesarse", "pagándole": the verb without its pronoun. */
const SPANISH_CLITIC = /(?<=[aei]r|ndo)(se|me|te|lo|la|le|les|los|las|nos)$/u;

/** German forms: irregular, participles, present and past, plurals; "-ern" and "-eln" verbs end in "-n" ("gefördert": "fördern"). */
const germanBaseForms = (w: string): string[] => [
  ...germanIrregularBases(w),
  // "gehört" is "gehören" before it is "hören".
  ...(/\p{L}{3,}e?t$/u.test(w) ? [`${w.replace(/e?t$/u, "")}en`] : []),
  ...germanParticipleBases(w),
  ...(/\p{L}{3,}e$/u.test(w) ? [`${w}n`] : []),
  // Second person and past tense: "zahlst", "bezahlte", "erstatteten".
  ...(/\p{L}{3,}(e?st|te|ten|test|tet)$/u.test(w) ? [w.replace(/(e?st|te|ten|test|tet)$/u, "en")] : []),
  // Plurals: "kurse", "änderungen", "fähigkeiten".
  ...(/\p{L}{3,}(e|en|n|er)$/u.test(w) ? [w.replace(/(e|en|n|er)$/u, "")] : []),
  // "abzuschließen", "einzureichen": the infinitive with "zu" inside.
  ...(ZU_INFINITIVE.test(w) ? [w.replace(ZU_INFINITIVE, "$1$2")] : []),
];
const ZU_INFINITIVE = /^(ab|an|auf|aus|ein|mit|nach|vor|voraus|zurück|zusammen|fest|her|hin|hinzu|dazu|weg|weiter)zu(\p{L}{3,}en)$/u;

/** Likely dictionary forms of an inflected word: plurals, conjugations and participles the stemmer leaves apart. */
const BASE_FORMS: Record<GlossaryLang, (word: string) => string[]> = {
  de: (w) => germanBaseForms(w).flatMap((form) => (/(er|el)en$/u.test(form) ? [form.replace(/(er|el)en$/u, "$1n"), form] : [form])),
  fr: (w) => {
    const singular = w.replace(/s$/u, "");
    // "achète" is "acheter", "appelle" "appeler".
    const stems = [...new Set([w, w.replace(/è(?=\p{L}+$)/u, "e"), w.replace(/(l|t)\1(?=(e|es|ent)$)/u, "$1")])];
    return [
      ...(irregularBase("fr", w) ? [irregularBase("fr", w)!] : []),
      ...(singular !== w ? [singular] : []),
      ...stems.flatMap((stem) => byEndings(stem, FRENCH_ENDINGS)),
    ];
  },
  es: (w) => {
    const verb = w.replace(SPANISH_CLITIC, "");
    // Stem-changing verbs: "descuentan" is "descontar", "prefiere" "preferir", "piden" "pedir".
    const stems = [
      ...new Set([verb, verb.replace(/ue/u, "o"), verb.replace(/ie/u, "e"), verb.replace(/i(?=[^aeiouáéíóú]+[aeo]s?n?$)/u, "e")]),
    ];
    return [
      ...(irregularBase("es", w) ? [irregularBase("es", w)!] : []),
      ...(verb !== w ? [verb] : []),
      ...(/s$/u.test(w) ? [w.slice(0, -1)] : []),
      ...(/\p{L}{3}es$/u.test(w) ? [w.slice(0, -2)] : []),
      ...stems.flatMap((stem) => byEndings(stem, SPANISH_ENDINGS)),
    ];
  },
};

/**
 * Endings that turn a German, French or Spanish word into its English cognate ("digitales":
 * digital, "información": information, "Therapie": therapy, "qualité": quality, "Hospiz":
 * hospice, "prescrites": prescribed, "hospicio": hospice), written without accents as the word is
 * looked at; the specific endings before the bare ones. A French "-ie" is English "-y" or, in
 * medicine, "-ia" ("hémophilie": hemophilia, "anémie": anemia).
 */
const COGNATE_ENDINGS: Record<GlossaryLang, [RegExp, string][]> = {
  de: [
    [/ie$/u, "y"],
    [/itat(en)?$/u, "ity"],
    [/isch(e[nrms]?)?$/u, "ic"],
    [/iz(en)?$/u, "ice"],
    [/enz(en)?$/u, "ence"],
    [/anz(en)?$/u, "ance"],
    [/ik(en)?$/u, "ic"],
    [/iv(e[nrms]?)?$/u, "ive"],
    [/ur(en)?$/u, "ure"],
    [/ismus$/u, "ism"],
    [/ieren$/u, "e"],
    [/ieren$/u, "ate"],
    [/ieren$/u, ""],
    [/(en|e|n|s)$/u, ""],
  ],
  fr: [
    [/ite(s)?$/u, "ity"],
    [/ique(s)?$/u, "ic"],
    [/aux$/u, "al"],
    [/crite?s?$/u, "cribed"],
    [/i(f|fs|ve|ves)$/u, "ive"],
    [/eur(s)?$/u, "or"],
    [/aire(s)?$/u, "ary"],
    [/oire(s)?$/u, "ory"],
    [/ie(s)?$/u, "y"],
    [/ie(s)?$/u, "ia"],
    [/eux$|euses?$/u, "ous"],
    [/isme(s)?$/u, "ism"],
    [/ement$/u, "ly"],
    [/iser$/u, "ize"],
    [/ifier$/u, "ify"],
    [/re(s)?$/u, "er"],
    [/er$/u, ""],
    [/er$/u, "e"],
    [/(e|es|s)$/u, ""],
  ],
  es: [
    [/cion$/u, "tion"],
    [/ciones$/u, "tions"],
    [/dad(es)?$/u, "ty"],
    [/ico(s)?$/u, "ic"],
    [/ales$/u, "al"],
    [/ci(o|os|a|as)$/u, "ce"],
    [/ia(s)?$/u, "y"],
    [/iv(o|os|a|as)$/u, "ive"],
    [/os(o|os|a|as)$/u, "ous"],
    [/ista(s)?$/u, "ist"],
    [/ari(o|os|a|as)$/u, "ary"],
    [/almente$/u, "ally"],
    [/amente$/u, "ly"],
    [/izar$/u, "ize"],
    [/ificar$/u, "ify"],
    [/ar$/u, ""],
    [/ar$/u, "e"],
    [/ar$/u, "ate"],
    [/(es|s|o|a)$/u, ""],
  ],
};
/** German nouns write "k" and "z" where English writes "c": "Kommunikation", "Lizenz". */
const GERMAN_SPELLINGS = (word: string): string[] => [
  word,
  word.replace(/k/gu, "c"),
  word.replace(/z/gu, "c"),
  word.replace(/[kz]/gu, "c"),
];

/** Cognates shorter than this are too often false friends ("art", "son"). */
const MIN_COGNATE_LENGTH = 5;

/** The English word a word the glossary lacks is spelled like, if it is one: "digitales", "digital". */
export async function cognate(word: string, lang: GlossaryLang): Promise<string[] | null> {
  const plains = [word, ...(lang === "de" ? [] : BASE_FORMS[lang](word))]
    .map((form) => form.normalize("NFD").replace(/\p{M}/gu, ""))
    .flatMap((form) => (lang === "de" ? GERMAN_SPELLINGS(form) : [form]));
  const forms = plains.flatMap((plain) => [
    plain,
    ...COGNATE_ENDINGS[lang].filter(([ending]) => ending.test(plain)).map(([ending, english]) => plain.replace(ending, english)),
  ]);
  for (const form of new Set(forms)) if (form.length >= MIN_COGNATE_LENGTH && (await isEnglishWord(form))) return [form];
  return null;
}

/** Particles a German verb leaves at the end of its clause ("Was stellt Zava her?": herstellen). */
const SEPARABLE_PARTICLES = new Set(
  "ab an auf aus bei dazu ein fest fort her herein heraus hin hinzu los mit nach vor voraus vorbei weg weiter zu zurück zusammen".split(
    " ",
  ),
);
const PARTICLES_LONGEST_FIRST = [...SEPARABLE_PARTICLES].sort((a, b) => b.length - a.length);

/** Words that begin a new clause: a particle before them ends its verb's clause ("…vor, oder…"). */
const CLAUSE_WORDS = new Set(["oder", "aber", "wenn", "weil", "dass", "ob", "sondern", "damit"]);

/**
 * "Wann rufe ich an?", "Was stellt Zava eigentlich her?", "Schreibt der Arzt es vor, oder…": the
 * verb read with the particle that ends its clause ("anrufen", call); the particle alone says nothing.
 */
export function joinSeparableVerbs(
  question: string,
  found: { word: string; lower: string; index: number }[],
  replacement: (string | null)[],
  sensesOfWord: Map<string, string[]>,
  senses: string[],
  glossary: Glossary,
  stemOf: (w: string) => string,
): void {
  let clause = 0;
  for (let k = 0; k < found.length; k++) {
    const next = found[k + 1];
    const between = question.slice(found[k].index + found[k].word.length, next?.index);
    const ends = !next || /[,.;:?!]/.test(between) || CLAUSE_WORDS.has(next.lower);
    if (!ends) continue;
    if (k > clause && SEPARABLE_PARTICLES.has(found[k].lower)) {
      const particle = found[k].lower;
      if (!next) replacement[k] = "";
      for (let i = clause; i < k; i++) {
        const verb = [found[i].lower, ...BASE_FORMS.de(found[i].lower)].map((form) => particle + form);
        const own = verb.map((form) => glossary.exact.get(form) ?? glossary.words.get(stemOf(form))).find(Boolean);
        if (!own) continue;
        replacement[i] = own[0];
        replacement[k] = "";
        senses.push(...own);
        sensesOfWord.set(found[i].lower, own);
        sensesOfWord.set(particle, own);
        break;
      }
    }
    clause = k + 1;
  }
}

/** Linking letters between the parts of a German compound ("Arbeit-s-platz", "Patient-en-akte"). */
const LINKS = ["", "s", "n", "en", "es", "e"];
const MIN_PART = 3;
/** "Schutz-kleidung-s-reinigung": a head may be a compound itself, once. */
const MAX_COMPOUND_DEPTH = 1;

/** A compound's part by its entry, its plural's ("kurse": "kurs", "sprachen": "sprache") or its stem's. */
const partSenses = (part: string, glossary: Glossary, stemOf: (w: string) => string): string[] | undefined =>
  [part, ...["n", "en", "e", "s", "er"].filter((end) => part.endsWith(end)).map((end) => part.slice(0, -end.length))]
    .map((form) => glossary.exact.get(form))
    .find(Boolean) ?? glossary.words.get(stemOf(part));

/**
 * A compound the glossary lacks, read from two parts it has ("Schutzausrüstung": "Schutz" +
 * "Ausrüstung", "protective equipment"): the head's first sense before the tail's senses. The
 * longest tail the glossary has is the head word ("Anmelde-gebühr", not "Anmeldegeb-ühr").
 */
function compoundSenses(word: string, glossary: Glossary, stemOf: (w: string) => string, depth = 0): string[] | null {
  if (word.length < 2 * MIN_PART + 1 || depth > MAX_COMPOUND_DEPTH) return null;
  for (let cut = MIN_PART; cut <= word.length - MIN_PART; cut++) {
    const tail = partSenses(word.slice(cut), glossary, stemOf);
    if (!tail) continue;
    const head = word.slice(0, cut);
    const parts = LINKS.filter((link) => head.endsWith(link) && head.length - link.length >= MIN_PART).map((link) =>
      head.slice(0, head.length - link.length),
    );
    // A head as written before a stem: "Sicherheit-s-schulung" is "Sicherheit", safety, not "sicher", safe.
    const first =
      parts.map((part) => glossary.exact.get(part)).find(Boolean) ??
      parts.map((part) => glossary.words.get(stemOf(part)) ?? compoundSenses(part, glossary, stemOf, depth + 1)).find(Boolean);
    if (first) return tail.map((sense) => `${first[0]} ${sense}`);
  }
  return null;
}

/** Next to a part the glossary knows, a shorter English part is no false friend ("Yoga-kurs"). */
const MIN_ENGLISH_PART = 4;
/** Part of a compound the glossary may lack but English writes the same: "Tetanus", "Marketing". */
const englishPart = async (part: string): Promise<string[] | null> =>
  part.length >= MIN_ENGLISH_PART && (await isEnglishWord(part)) ? [part] : null;

/**
 * A German compound with a part English writes the same, the other from the glossary
 * ("Tetanusspritze": tetanus injection, "Produktmarketing": product marketing).
 */
export async function cognateCompound(word: string, glossary: Glossary, stemOf: (w: string) => string): Promise<string[] | null> {
  for (let cut = word.length - MIN_PART; cut >= MIN_PART; cut--) {
    const tail = partSenses(word.slice(cut), glossary, stemOf) ?? (await englishPart(word.slice(cut)));
    if (!tail) continue;
    const head = word.slice(0, cut);
    for (const link of LINKS) {
      const part = head.slice(0, head.length - link.length);
      if (!head.endsWith(link) || part.length < MIN_PART) continue;
      const first = partSenses(part, glossary, stemOf) ?? (await englishPart(part));
      // Parts that both read as written are English already: a name ("Northwind", "Perks-Plus").
      if (first && !(first[0] === part && tail[0] === word.slice(cut))) return tail.map((sense) => `${first[0]} ${sense}`);
    }
  }
  return null;
}
