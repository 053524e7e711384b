import * as lancedb from "@lancedb/lancedb";
import { applyCorrections, correction, MIN_TYPO_LENGTH, wordCounts } from "@/lib/text/typos";
import type { SpellingResult } from "../types";

/**
 * Spelling correction against a collection's own words. A query word the full-text index has
 * never seen is usually a typo ("hearin servises"), and BM25 would simply drop it. The index
 * finds the chunks holding a word within reach of it (a fuzzy match); the closest word in those
 * chunks is the correction. Known words are never touched, so the common case costs one
 * posting-list probe per word.
 */

export const TEXT_COLUMN = "search_text";
const INDEX_FUZZINESS = 2;
const withoutSuffix = (word: string) => word.replace(/(?:ies|es|s|ing|ed|ly)$/u, "") || word;
/** Chunks read to find what a fuzzy match matched. */
const FUZZY_SAMPLE = 5;

/**
 * The index drops these (tantivy's English list, Snowball's), so a probe for them finds
 * nothing; they are not typos.
 */
const INDEX_STOP_WORDS = new Set(
  `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its
  itself they them their theirs themselves what which who whom this that these those am is are was were be been being have
  has had having do does did doing would should could ought a an the and but if or because as until while of at by for with
  about against between into through during before after above below to from up down in out on off over under again further
  then once here there when where why how all any both each few more most other some such no nor not only own same so than
  too very`.split(/\s+/),
);

export async function correctSpelling(t: lancedb.Table, query: string): Promise<SpellingResult> {
  const unknown = await unknownWords(t, query);
  const found = await Promise.all(unknown.map(async (word) => [word, await closestIndexedWord(t, word)] as const));
  const corrections = Object.fromEntries(found.filter((pair): pair is [string, string] => pair[1] !== null));
  return { query: applyCorrections(query, corrections), corrections };
}

/** The query's words that match no chunk at all (one probe each, in parallel). */
async function unknownWords(t: lancedb.Table, query: string): Promise<string[]> {
  const words = [...new Set(query.toLowerCase().match(/\p{L}+/gu) ?? [])].filter(
    (w) => w.length >= MIN_TYPO_LENGTH && !INDEX_STOP_WORDS.has(w),
  );
  const known = await Promise.all(words.map(async (word) => (await matching(t, word, 1)).length > 0));
  return words.filter((_, i) => !known[i]);
}

async function closestIndexedWord(t: lancedb.Table, word: string): Promise<string | null> {
  // The index holds stems ("servic" for "services"), further from a typo ("servises") than the
  // words are: search wide, for the word and its suffix-less form, then judge the words found
  // by the strict rule.
  const fuzzy = new lancedb.BooleanQuery(
    [...new Set([word, withoutSuffix(word)])].map((form) => [
      lancedb.Occur.Should,
      new lancedb.MatchQuery(form, TEXT_COLUMN, { fuzziness: INDEX_FUZZINESS, prefixLength: 1 }),
    ]),
  );
  const rows = await matching(t, fuzzy, FUZZY_SAMPLE);
  return correction(word, wordCounts(rows.map((r) => r.search_text)));
}

async function matching(t: lancedb.Table, query: string | lancedb.FullTextQuery, limit: number): Promise<{ search_text: string }[]> {
  const q = typeof query === "string" ? t.query().fullTextSearch(query, { columns: [TEXT_COLUMN] }) : t.query().fullTextSearch(query);
  return (await q.select([TEXT_COLUMN, "_score"]).limit(limit).toArray()) as { search_text: string }[];
}
