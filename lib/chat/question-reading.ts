import type { Chunk } from "@/lib/knowledge/schemas";
import { readInEnglish, type EnglishReading } from "@/lib/text/cross-language";
import { contentWords } from "@/lib/text/query";
import { detectLanguage, dominantLanguage } from "@/lib/text/language";
import type { QuestionPart } from "./sentence-ranking";

/**
 * The question parts an offline answer is built from, read in English when the person asked in
 * German, French or Spanish and the passages found are English (lib/text/cross-language): the
 * sentences are chosen on the English reading, what is asked for and the language of a yes or
 * no stay the person's. `glossed`: the words so read, each with its English senses.
 */
export async function readAsked(
  parts: QuestionPart[],
  passages: Chunk[],
): Promise<{ parts: QuestionPart[]; glossed: Map<string, string[]> }> {
  const glossed = new Map<string, string[]>();
  let englishPassages: boolean | undefined;
  const read = await Promise.all(
    parts.map(async (part) => {
      const lang = detectLanguage(part.asked ?? part.question);
      if (lang === "en") return part;
      englishPassages ??= dominantLanguage(passages.map((c) => c.content)) === "en";
      if (!englishPassages) return part;
      const reading = await readInEnglish(part.question, lang);
      if (!reading) return part;
      for (const word of reading.glossed) glossed.set(word, reading.senses.get(word) ?? []);
      const asked = part.asked === undefined ? undefined : ((await readInEnglish(part.asked, lang))?.text ?? part.asked);
      return {
        ...part,
        question: reading.text,
        asked,
        original: { question: part.asked ?? part.question, lang },
        otherSenses: otherSenses(reading),
      };
    }),
  );
  return { parts: read, glossed };
}

/** Each reading word (the first English sense of a glossed word) → the word's other senses. */
function otherSenses(reading: EnglishReading): Map<string, string[]> {
  const others = new Map<string, string[]>();
  for (const [first, ...rest] of reading.senses.values()) {
    const word = contentWords(first, "en")[0];
    if (word && rest.length) others.set(word, [...(others.get(word) ?? []), ...rest]);
  }
  return others;
}
