/**
 * Heading detection shared by the PDF reflow and the chunker. Plain text and PDFs carry no
 * markup, so a heading is guessed from its shape: a short title-like line followed by body text.
 */

const MAX_HEADING_CHARS = 80;
const MAX_HEADING_WORDS = 12;
/** Words that stay lower-case in Title Case ("Terms of Use", "Out-of-Network Providers"). */
const MINOR_WORDS = new Set("a an and as at but by en for from if in into nor of on onto or per the to up via vs with".split(" "));
/** A list marker and its space, or a dash set right against a capital ("-Your ID number", as some PDFs extract). */
const LIST_ITEM = /^\s*(?:(?:[-*+•●▪◦‣∙·–]|\(?(?:\d{1,3}|[a-zA-Z])[.)])\s+|[-•–](?=\p{Lu}))/u;
const MARKDOWN_ATX = /^ {0,3}(#{1,6})[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/;

export function isListItem(line: string): boolean {
  return LIST_ITEM.test(line);
}

/** Ends like a sentence or a lead-in ("...as follows:"), so the next line starts something new. */
export function endsSentence(line: string): boolean {
  return /[.!?:;…]["'”’)\]]*\s*$/.test(line);
}

/** Short, no final punctuation, Title Case or ALL CAPS. Says nothing about what follows. */
export function looksLikeTitle(rawLine: string): boolean {
  const line = rawLine.trim();
  if (line.length === 0 || line.length > MAX_HEADING_CHARS) return false;
  if (/[.,;:!?…]$/.test(line) || isListItem(line) || isLabelledValue(line)) return false;
  // Numbered headings ("2.1 Coverage") are titles; the number itself is not a word to judge.
  const words = line.replace(/^(?:\d+(?:\.\d+)*\.?|[IVXLC]+\.)\s+/, "").split(/\s+/);
  if (words.length > MAX_HEADING_WORDS) return false;
  const alphaWords = words.filter((w) => /^["'“‘(]?\p{L}/u.test(w));
  if (alphaWords.length === 0) return false;
  const letters = line.replace(/[^\p{L}]/gu, "");
  if (letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) return true;
  const startsUpper = (w: string) => /^["'“‘(]?\p{Lu}/u.test(w);
  if (!startsUpper(alphaWords[0])) return false;
  // "... Program for" is the first half of a wrapped line, not a title.
  if (MINOR_WORDS.has(words[words.length - 1])) return false;
  const significant = alphaWords.filter((w, i) => i === 0 || !MINOR_WORDS.has(w.toLowerCase()));
  const capitalised = significant.filter(startsUpper).length;
  return capitalised / significant.length >= 0.75;
}

/** Opens a question a section answers ("What is Not Covered?", "How do I file a claim?"). */
const QUESTION_OPENING =
  /^(?:what|how|when|where|who|whom|whose|why|which|can|could|do|does|did|is|are|was|were|will|would|should|may|must|has|have)\b/i;

/**
 * A short question on a line of its own, the way FAQ-style documents title their sections:
 * capitalised like a sentence is enough, since a question's small words stay lower-case.
 */
export function looksLikeQuestionTitle(rawLine: string): boolean {
  const line = rawLine.trim();
  if (!line.endsWith("?") || line.length > MAX_HEADING_CHARS || !/^\p{Lu}/u.test(line)) return false;
  return QUESTION_OPENING.test(line) && line.split(/\s+/).length <= MAX_HEADING_WORDS && !/[.;:!?]./.test(line.slice(0, -1));
}

/**
 * Body text: a sentence, a list item or a long line. A lower-case start means the line above
 * was cut mid-sentence; a short label ("Objective:") is not body either.
 */
export function looksLikeBody(rawLine: string): boolean {
  const line = rawLine.trim();
  if (!line || /^\p{Ll}/u.test(line) || looksLikeTitle(line)) return false;
  return line.length >= 40 || /[.!?…]["'”’)\]]*$/.test(line) || isListItem(line);
}

/**
 * A title-like line that is followed by body text and does not continue a wrapped sentence
 * from the line above. `previous`/`next` are the neighbouring lines ("" or undefined if none).
 */
export function isHeadingLine(line: string, previous: string | undefined, next: string | undefined): boolean {
  if (!looksLikeTitle(line) && !looksLikeQuestionTitle(line)) return false;
  if (previous !== undefined && continuesForm(line, previous)) return false;
  if (next === undefined || !looksLikeBody(next)) return false;
  const prev = previous?.trim() ?? "";
  return prev === "" || endsSentence(prev) || looksLikeTitle(prev);
}

/** How many lines below a line isRecordTitle reads. */
export const RECORD_LOOKAHEAD = 3;

/**
 * The title of a record (a job in a role library, a product sheet, a country's policy): a title
 * line that opens a form, directly ("Chief Financial Officer" above "Job Title: …") or after one
 * header line ("Job Description:", "JOB DESCRIPTION"). Of two title lines stacked above a form,
 * the one the form's fields name is the record's ("Senior Manager of Sales" over "Job
 * Description" over "Position: Senior Manager of Sales"); a running head or a document's title
 * above a record is named by none. `above`: the nearest non-blank line above ("" if none);
 * `following`: the next non-blank lines (RECORD_LOOKAHEAD of them; fewer at a page's end).
 */
export function isRecordTitle(line: string, above: string, following: readonly string[]): boolean {
  if (!looksLikeTitle(line) || isFieldLine(line)) return false;
  const stacked = looksLikeTitle(above) && !isFieldLine(above);
  const named = (title: string) => following.some((f) => isFieldLine(f) && fieldValue(f).includes(title.trim().toLowerCase()));
  if (opensForm(following)) return !stacked || !named(above);
  if (stacked) return false;
  const [header, afterHeader] = following;
  if (header === undefined || !(isLabelLine(header) || looksLikeTitle(header))) return false;
  return (opensForm(following.slice(1)) && !named(header)) || (afterHeader !== undefined && isLabelLine(afterHeader));
}

/** "Position: Senior Manager of Sales" -> "senior manager of sales". */
const fieldValue = (line: string) => line.slice(line.indexOf(":") + 1).toLowerCase();

/**
 * A field the form goes on from: another field or a label ("Job Summary:") below it, or nothing
 * known yet. A field with body text below it is a section heading ("COVERED SERVICES: Dialysis").
 */
function opensForm([field, next]: readonly string[]): boolean {
  return field !== undefined && isFieldLine(field) && (next === undefined || isFieldLine(next) || isLabelLine(next));
}

/** Text of a Markdown ATX heading ("## Setup" -> "Setup"), or null. */
export function markdownHeading(line: string): string | null {
  const match = MARKDOWN_ATX.exec(line);
  return match ? match[2].trim() : null;
}

/** "Reports To: Chief Executive Officer": a short label, a colon and a value on the same line (a form's field). */
export function isFieldLine(rawLine: string): boolean {
  return /^\p{Lu}[\p{L}]*( [\p{L}]+){0,3}:\s+\S/u.test(rawLine.trim());
}

/** "Company: Zava" below "Position: Director of Sales": the form's next field, whatever follows it. */
export function continuesForm(line: string, previous: string): boolean {
  return isFieldLine(line) && isFieldLine(previous);
}

/** A label and its value on one line ("Last Updated: 2023-03-05", "Phone: 1-800-555-0100"): a fact, not a title. */
export function isLabelledValue(rawLine: string): boolean {
  return /^\p{Lu}[\p{L} ]{0,40}:\s+\S*[\d@]/u.test(rawLine.trim());
}

/** A short lead-in label on its own line ("Qualifications:"); it starts a new paragraph. */
export function isLabelLine(rawLine: string): boolean {
  return /^\p{Lu}[^.!?:]{0,48}:$/u.test(rawLine.trim());
}

/** Setext underline ("====" / "----") that turns the line above into a Markdown heading. */
export function isSetextUnderline(line: string): boolean {
  return /^ {0,3}(?:=+|-+)[ \t]*$/.test(line);
}
