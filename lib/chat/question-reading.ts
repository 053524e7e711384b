import type { Chunk } from "@/lib/knowledge/schemas";
import { readInEnglish } from "@/lib/text/cross-language";
import { detectLanguage, dominantLanguage } from "@/lib/text/language";
import type { QuestionPart } from "./sentence-ranking";

/**
 * The question parts an offline answer is built from, read in English when the person asked in
 * German, French or Spanish and the passages found are English (lib/text/cross-language): the
 * sentences are chosen on the English reading, what is asked for and the language of a yes or
 * no stay the person's. `glossed` lists the words so read: none of them is "never mentioned".
 */
export async function readAsked(parts: QuestionPart[], passages: Chunk[]): Promise<{ parts: QuestionPart[]; glossed: string[] }> {
  const glossed: string[] = [];
  let englishPassages: boolean | undefined;
  const read = await Promise.all(
    parts.map(async (part) => {
      const lang = detectLanguage(part.asked ?? part.question);
      if (lang === "en") return part;
      englishPassages ??= dominantLanguage(passages.map((c) => c.content)) === "en";
      if (!englishPassages) return part;
      const reading = await readInEnglish(part.question, lang);
      if (!reading) return part;
      glossed.push(...reading.glossed);
      const asked = part.asked === undefined ? undefined : ((await readInEnglish(part.asked, lang))?.text ?? part.asked);
      return { ...part, question: reading.text, asked, original: { question: part.asked ?? part.question, lang } };
    }),
  );
  return { parts: read, glossed: [...new Set(glossed)] };
}
