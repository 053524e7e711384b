import type { Lang } from "@/lib/text/language";
import phrases from "./not-found-phrases.json";

/**
 * "Nothing found", said in the question's language where that is cheap (en, de, fr, es, it, nl,
 * pt: not-found-phrases.json; English otherwise), and, when the documents are in another
 * language than the question, which one: a German question to English documents is told to ask
 * in English.
 */

export interface NotFound {
  /** The question's language (detectLanguage). */
  questionLang: Lang;
  /** The documents' language, when known (dominantLanguage of the passages searched). */
  documentsLang: Lang | null;
  /** The question's content words none of the documents uses. */
  missingWords: readonly string[];
  /** Passages follow the message, as the closest the documents come. */
  closestFollow?: boolean;
}

interface Phrases {
  /** Opening and closing quotation marks. */
  quotes: string[];
  /** Joins the missing words: "never mention “a” or “b”". */
  or: string;
  neverMention: string;
  /** Where two words or more are said otherwise (French "ne … ni … ni"). */
  neverMentionMany?: string;
  nothingMatches: string;
  closest: string;
  askIn: string;
}
const PHRASES: Partial<Record<Lang, Phrases>> = phrases;

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key]);

/** The message; in English for a question language without phrases. */
export function notFoundMessage({ questionLang, documentsLang, missingWords, closestFollow = false }: NotFound): string {
  const lang = PHRASES[questionLang] ? questionLang : "en";
  const say: Phrases = PHRASES[lang] ?? phrases.en;
  const [open, close] = say.quotes;
  const missing = [...new Set(missingWords)];
  const words = missing.map((w) => `${open}${w}${close}`).join(` ${say.or} `);
  const template = missing.length > 1 ? (say.neverMentionMany ?? say.neverMention) : say.neverMention;
  const note = words ? fill(template, { words }) : say.nothingMatches;
  const first = closestFollow ? `${note}; ${say.closest}.` : `${note}.`;
  if (!documentsLang || documentsLang === questionLang) return first;
  const language = new Intl.DisplayNames([lang], { type: "language" }).of(documentsLang) ?? documentsLang;
  return `${first} ${fill(say.askIn, { language })}`;
}
