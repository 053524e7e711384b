import { isFieldLine as isField, isLabelledValue, isListItem, looksLikeTitle } from "@/lib/ingest/headings";
import { HEADING_PATH_SEPARATOR } from "@/lib/ingest/chunk";
import { EMAIL_ADDRESS, PHONE_NUMBER } from "./contacts";

/**
 * A passage as the units an answer may quote: whole sentences, and lists with their lead-in
 * ("Some of the lessons covered include: Skiing lessons; Surfing lessons."), each with the
 * section heading it sits under. Headings are context, never an answer; a sentence cut by the
 * passage's edge (it starts lower-case, or the passage ends without a full stop) is marked
 * incomplete so it is never quoted as if whole.
 */
export interface TextUnit {
  text: string;
  /** The section heading above the unit, if any. */
  heading: string | null;
  /** False for a piece of a sentence that runs across the passage's edge. */
  complete: boolean;
  /** A form's field ("Reports To: Chief Executive Officer"): its heading names what it is about. */
  field?: boolean;
  /** The label on a line of its own above the unit's paragraph, within its section ("Out-of-Network Copays"). */
  label?: string;
  /**
   * The sentence before, when this one opens by pointing back to it ("This includes treatments
   * such as chemotherapy…" after "…does not cover treatment intended to cure…"): said without it,
   * it says little.
   */
  antecedent?: string;
  /** A list item read on its own: a whole bullet, though it ends without a full stop. */
  listItem?: true;
  /** A list read as one sentence ("…include: Gym memberships; Sports team fees."): its lead-in and items. */
  list?: { lead: string; items: string[] };
}

/**
 * A short Title Case label on a line of its own heads the prose below it ("Out-of-Network
 * Copays:" above what they are); above a list it leads the list in ("Qualifications:").
 */
function labelHeading(lines: string[], after: string[] | undefined): string | null {
  if (lines.length !== 1 || !after?.length || isListItem(after[0])) return null;
  return shortLabel(lines[0].trim());
}

/** "Qualifications:", "Out-of-Network Copays:": a short Title Case label, without its colon. */
function shortLabel(line: string): string | null {
  return line.endsWith(":") && wordCount(line) <= 5 && looksLikeTitle(line.slice(0, -1)) ? line.slice(0, -1) : null;
}

/**
 * A sentence opening with a word that points back to the one before ("This means…", "These
 * include…"). (Connectives qualifying an earlier statement, "In these situations", are
 * comparison.ts's pointsBack.)
 */
