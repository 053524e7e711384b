import { HEADING_PATH_SEPARATOR } from "@/lib/ingest/chunk";
import { contentWords } from "@/lib/text/query";
import { chunkHeading, type Chunk } from "@/lib/knowledge/schemas";
import { INITIALS_SKIP, readingOf, StemSet, type Reading } from "./question-terms";

/**
 * Whose a quoted sentence is, in a document of records (a role library, product sheets): a
 * bullet under "Chief Financial Officer › Qualifications" does not say which job it lists.
 */

/** The record a heading path names ("Chief Financial Officer › Qualifications" → "Chief Financial Officer"), or null. */
export function recordOf(heading: string | null): string | null {
  const at = heading?.indexOf(HEADING_PATH_SEPARATOR) ?? -1;
  return at > 0 ? heading!.slice(0, at) : null;
}

/** The part of a record a heading names ("Qualifications" of "Chief Financial Officer › Qualifications"). */
export const partOf = (heading: string | null): string | null => heading?.split(HEADING_PATH_SEPARATOR)[1] ?? null;

/** The sentence, led by its record's title unless it names the record itself. */
export function withRecordName({ text, heading }: { text: string; heading: string | null }): string {
  const record = recordOf(heading);
  return record === null ? text : namedBefore(text, record);
}

/** The sentence led by a name ("**Manager of R&D:** 5+ years…"), unless it names it itself. */
export const namedBefore = (text: string, name: string): string =>
  text.toLowerCase().includes(name.toLowerCase()) ? text : `**${name}:** ${text}`;

/**
 * The question writes the title, word by word or a run of its words as initials: "the Director
 * of Sales", "the CFO", "the VP of Marketing", "Director of HR".
 */
function writesTitle(asked: StemSet, title: string, reading: Reading): boolean {
  const words = title.split(/[^\p{L}\p{N}&]+/u).filter((w) => w && !INITIALS_SKIP.has(w.toLowerCase()));
  const held = words.map((w) => contentWords(w, reading.lang).every((c) => asked.has(reading.stem(c))));
  if (words.length === 0 || held.every(Boolean)) return words.length > 0;
  // Each run of words the question does not hold is written as the initials of a run holding it
  // ("HR" for "Human Resources", "VP" for "Vice President").
  const asInitials = (from: number, to: number) =>
    to - from >= 2 &&
    asked.hasInitials(
      words
        .slice(from, to)
        .map((w) => w[0].toLowerCase())
        .join(""),
    );
  for (let i = 0; i < words.length; i++) {
    if (held[i]) continue;
    let end = i;
    while (end < words.length && !held[end]) end++;
    let covered = false;
    for (let from = 0; from <= i && !covered; from++)
      for (let to = end; to <= words.length && !covered; to++) covered = asInitials(from, to);
    if (!covered) return false;
    i = end;
  }
  return true;
}

/**
 * The records a question names (writesTitle). Of two named, the one whose title holds the other's
 * words and more ("Senior Manager of Product Management", not "Product Management" too).
 */
export function namedRecords(asked: StemSet, titles: Iterable<string>, reading: Reading, question = "", byPhrase = true): Set<string> {
  const named = [...new Set(titles)]
    .filter((title) => writesTitle(asked, title, reading))
    .map((title) => ({
      title,
      words: new Set(contentWords(title, reading.lang).map(reading.stem)),
      written: timesWritten(question, title),
    }));
  // "VP of Marketing or Director of Operations" holds the words of "Director of Marketing" too:
  // where some titles are written out as phrases, those are the ones named.
  // (Not where a follow-up is read with the question before it: "And for the Director job?")
  const phrased = byPhrase ? named.filter((r) => writtenAsPhrase(question, r.title)) : [];
  if (phrased.length) named.splice(0, named.length, ...phrased);
  const within = (a: Set<string>, b: Set<string>) => a.size < b.size && [...a].every((w) => b.has(w));
  // "Manager of R&D or Senior Manager of R&D?" writes the shorter title on its own too: both are asked.
  const onItsOwn = (r: (typeof named)[number]) =>
    r.written > named.filter((o) => o !== r && within(r.words, o.words)).reduce((n, o) => n + o.written, 0);
  return new Set(named.filter((r) => onItsOwn(r) || !named.some((o) => within(r.words, o.words))).map((r) => r.title));
}

/**
 * The question writes the title as a phrase: word for word, or with a run of its words as their
 * initials ("VP of Marketing", "Director of HR", "the CFO", "Manager of R&D").
 */
function writtenAsPhrase(question: string, title: string): boolean {
  const plain = (text: string) =>
    ` ${text
      .toLowerCase()
      .replace(/&/g, "")
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim()} `;
  const asked = plain(question);
  const words = title.split(/\s+/);
  const forms = [title];
  for (let i = 0; i < words.length; i++)
    for (let j = i + 1; j < words.length; j++) {
      const run = words.slice(i, j + 1).filter((w) => !INITIALS_SKIP.has(w.toLowerCase()));
      if (run.length >= 2 && !INITIALS_SKIP.has(words[j].toLowerCase()))
        forms.push([...words.slice(0, i), run.map((w) => w[0]).join(""), ...words.slice(j + 1)].join(" "));
    }
  return forms.some((form) => asked.includes(plain(form)));
}

/** How often the question writes the title out word for word. */
const timesWritten = (question: string, title: string) => question.toLowerCase().split(title.toLowerCase()).length - 1;

/** The records of the found passages that a question names (their titles, as headings give them). */
export function recordsNamed(question: string, found: Chunk[]): Set<string> {
  const reading = readingOf("en");
  const titles = found.flatMap((c) => {
    const heading = chunkHeading(c);
    return heading ? [recordOf(heading) ?? heading] : [];
  });
  return namedRecords(new StemSet(question, reading), titles, reading, question);
}
