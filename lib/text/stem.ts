import stem from "wink-porter2-stemmer";

/**
 * Stemming, in one place, for two jobs:
 *  - snowballStem: the Snowball (Porter2) stem LanceDB's full-text index stores, to reach an
 *    indexed word from a typo of it (spelling);
 *  - answerStem: a light suffix strip for scoring an offline answer's sentences. Measured on
 *    Northwind (`npm run eval`): citations_matched 0.55 with it, 0.53 with Snowball.
 * Snowball stems are remembered per word: the same few thousand words come back all the time.
 */
const known = new Map<string, string>();
const MAX_KNOWN = 50_000;

export function snowballStem(word: string): string {
  let stemmed = known.get(word);
  if (stemmed === undefined) {
    if (known.size >= MAX_KNOWN) known.clear();
    stemmed = stem(word);
    known.set(word, stemmed);
  }
  return stemmed;
}

export const answerStem = (word: string): string => word.replace(/(ies|es|s|ing|ed|ly)$/u, "") || word;
