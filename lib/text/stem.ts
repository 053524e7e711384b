import stem from "wink-porter2-stemmer";
import { newStemmer } from "snowball-stemmers";
import type { Lang } from "./language";
import { LANGUAGE_NAMES } from "./language";

/**
 * Stemming, in one place, for two jobs:
 *  - snowballStem: the Snowball (Porter2) stem LanceDB's full-text index stores, to reach an
 *    indexed word from a typo of it (spelling);
 *  - answerStem: a light suffix strip for scoring an offline answer's sentences. Measured on
 *    Northwind (`npm run eval`): citations_matched 0.55 with it, 0.53 with Snowball.
 * Snowball stems are remembered per word: the same few thousand words come back all the time.
 * stemmer(lang) gives the Snowball stemmer of another language (as the index of a collection in
 * that language stores its words).
 */
const MAX_KNOWN = 50_000;

function remembered(stemWord: (word: string) => string): (word: string) => string {
  const known = new Map<string, string>();
  return (word) => {
    let stemmed = known.get(word);
    if (stemmed === undefined) {
      if (known.size >= MAX_KNOWN) known.clear();
      stemmed = stemWord(word);
      known.set(word, stemmed);
    }
    return stemmed;
  };
}

export const snowballStem = remembered(stem);

const stemmers = new Map<Lang, (word: string) => string>([["en", snowballStem]]);

/** The Snowball stemmer of a language (English: snowballStem). */
export function stemmer(lang: Lang): (word: string) => string {
  let stemOf = stemmers.get(lang);
  if (!stemOf) {
    const snowball = newStemmer(LANGUAGE_NAMES[lang].toLowerCase());
    stemOf = remembered((word) => snowball.stem(word));
    stemmers.set(lang, stemOf);
  }
  return stemOf;
}

export const answerStem = (word: string): string => {
  // "responsibilities" and "responsible", "eligibility" and "eligible": one word.
  // A short word's "ly" is its own ("family", "supply", "apply"), and "fees" is the plural of "fee".
  const stripped = (word.replace(/(ings|ies|(?<!e)es|s|ing|ed|(?<=.{5})ly)$/u, "") || word).replace(/(?<=.{3})([ai])bilit(y)?$/u, "$1ble");
  // "filed", "filing", "rates", "used": a short stem the ending took the silent e from is the
  // word's ("file", "rate", "use"), not a shorter one ("fil"); not so after a plural's "es" ("taxes").
  return stripped.length <= 3 && /(ings?|ed|es)$/u.test(word) && SILENT_E_BEFORE.test(stripped) ? `${stripped}e` : stripped;
};

/** Ends as a stem whose word ends in a silent e may: a consonant other than a plural's x, z or h ("boxes", "wishes"). */
const SILENT_E_BEFORE = /[^aeiouwxyzh]$/u;
