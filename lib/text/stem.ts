import stem from "wink-porter2-stemmer";

/**
 * The Snowball (Porter2) English stem of a lowercase word: the stemmer LanceDB's full-text
 * index uses, so an answer matches words the way search did ("policies" ~ "policy").
 */
export const snowballStem = (word: string): string => stem(word);
