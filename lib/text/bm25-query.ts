import { withJoinedCompounds } from "./compounds";
import { formalEquivalents } from "./everyday-words";
import { questionIntent } from "./question-intent";
import { detectLanguage, type Lang } from "./language";
import { stemmer } from "./stem";
import { stopWords } from "./stop-words";
import { words } from "./typos";

/**
 * The text BM25 searches for a query: its words, each once (by the Snowball stem the index
 * stores), and its hyphenated compounds joined (see compounds.ts). LanceDB takes a word repeated
 * in the query ("prior authorization … require prior authorization", "plan … plans") as that
 * many terms: it weighs the word that many times over and walks its postings once per repeat
 * (1M generated chunks: the 13 of Northwind's 50 questions that repeat a word, 49 → 25 ms).
 *
 * A question in another language than English loses its own stop words here: the index drops
 * only those of the documents' language, and "wie", "ich" would otherwise be searched for.
 */
export function bm25Query(query: string, lang: Lang = detectLanguage(query)): string {
  const seen = new Set<string>();
  const stemOf = stemmer(lang);
  const stop = lang === "en" ? null : stopWords(lang);
  // Other languages hyphenate pronouns to verbs ("dois-je", "couvre-t-il"): no compound there.
  const everyday = lang === "en" ? [...formalEquivalents(query).values()].flat().join(" ") : "";
  // "Is it covered by both plans?" is best answered where the documents compare ("Comparison of Plans").
  const comparing = lang === "en" && questionIntent(query).wants.includes("comparison") ? " comparison" : "";
  return words(lang === "en" ? `${withJoinedCompounds(query)} ${everyday}${comparing}` : query)
    .filter((word) => {
      if (stop?.has(word)) return false;
      const stem = stemOf(word);
      if (seen.has(stem)) return false;
      seen.add(stem);
      return true;
    })
    .join(" ");
}
