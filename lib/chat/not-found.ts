import type { Lang } from "@/lib/text/language";

/**
 * "Nothing found", said in the question's language where that is cheap (en, de, fr, es, it, nl,
 * pt; English otherwise), and, when the documents are in another language than the question,
 * which language that is: a German question to English documents is told to ask in English.
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
  quotes: [string, string];
  /** Joins missing words: "never mention “a” or “b”". */
  or: string;
  neverMention: (words: string) => string;
  nothingMatches: string;
  closest: string;
  /** `language` as Intl.DisplayNames names it in this language. */
  askIn: (language: string) => string;
}

const PHRASES: Partial<Record<Lang, Phrases>> & { en: Phrases } = {
  en: {
    quotes: ["“", "”"],
    or: "or",
    neverMention: (words) => `The selected documents never mention ${words}`,
    nothingMatches: "Nothing in the selected documents matches the question",
    closest: "these passages come closest",
    askIn: (language) => `They appear to be in ${language}: try asking in ${language}.`,
  },
  de: {
    quotes: ["„", "“"],
    or: "oder",
    neverMention: (words) => `Die ausgewählten Dokumente erwähnen ${words} nicht`,
    nothingMatches: "Nichts in den ausgewählten Dokumenten passt zur Frage",
    closest: "diese Passagen kommen ihr am nächsten",
    askIn: (language) => `Sie scheinen auf ${language} verfasst zu sein: Stellen Sie die Frage am besten auf ${language}.`,
  },
  fr: {
    quotes: ["« ", " »"],
    or: "ni",
    neverMention: (words) => `Les documents sélectionnés ne mentionnent ${words.includes(" ni ") ? "ni " : "pas "}${words}`,
    nothingMatches: "Rien dans les documents sélectionnés ne correspond à la question",
    closest: "voici les passages les plus proches",
    askIn: (language) => `Ils semblent rédigés en ${language} : posez plutôt la question en ${language}.`,
  },
  es: {
    quotes: ["«", "»"],
    or: "ni",
    neverMention: (words) => `Los documentos seleccionados no mencionan ${words}`,
    nothingMatches: "Nada en los documentos seleccionados responde a la pregunta",
    closest: "estos son los pasajes más cercanos",
    askIn: (language) => `Parecen estar en ${language}: pruebe a hacer la pregunta en ${language}.`,
  },
  it: {
    quotes: ["«", "»"],
    or: "né",
    neverMention: (words) => `I documenti selezionati non menzionano ${words}`,
    nothingMatches: "Nulla nei documenti selezionati corrisponde alla domanda",
    closest: "questi sono i passaggi più vicini",
    askIn: (language) => `Sembrano scritti in ${language}: provi a fare la domanda in ${language}.`,
  },
  nl: {
    quotes: ["“", "”"],
    or: "of",
    neverMention: (words) => `De geselecteerde documenten noemen ${words} nergens`,
    nothingMatches: "Niets in de geselecteerde documenten past bij de vraag",
    closest: "deze passages komen het dichtst in de buurt",
    askIn: (language) => `Ze lijken in het ${language} te zijn: stel de vraag liever in het ${language}.`,
  },
  pt: {
    quotes: ["“", "”"],
    or: "nem",
    neverMention: (words) => `Os documentos selecionados não mencionam ${words}`,
    nothingMatches: "Nada nos documentos selecionados corresponde à pergunta",
    closest: "estes são os trechos mais próximos",
    askIn: (language) => `Parecem estar em ${language}: tente fazer a pergunta em ${language}.`,
  },
};

/** The message; in English for a question language without phrases here. */
export function notFoundMessage({ questionLang, documentsLang, missingWords, closestFollow = false }: NotFound): string {
  const lang = PHRASES[questionLang] ? questionLang : "en";
  const say = PHRASES[lang] ?? PHRASES.en;
  const [open, close] = say.quotes;
  const words = [...new Set(missingWords)].map((w) => `${open}${w}${close}`).join(` ${say.or} `);
  const note = words ? say.neverMention(words) : say.nothingMatches;
  const first = closestFollow ? `${note}; ${say.closest}.` : `${note}.`;
  if (!documentsLang || documentsLang === questionLang) return first;
  return `${first} ${say.askIn(new Intl.DisplayNames([lang], { type: "language" }).of(documentsLang) ?? documentsLang)}`;
}
