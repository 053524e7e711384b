import lexicon from "./everyday-words.json";
import derivations from "./derivations.json";
import { snowballStem } from "./stem";
import { QUESTION_STOP_WORDS } from "./stop-words";
import { words } from "./typos";

/**
 * People ask in everyday words ("turned down", "send in a claim", "my son's braces"); workplace
 * documents answer in formal ones ("denied", "file a claim", "orthodontic"). This maps a
 * question's everyday words to the formal words that may stand for them in the documents
 * (everyday-words.json), so a sentence or page saying it formally still counts as holding the
 * question's word. English only: the documents' register, not a translation.
 */

interface Entry {
  /** The phrase's words by Snowball stem ("turned down" and "turn down" alike). */
  stems: string[];
  formal: string[];
}

const possessive = /['’]s?$/;
const stemOf = (word: string) => snowballStem(word.replace(possessive, ""));

const ENTRIES: Entry[] = Object.entries(lexicon.words)
  .map(([phrase, formal]) => ({ stems: words(phrase).map(stemOf), formal }))
  // Longer phrases first: "send in" is matched before "send".
  .sort((a, b) => b.stems.length - a.stems.length);

/** Verbs and the nouns of their acts, both ways (derivations.json, from WordNet). */
const DERIVED = new Map(Object.entries(derivations.words as Record<string, string[]>));

const OBJECT_PRONOUNS = new Set(["it", "that", "this", "them", "those", "these", "me", "us", "him", "her"]);

/**
 * The longest entry starting at token i, and how many tokens it spans: "claim that back" is
 * "claim back", since a phrasal verb takes its pronoun object between verb and particle.
 */
function phraseAt(stems: string[], tokens: string[], i: number): { entry: Entry; length: number } | null {
  const written = ENTRIES.find((e) => e.stems.every((s, j) => stems[i + j] === s));
  if (written) return { entry: written, length: written.stems.length };
  if (!OBJECT_PRONOUNS.has(tokens[i + 1])) return null;
  const split = ENTRIES.find((e) => e.stems.length > 1 && e.stems.every((s, j) => stems[j === 0 ? i : i + j + 1] === s));
  return split ? { entry: split, length: split.stems.length + 1 } : null;
}

/** A verb's past that is another verb's dictionary form ("I found a hearing aid" is no foundation). */
const PAST_OF_ANOTHER_VERB = new Set(["found"]);

/** The word and the dictionary forms it may be inflected from: "notified" → "notify", "denies" → "deny". */
function dictionaryForms(word: string): string[] {
  const forms = [word];
  const inflection = word.match(/^(.{3,}?)(ies|ied|es|ed|ing|s|d)$/);
  if (!inflection) return forms;
  const [, base, ending] = inflection;
  if (ending === "ies" || ending === "ied") forms.push(`${base}y`);
  else forms.push(base, `${base}e`);
  return forms;
}

/**
 * Each question word that starts an everyday phrase (or is one), as written in the question
 * (lowercased) → the formal words and phrases the documents may use instead. A phrase is
 * keyed by its first content word ("turned down" by "turned").
 */
export function formalEquivalents(question: string): Map<string, string[]> {
  return everydayPhrases(question).formal;
}

/**
 * formalEquivalents, and the other words of each phrase matched ("back" of "pay me back") with
 * the same formal words: a sentence saying "reimbursement" holds the whole phrase, one saying
 * "back pain" only "back".
 */
export function everydayPhrases(question: string): { formal: Map<string, string[]>; members: Map<string, string[]> } {
  const tokens = words(question);
  const stems = tokens.map(stemOf);
  const found = new Map<string, string[]>();
  const members = new Map<string, string[]>();
  for (let i = 0; i < tokens.length; i++) {
    const match = phraseAt(stems, tokens, i);
    if (!match) continue;
    const { entry, length } = match;
    // A phrase of question words only ("okay", "in advance") stands for its first word.
    const phrase = tokens.slice(i, i + length);
    const anchor = phrase.find((t) => !QUESTION_STOP_WORDS.has(t)) ?? phrase[0];
    if (!found.has(anchor)) {
      found.set(anchor, entry.formal);
      for (const t of phrase) if (t !== anchor && !QUESTION_STOP_WORDS.has(t)) members.set(t, entry.formal);
    }
    i += length - 1;
  }
  // The same word as another part of speech ("notify": "notice"), where the stemmer keeps them apart.
  for (const token of tokens) {
    if (found.has(token) || QUESTION_STOP_WORDS.has(token) || PAST_OF_ANOTHER_VERB.has(token)) continue;
    const derived = dictionaryForms(token)
      .map((form) => DERIVED.get(form))
      .find(Boolean);
    if (derived) found.set(token, derived);
  }
  for (const word of found.keys()) members.delete(word);
  return { formal: found, members };
}

/** The question with the formal words and phrases its everyday words may stand for after it. */
export function withFormalWords(question: string): string {
  const formal = [...formalEquivalents(question).values()].flat();
  return formal.length ? `${question} ${formal.join(" ")}` : question;
}
