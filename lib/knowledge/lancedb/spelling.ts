import * as lancedb from "@lancedb/lancedb";
import snowballStem from "wink-porter2-stemmer";
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
/** Shorter words are not worth a probe; typos are only corrected from MIN_TYPO_LENGTH on. */
const MIN_PROBED_LENGTH = 3;
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

export async function correctSpelling(t: lancedb.Table, tableName: string, query: string): Promise<SpellingResult> {
  const unknown = await unknownWords(t, tableName, query);
  const found = await Promise.all(
    unknown.filter((w) => w.length >= MIN_TYPO_LENGTH).map(async (word) => [word, await closestIndexedWord(t, word)] as const),
  );
  const corrections = Object.fromEntries(found.filter((pair): pair is [string, string] => pair[1] !== null));
  return { query: applyCorrections(query, corrections), corrections, unknown: unknown.filter((w) => !corrections[w]) };
}

/** The query's words that match no chunk at all (one probe each, in parallel). */
async function unknownWords(t: lancedb.Table, tableName: string, query: string): Promise<string[]> {
  const words = [...new Set(query.toLowerCase().match(/\p{L}+/gu) ?? [])].filter(
    (w) => w.length >= MIN_PROBED_LENGTH && !INDEX_STOP_WORDS.has(w),
  );
  const known = await Promise.all(words.map((word) => isIndexed(t, tableName, word)));
  return words.filter((_, i) => !known[i]);
}

/**
 * Per table: word → its probe (in flight, or answered true). Known words stay cached, so most
 * queries probe nothing, and a chat turn that checks spelling while its searches do the same
 * probes once. An unknown word is forgotten once answered: another process may add it.
 */
const probes = new Map<string, Map<string, Promise<boolean>>>();
const MAX_CACHED_WORDS = 50_000;

function isIndexed(t: lancedb.Table, tableName: string, word: string): Promise<boolean> {
  let words = probes.get(tableName);
  if (!words) probes.set(tableName, (words = new Map()));
  let probe = words.get(word);
  if (!probe) {
    if (words.size >= MAX_CACHED_WORDS) words.clear();
    const cache = words;
    probe = matching(t, word, 1).then((rows) => rows.length > 0);
    cache.set(word, probe);
    probe.then(
      (known) => known || cache.delete(word),
      () => cache.delete(word),
    );
  }
  return probe;
}

/** A table was dropped or replaced: what it held says nothing about its successor. */
export function forgetIndexedWords(tableName: string): void {
  probes.delete(tableName);
}

async function closestIndexedWord(t: lancedb.Table, word: string): Promise<string | null> {
  // The index holds Snowball stems ("allow" for "allowance") and a fuzzy match compares the
  // query word unstemmed, so "alowance" reaches nothing within two edits. Search wide, for the
  // word and its own stem ("alow"), then judge the words found by the strict rule.
  const fuzzy = new lancedb.BooleanQuery(
    [...new Set([word, snowballStem(word)])].map((form) => [
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
