import stem from "wink-porter2-stemmer";

/**
 * The Snowball (Porter2) English stem of a lowercase word: the stemmer LanceDB's full-text
 * index uses, so an answer matches words the way search did ("policies" ~ "policy").
 * Remembered per word: an offline answer stems every word of every retrieved sentence, and the
 * same few thousand words come back in every answer.
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