const OPENS_POINTING_BACK = /^(?:This|These|That|Those|Such|They)\b(?!['’])/;

/** Words whose full stop does not end a sentence ("Mr. Smith", "e.g. a gym", "No. 5"). */
const ABBREVIATIONS = new Set(
  "mr mrs ms dr prof sr jr st vs etc e.g i.e no nos inc ltd co corp dept approx est fig jan feb mar apr jun jul aug sep sept oct nov dec u.s u.k a.m p.m".split(
    " ",
  ),
);
/** Items this short are read as one list with their lead-in; longer ones are sentences of their own. */
const SHORT_ITEM_WORDS = 10;
/** Fewer words than this is a label or a fragment, not something to quote. */
const MIN_UNIT_WORDS = 4;
const MAX_QUESTION_HEADING_WORDS = 12;

const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;
/** Whitespace as single spaces; a number split at a line-end hyphen ("1- 800-555-1212") joined again. */
const squash = (s: string) =>
  s
    .replace(/\s+/g, " ")
    .replace(/(\d)- (\d)/g, "$1-$2")
    .trim();
const endsWhole = (s: string) => /[.!?…:]["'”’)\]]*$/.test(s);

/** Lines of a block that make it a form's fields rather than prose under a heading. */
const MIN_FIELDS = 2;

/** A line that names the section below it: Markdown, a title line, an FAQ question standing alone. */
function headingOf(block: string[]): string | null {
  if (block.length !== 1) return null;
  const line = block[0].trim();
  if (isListItem(line)) return null;
  const markdown = /^#{1,6}\s+(.+)$/.exec(line);
  if (markdown) return markdown[1].trim();
  // A passage's heading path ("Chief Technology Officer › Responsibilities"), where a whole page's passages are joined.
  if (looksLikeTitle(line) || line.includes(HEADING_PATH_SEPARATOR)) return line;
  // "What is Covered?", "HOW DO I FILE A CLAIM?": a question answered below it.
  if (/\?$/.test(line) && wordCount(line) <= MAX_QUESTION_HEADING_WORDS) return line;
  // A short line without final punctuation ("Exceptions", "Tips"); one starting lower-case
  // ("and industry standards") is the end of a sentence cut at the page before.
  if (wordCount(line) < 5 && !/[.!?:;,]$/.test(line) && !/^\p{Ll}/u.test(line) && !isLabelledValue(line)) return line;
  return null;
}

/**
 * Blank-line blocks, with a block that stops mid-sentence ("…covered under") joined to the
 * next: PDF extraction breaks paragraphs where a line happens to look like a title.
 */
function blocks(text: string): string[][] {
  const raw = text
    .split(/\n\s*\n/)
    .map((b) =>
      b
        .split("\n")
        .map((l) => l.trim().replace(MARKED_LABEL, ""))
        .filter(Boolean),
    )
    .filter((b) => b.length);
  const joined: string[][] = [];
  let addressOpen = false;
  for (const block of raw) {
    const previous = joined.at(-1);
    const last = previous?.at(-1);
    // "By fax:" and its number set apart by a blank line are one fact.
    if (last !== undefined && CONTACT_LABEL.test(last) && CONTACT_VALUE.test(block[0])) {
      previous!.push(...block);
      continue;
    }
    // An address set in blocks of its own below "…send the request to:" stays with its lead-in.
    const address: boolean =
      previous !== undefined &&
      (addressOpen || /:$/.test(last!)) &&
      block.every((line) => isAddressLine(line) && !line.includes(HEADING_PATH_SEPARATOR));
    addressOpen = address;
    if (address) {
      previous!.push(...block);
      continue;
    }
    // A form's field ends where its line does ("REPORTING TO: Chief Executive Officer" above "OVERVIEW:").
    const field = last !== undefined && isField(last) && previous!.filter(isField).length >= MIN_FIELDS;
    const cut =
      last !== undefined && !isListItem(last) && wordCount(last) >= 5 && /[\p{Ll},]$/u.test(last) && !headingOf(previous!) && !field;
    if (cut && !isListItem(block[0])) {
      previous![previous!.length - 1] = `${last} ${block[0]}`;
      previous!.push(...block.slice(1));
    } else joined.push(block);
  }
  return joined;
}

/** Short lines with a number among them (a postal address, a phone list): what a lead-in ending in ":" gives. */
const ADDRESS_LINES = { max: 5, words: 8 };

/**
 * "…you can send the request to:" above an address's lines is one fact: the lines are joined
 * to it with commas ("…to: Prior Authorization Department, PO Box 1234, Anytown, USA 00000.").
 */
function withAddresses(block: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < block.length; i++) {
    const line = block[i];
    // "-By fax:" above "123-456-7890": a contact's label and its value are one fact.
    const label = CONTACT_LABEL.exec(line);
    if (label && i + 1 < block.length && CONTACT_VALUE.test(block[i + 1])) {
      out.push(`${label[1]}: ${block[++i]}`);
      continue;
    }
    let end = i + 1;
    if (/:$/.test(line)) {
      while (end < block.length && end - i <= ADDRESS_LINES.max && isAddressLine(block[end])) end++;
    }
    const tail = block.slice(i + 1, end);
    if (tail.length >= 2 && tail.some((l) => /\d/.test(l))) {
      out.push(`${line} ${tail.join(", ")}.`);
      i = end - 1;
    } else out.push(line);
  }
  return out;
}

/** A list marker set right against a label ("-By fax:", "-By email: appeals@…"): the label is what the line says. */
const MARKED_LABEL = /^[-–•](?=\p{Lu}[\p{L} ]{0,30}:(\s|$))/u;
/** A short label ending in a colon ("By fax:", "Phone:"). */
const CONTACT_LABEL = /^(\p{Lu}[\p{L} ]{0,30}):$/u;
/** A phone number, fax number or e-mail address alone on its line. */
const CONTACT_VALUE = new RegExp(`^(?:${PHONE_NUMBER.source}|${EMAIL_ADDRESS.source})$`, "i");

const isAddressLine = (line: string) =>
  !isListItem(line) &&
  !isLabelledValue(line) &&
  !/[.!?:;]$/.test(line) &&
  wordCount(line) <= ADDRESS_LINES.words &&
  !/^[\p{Ll}]/u.test(line);

/** Sentences of a run of text, not split after an abbreviation or an initial. */
export function sentencesOf(paragraph: string): string[] {
  const text = squash(paragraph);
  const out: string[] = [];
  let start = 0;
  for (const match of text.matchAll(/[.!?…]["'”’)\]]*\s+(?=["“(\[]?[\p{Lu}\d])/gu)) {
    const end = match.index + match[0].trimEnd().length;
    const lastWord = text
      .slice(start, end)
      .match(/([\p{L}.]+)\.["'”’)\]]*$/u)?.[1]
      ?.toLowerCase();
    if (lastWord && (ABBREVIATIONS.has(lastWord) || /^\p{L}$/u.test(lastWord))) continue;
    out.push(text.slice(start, end).trim());
    start = match.index + match[0].length;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

const stripMarker = (line: string) => line.replace(/^\s*(?:[-*+•●▪◦‣∙·–]\s*|\(?(?:\d{1,3}|[a-zA-Z])[.)]\s+)/, "").trim();

/**
 * One list: its lead-in sentence (if it ends with a colon) and its items, as a unit or as separate
 * sentences. A lead-in pointing back ("These include:") keeps the sentence it points to.
 */
function listUnits(leadIn: string | null, items: string[], heading: string | null, leadAntecedent: string | null = null): TextUnit[] {
  const pointsTo = leadAntecedent ? { antecedent: leadAntecedent } : {};
  if (leadIn && allShort(items)) {
    const bare = bareItems(items);
    return [{ text: listText(leadIn, bare), heading, complete: true, list: { lead: leadIn, items: bare }, ...pointsTo }];
  }
  const units: TextUnit[] = leadIn ? [{ text: leadIn, heading, complete: true, ...pointsTo }] : [];
  // A long item is read as prose (extraction may have run the text after a list into its last item);
  // its first sentence is said after the lead-in ("Our plan does not cover: Routine foot care, …").
  for (const item of items)
    for (const [i, sentence] of sentencesOf(item).entries())
      units.push({ text: sentence, heading, complete: true, listItem: true, ...(leadIn && i === 0 ? { antecedent: leadIn } : {}) });
  return units;
}

/**
 * A list the text opens with, under a section's heading and no lead-in: on a page, usually the
 * rest of a list led in at the foot of the page before ("• Hemophilia treatment" under "Services
 * covered by this plan include:"). Short items are kept together, as one list whose lead-in is
 * still to be found (`lead` ""), rather than dropped as fragments one by one.
 */
function listOpeningText(items: string[], heading: string | null): TextUnit[] {
  // Under a record's part ("Chief Financial Officer › Qualifications") the items are that part, each a fact.
  const runsOn = heading !== null && !heading.includes(HEADING_PATH_SEPARATOR) && items.length > 1;
  if (!runsOn || !allShort(items)) return listUnits(null, items, heading);
  const bare = bareItems(items);
  return [{ text: listText("", bare), heading, complete: true, listItem: true, list: { lead: "", items: bare } }];
}

const allShort = (items: string[]) => items.every((i) => wordCount(i) <= SHORT_ITEM_WORDS);
const bareItems = (items: string[]) => items.map((i) => i.replace(/[.;,]$/, ""));

/** A list of short items as one sentence: "Services covered include: Blood typing; Hemophilia treatment." */
export const listText = (lead: string, items: string[]) => `${lead ? `${lead} ` : ""}${items.join("; ")}.`;

/** A form's field naming what it is about ("Job Title: …", "Position: …"), restating the heading above it. */
const restatesTitle = (line: string, heading: string | null) =>
  heading !== null && isField(line) && TITLE_LABEL.test(line.split(":")[0]) && line.toLowerCase().includes(heading.toLowerCase());
const TITLE_LABEL = /\b(title|position|name|role|job description)\b/i;

export function textUnits(text: string, heading: string | null = null): TextUnit[] {
  const units: TextUnit[] = [];
  let current = heading;
  const all = blocks(text).map(withAddresses);
  let label: string | null = null;
  for (const [b, block] of all.entries()) {
    const above = labelHeading(block, all[b + 1]);
    if (above) {
      label = above;
      continue;
    }
    const title = headingOf(block);
    // "Job Title: Director of Human Resources, Zava" below "Director of Human Resources": the
    // form restating the title it is under is a field of it, not a heading of its own.
    if (title && restatesTitle(title, current)) {
      units.push({ text: title, heading: current, complete: true, field: true });
      label = null;
      continue;
    }
    if (title) {
      current = title;
      label = null;
      continue;
    }
    let prose: string[] = [];
    let items: string[] = [];
    let leadIn: string | null = null;
    let leadAntecedent: string | null = null;
    const flushProse = () => {
      if (!prose.length) return;
      const sentences = sentencesOf(prose.join(" "));
      prose = [];
      // A closing lead-in ("…include:") waits for the list below it.
      if (items.length === 0 && sentences.length && /:$/.test(sentences.at(-1)!)) {
        leadIn = sentences.pop()!;
        leadAntecedent = sentences.length && OPENS_POINTING_BACK.test(leadIn) ? sentences.at(-1)! : null;
      }
      sentences.forEach((s, i) =>
        units.push({
          text: s,
          heading: current,
          complete: true,
          ...(i > 0 && OPENS_POINTING_BACK.test(s) ? { antecedent: sentences[i - 1] } : {}),
          ...(label ? { label } : {}),
        }),
      );
    };
    const flushList = () => {
      // In a record, "Qualifications:" above a list starts that part of it, as the chunker reads it.
      const part = leadIn !== null && current?.includes(HEADING_PATH_SEPARATOR) ? shortLabel(leadIn) : null;
      if (part) current = `${current!.split(HEADING_PATH_SEPARATOR)[0]}${HEADING_PATH_SEPARATOR}${part}`;
      if (items.length)
        units.push(
          ...(leadIn === null && units.length === 0 ? listOpeningText(items, current) : listUnits(leadIn, items, current, leadAntecedent)),
        );
      else if (leadIn) units.push({ text: leadIn, heading: current, complete: true });
      items = [];
      leadIn = null;
      leadAntecedent = null;
    };
    // "Job Title: …", "Reports To: Chief Executive Officer", "Location: …": a form's fields, each a fact.
    const fields = block.filter(isField).length >= MIN_FIELDS;
    block.forEach((line, i) => {
      if (isListItem(line)) {
        flushProse();
        items.push(stripMarker(line));
      } else {
        if (items.length) flushList();
        // "Last Updated: 2023-03-05" is a fact of its own, not the start of the next sentence.
        if (isLabelledValue(line) || (fields && isField(line))) {
          flushProse();
          units.push({ text: line, heading: current, complete: true, ...(fields && isField(line) ? { field: true } : {}) });
          return;
        }
        // A Title Case line inside a block heads the lines after it ("Exceptions" above its text).
        if (prose.length === 0 && looksLikeTitle(line) && block.length > 1 && line !== block.at(-1)) {
          current = line;
          label = null;
          return;
        }
        // So does a label above prose ("Out-of-Network Copays:" above what they are); above a
        // list, a label leads the list in ("Qualifications:").
        const above = labelHeading([line], block.slice(i + 1));
        if (above) {
          flushProse();
          label = above;
          return;
        }
        prose.push(line);
      }
    });
    flushProse();
    flushList();
  }
  // A form's field is a fact however short ("Location: Anywhere").
  return markEdges(units.filter((u) => wordCount(u.text) >= MIN_UNIT_WORDS || isLabelledValue(u.text) || u.field === true));
}

/** The passage's first unit is cut if it starts lower-case; its last if it does not end whole. */
function markEdges(units: TextUnit[]): TextUnit[] {
  if (units.length === 0) return units;
  const first = units[0];
  if (/^[\p{Ll},;)]/u.test(first.text)) units[0] = { ...first, complete: false };
  const last = units.at(-1)!;
  if (!endsWhole(last.text) && !last.listItem) units[units.length - 1] = { ...last, complete: false };
  return units;
}
