import * as lancedb from "@lancedb/lancedb";
import { dominantLanguage, LANGUAGE_NAMES, type Lang } from "@/lib/text/language";

/**
 * A collection's BM25 index stems and drops stop words in the collection's own language, told
 * from its text when the index is first built: a German handbook is indexed with German
 * stemming, and LanceDB stems the queries to it the same way ("Urlaubstagen" finds "Urlaubstage").
 * The language stays with the index (its details name it): later files are folded into the
 * same index, whatever their language.
 */

/** Passages read, spread over the table, to tell its language: enough for a majority. */
const SAMPLE_ROWS = 40;

/** The FTS index for a table's text column, in the language of the table's passages. */
export async function textIndexConfig(t: lancedb.Table): Promise<lancedb.Index> {
  const language = await tableLanguage(t);
  // LanceDB aborts the whole process on a language name it does not know: only LANGUAGE_NAMES'
  // (all in its list: Arabic, Danish, Dutch, English, Finnish, French, German, Greek, Hungarian,
  // Italian, Norwegian, Portuguese, Romanian, Russian, Spanish, Swedish, Tamil, Turkish).
  return lancedb.Index.fts({
    withPosition: false,
    stem: true,
    removeStopWords: true,
    lowercase: true,
    asciiFolding: true,
    language: LANGUAGE_NAMES[language],
  });
}

/** The language most of the table's passages are in; English when none tells. */
export async function tableLanguage(t: lancedb.Table): Promise<Lang> {
  const rows = await t.countRows();
  if (rows === 0) return "en";
  const step = Math.max(1, Math.floor(rows / SAMPLE_ROWS));
  const offsets = Array.from({ length: Math.min(rows, SAMPLE_ROWS) }, (_, i) => i * step);
  const sample = (await t.takeOffsets(offsets).select(["content"]).toArray()) as { content: string }[];
  return dominantLanguage(sample.map((r) => r.content)) ?? "en";
}

/** Per open table: the language its BM25 index was built in (it never changes once built). */
const indexLanguages = new WeakMap<lancedb.Table, Promise<Lang>>();

/** The language of the table's BM25 index on `column`; indexes built before languages are English. */
export function indexLanguage(t: lancedb.Table, column: string): Promise<Lang> {
  let lang = indexLanguages.get(t);
  if (!lang) {
    lang = t.listIndices().then((indices) => {
      const name = (indices.find((i) => i.columns.includes(column))?.indexDetails as { language?: unknown } | undefined)?.language;
      return (Object.keys(LANGUAGE_NAMES) as Lang[]).find((code) => LANGUAGE_NAMES[code] === name) ?? "en";
    });
    indexLanguages.set(t, lang);
    lang.catch(() => indexLanguages.delete(t));
  }
  return lang;
}
