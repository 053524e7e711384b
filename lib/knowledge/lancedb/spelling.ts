import * as lancedb from "@lancedb/lancedb";
import { isEnglishWord, warmEnglishWords } from "@/lib/text/english-words";
import { detectLanguage } from "@/lib/text/language";
import { stopWords } from "@/lib/text/stop-words";
import { snowballStem } from "@/lib/text/stem";
import { applyCorrections, correction, MIN_TYPO_LENGTH, wordCounts, words } from "@/lib/text/typos";
import type { SpellingResult } from "../types";
import { indexLanguage } from "./text-index";

/**
 * Spelling correction against a collection's own words. A query word the full-text index has
 * never seen is usually a typo ("hearin servises"), and BM25 would simply drop it. The index
 * finds the chunks holding a word within reach of it (a fuzzy match); the closest word in those
 * chunks is the correction. Known words are never touched, so the common case costs one
 * posting-list probe per word. A real English word the collection lacks ("punished") is no typo
 * of one it has ("published"): it is left as it is.
 */

export const TEXT_COLUMN = "search_text";
const INDEX_FUZZINESS = 2;
/** Shorter words are not worth a probe; typos are only corrected from MIN_TYPO_LENGTH on. */
const MIN_PROBED_LENGTH = 3;
/** Chunks read to find what a fuzzy match matched. */
const FUZZY_SAMPLE = 5;

export async function correctSpelling(t: lancedb.Table, tableName: string, query: string): Promise<SpellingResult> {
  warmEnglishWords();
  const unknown = await unknownWords(t, tableName, query);
  // A word of another language than the documents' is no typo of theirs ("¿Qué cubre…?": not "cure").
  const language = detectLanguage(query);
  const sameLanguage = language === (await indexLanguage(t, TEXT_COLUMN));
  const typos = await Promise.all(
    unknown.map(async (w) => sameLanguage && w.length >= MIN_TYPO_LENGTH && !(language === "en" && (await isEnglishWord(w)))),
  );
  const found = await Promise.all(unknown.map((word, i) => closestOnce(t, tableName, word, typos[i])));
  const pairs = (typo: boolean) => Object.fromEntries(unknown.flatMap((w, i) => (typos[i] === typo && found[i] ? [[w, found[i]]] : [])));
  const corrections = pairs(true);
  const forms = pairs(false);
  const searchedAs = { ...forms, ...corrections };
  return {
    query: applyCorrections(query, searchedAs),
    corrections,
    ...(Object.keys(forms).length ? { forms } : {}),
    unknown: unknown.filter((w) => !searchedAs[w]),
  };
}

/**
 * The query's words that match no chunk at all (one probe each, in parallel). Stop words and the
 * words a question is asked with, in its language, are not probed: "How many weeks…" is not a
 * typo of "may", nor is "Wie viele…" of anything.
 */
async function unknownWords(t: lancedb.Table, tableName: string, query: string): Promise<string[]> {
  const asking = stopWords(detectLanguage(query));
  const probed = [...new Set(words(query))].filter((w) => w.length >= MIN_PROBED_LENGTH && !asking.has(w));
  const known = await Promise.all(probed.map((word) => isIndexed(t, tableName, word)));
  return probed.filter((_, i) => !known[i]);
}

/**
 * The same word with or without a plural ending, as the collection has it: the stemmer keeps
 * "spas" whole, so "spa" finds nothing, though no letter is wrong.
 */
async function indexedInflection(t: lancedb.Table, tableName: string, word: string): Promise<string | null> {
  const forms = [`${word}s`, `${word}es`, ...(word.length > 3 && word.endsWith("s") ? [word.slice(0, -1)] : [])];
  const known = await Promise.all(forms.map((form) => isIndexed(t, tableName, form)));
  return forms.find((_, i) => known[i]) ?? null;
}

/**
 * Per table: word → its probe (in flight, or answered true). Known words stay cached, so most
 * queries probe nothing, and a chat turn that checks spelling while its searches do the same
 * probes once. An unknown word is forgotten once answered; its correction is kept a while
 * (see correctionCache).
 */
const probes = new Map<string, Map<string, Promise<boolean>>>();
const MAX_CACHED_WORDS = 50_000;

function isIndexed(t: lancedb.Table, tableName: string, word: string): Promise<boolean> {
  let cache = probes.get(tableName);
  if (!cache) probes.set(tableName, (cache = new Map()));
  const existing = cache.get(word);
  if (existing) return existing;
  if (cachedCorrection(tableName, word) !== undefined) return Promise.resolve(false);
  if (cache.size >= MAX_CACHED_WORDS) cache.clear();
  const table = cache;
  const probe = matching(t, word, 1).then((rows) => rows.length > 0);
  table.set(word, probe);
  probe.then(
    (known) => known || table.delete(word),
    () => table.delete(word),
  );
  return probe;
}

/** A table was dropped, replaced or lost rows: what it held says little about it now. */
export function forgetIndexedWords(tableName: string): void {
  probes.delete(tableName);
  forgetUnknownWords(tableName);
}

/**
 * Per table: an unknown word's correction (null: none found), until `expires`. The fuzzy look-up
 * reads the posting lists of every indexed word within reach (1M generated chunks: 50-400 ms a
 * word), and a word the collection lacks stays lacking until rows are added: this process's
 * additions forget the corrections at once (forgetUnknownWords), other processes' within the TTL.
 */
const correctionCache = new Map<string, Map<string, { correction: string | null; expires: number }>>();
const CORRECTION_TTL_MS = 30_000;

function correctionsOf(tableName: string): Map<string, { correction: string | null; expires: number }> {
  let cache = correctionCache.get(tableName);
  if (!cache) correctionCache.set(tableName, (cache = new Map()));
  return cache;
}

function cachedCorrection(tableName: string, word: string): string | null | undefined {
  const entry = correctionCache.get(tableName)?.get(word);
  return entry && entry.expires > Date.now() ? entry.correction : undefined;
}

/** Rows were added: a word unknown so far may be in them. */
export function forgetUnknownWords(tableName: string): void {
  correctionCache.delete(tableName);
}

/**
 * Fuzzy look-ups in flight, per table and word: a chat turn checks its question while each
 * part's search checks the same words, and should look each one up once. The answer then
 * stays in correctionCache.
 */
const lookups = new Map<string, Promise<string | null>>();

/** For a typo (`fuzzy`), the closest word the collection has; for a real word, its plural or singular there (indexedInflection). */
function closestOnce(t: lancedb.Table, tableName: string, word: string, fuzzy: boolean): Promise<string | null> {
  // A real word ("spa") is only looked up for its inflections: it is cached apart from a typo's look-up.
  const entry = fuzzy ? word : `=${word}`;
  const cached = cachedCorrection(tableName, entry);
  if (cached !== undefined) return Promise.resolve(cached);
  const key = `${tableName}\n${entry}`;
  let lookup = lookups.get(key);
  if (!lookup) {
    // Taken now: if rows are added meanwhile, the answer goes to a map no longer consulted.
    const cache = correctionsOf(tableName);
    // A typo's fuzzy look-up finds its plural too; only a real word needs the inflection probes.
    lookup = (fuzzy ? closestIndexedWord(t, word) : indexedInflection(t, tableName, word)).finally(() => lookups.delete(key));
    lookups.set(key, lookup);
    lookup.then(
      (correction) => {
        if (cache.size >= MAX_CACHED_WORDS) cache.clear();
        cache.set(entry, { correction, expires: Date.now() + CORRECTION_TTL_MS });
      },
      () => undefined,
    );
  }
  return lookup;
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
