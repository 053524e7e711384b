import { withJoinedCompounds } from "./compounds";
import { snowballStem } from "./stem";
import { words } from "./typos";

/**
 * The text BM25 searches for a query: its words, each once (by the Snowball stem the index
 * stores), and its hyphenated compounds joined (see compounds.ts). LanceDB takes a word repeated
 * in the query ("prior authorization … require prior authorization", "plan … plans") as that
 * many terms: it weighs the word that many times over and walks its postings once per repeat
 * (1M generated chunks: the 13 of Northwind's 50 questions that repeat a word, 49 → 25 ms).
 */
export function bm25Query(query: string): string {
  const seen = new Set<string>();
  return words(withJoinedCompounds(query))
    .filter((word) => {
      const stem = snowballStem(word);
      if (seen.has(stem)) return false;
      seen.add(stem);
      return true;
    })
    .join(" ");
}
