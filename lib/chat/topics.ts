import { documentTitle } from "@/lib/knowledge/document-title";
import { HEADING_PATH_SEPARATOR } from "@/lib/ingest/chunk";
import { recordOf } from "./record-names";
import { contentWordsIn } from "@/lib/text/language";
import { snowballStem } from "@/lib/text/stem";

/**
 * A question about one section of a document, phrased as a person would ask it from the
 * section's heading ("COVERED SERVICES: Acupuncture" → "What does Northwind Health Plus cover
 * for acupuncture?", "Exceptions to Prior Authorization" → "What are the exceptions to prior
 * authorization?"), or null when the heading makes no question: generic ("Overview", "Tips"),
 * page furniture ("Company: Zava", a list item), a sentence, only words already asked, or the
 * document's own title.
 */
export function sectionQuestion(
  fileName: string,
  heading: string | null | undefined,
  asked: ReadonlySet<string> = new Set(),
  text = "",
): string | null {
  const title = documentTitle(fileName);
  const raw = heading
    ?.replace(/^#+\s*/, "")
    .trim()
    .replace(/[:.]+$/, "");
  if (!raw || raw.length > 100 || /^[-–•*\d]/.test(raw)) return null;
  // A record's part ("Director of Sales › Qualifications") is asked about by the record's name.
  const record = recordOf(raw);
  if (record !== null) return recordQuestion(record, raw.slice(record.length + HEADING_PATH_SEPARATOR.length), asked);
  // A record's first part is headed by its title alone; its form names it ("Position: Director of Sales").
  if (namedByForm(raw, text)) return recordQuestion(raw, "", asked);
  // A heading holding the whole title ("PerksPlus Health and Wellness Program") is the cover page's.
  if (raw.toLowerCase().includes(title.toLowerCase())) return null;
  const section = splitSection(raw);
  if (!section || section.topic.split(/\s+/).length > MAX_WORDS || namesDocument(section.topic, title)) return null;
  // The heading as the text repeats it says nothing of how its words are written elsewhere.
  const topic = cased(section.topic, text.split(raw).join("\n"))
    .replace(/\s*\([^)]*\)?/g, "")
    .replace(/\byour\b/gi, "my")
    .trim();
  const known = new Set([...asked, ...contentWordsIn(title, "en")].map(snowballStem));
  const words = contentWordsIn(topic, "en").map(snowballStem);
  const specific = words.filter((w) => !GENERIC.has(w));
  // A question mostly about what was just asked repeats it ("emergency room services" after "emergency room visits").
  const negated = negates(raw) ? 1 : 0;
  const fresh = specific.filter((w) => !known.has(w)).length + (asked.has(NEGATION) ? 0 : negated);
  const all = specific.length + negated;
  if (all === 0 || fresh === 0 || fresh * 2 < all) return null;
  const question = phrased(topic, section.covered, subjectOf(title));
  return question && (question.charAt(0).toUpperCase() + question.slice(1)).replace(/\bi\b/g, "I");
}

/**
 * "What are the qualifications for the Director of Sales?": a record's part, its name as
 * written; null when the question already asked of this record and this part.
 */
function recordQuestion(record: string, part: string, asked: ReadonlySet<string>): string | null {
  const partWords = contentWordsIn(part, "en").map(snowballStem);
  const recordWords = contentWordsIn(record, "en").map(snowballStem);
  if ([...recordWords, ...partWords].every((w) => asked.has(w))) return null;
  const what = part.trim().toLowerCase();
  return what && !partWords.every((w) => GENERIC.has(w))
    ? `What ${/s$/.test(what) ? "are" : "is"} the ${what} of the ${record}?`
    : `What should I know about the ${record}?`;
}

/**
 * The text's form gives the heading as its title in a field of its own ("Job Title: Senior
 * Manager of Operations, Zava", "JOB DESCRIPTION: Chief Financial Officer").
 */
function namedByForm(heading: string, text: string): boolean {
  const escaped = heading.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^\\s*\\p{L}[\\p{L} ]{1,30}:\\s*${escaped}(?![\\p{L}\\p{N}])`, "imu").test(text);
}

/** Put in `asked` when the question itself is negative ("What is not covered?"): a "Not Covered" heading then adds nothing. */
export const NEGATION = "not";

/** "What is Not Covered?", "Exclusions": the other side of a question about what is covered. */
const negates = (heading: string) => /\b(not|exclusions?|excluded)\b/i.test(heading);

/**
 * A short heading naming the document by its name ("Northwind Health Standard Plan", "Tips for
 * Understanding the Northwind Standard Insurance Plan" of Northwind_Standard_Benefits_Details.pdf).
 */
function namesDocument(topic: string, title: string): boolean {
  const [name, ...others] = title.split(/\s+/);
  const rest = topic.replace(/^(tips for\s+)?(understanding\s+)?(the\s+)?/i, "").split(/\s+/);
  return rest.length <= 5 && rest.includes(name) && others.some((word) => rest.includes(word));
}

/** A heading of more words than this is a sentence taken for a heading. */
const MAX_WORDS = 9;

/** Words that name no subject of their own: a heading made only of them asks about nothing. */
const GENERIC = new Set(
  "overview introduction summary conclusion content contents disclaimer copyright table index appendix glossary definition tip note notice background purpose scope general information important other miscellaneous detail about preface foreword abstract reference resource handbook exception covered service provider page continued my plan member employee employer"
    .split(" ")
    .map(snowballStem),
);

/** A stem (snowballStem) of a word that names no subject of its own. */
export const isGenericStem = (stem: string) => GENERIC.has(stem);

/**
 * The topic a heading names, and whether it is one of a document's covered services:
 * "COVERED SERVICES: Acupuncture", "CARE MANAGEMENT - Clinical Review", "Level 3: External
 * Review". A "Label: value" pair ("Company: Zava", "Job Type: Full-Time") or a numbered step
 * is page furniture, not a section.
 */
function splitSection(heading: string): { topic: string; covered: boolean } | null {
  const parts = heading.match(/^(.+?)(?::|\s[-–]\s|\?\s*-)\s*(.+)$/);
  if (!parts) {
    // "Psychological Testing Covered Services": a covered service named before the words.
    const service = heading.replace(/\s+covered services$/i, "");
    return { topic: service, covered: service !== heading };
  }
  const [, prefix, rest] = parts;
  if (/^step\s+\d/i.test(prefix)) return null;
  const allCaps = prefix === prefix.toUpperCase();
  if (!allCaps && !/^(level|part|section|chapter)\s+\w+$/i.test(prefix)) {
    // Title-case "Label: value" is a form field; a dash inside a title ("Surgical Center Care – Outpatient") is the title.
    return heading.includes(":") ? null : { topic: heading, covered: false };
  }
  return { topic: rest, covered: /covered services/i.test(prefix) };
}

/**
 * An all-caps heading in lower case; in a mixed-case one, acronyms ("COB", "TMJ") and names
 * the section's text writes capitalised mid-sentence and never in lower case ("Medicare",
 * "Zava") keep their case. (Documents capitalise their own terms mid-sentence too: "the
 * Out-of-Pocket Maximum", but also write them in lower case somewhere.)
 */
function cased(topic: string, text: string): string {
  if (topic === topic.toUpperCase()) return topic.toLowerCase();
  return topic.replace(/\p{Lu}[\p{L}'’-]*/gu, (word) => {
    // "I", acronyms ("COB"), inner capitals ("PerksPlus"); not a Title-Case compound ("Out-Of-Network").
    if (word === "I" || /^[\p{Lu}&-]{2,}$/u.test(word.replace(/['’]s$/u, "")) || /\p{Ll}\p{Lu}/u.test(word)) return word;
    // "Zava's": the name is what the text writes, with or without the possessive.
    const escaped = word.replace(/['’]s$/u, "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    // After a lower-case word: the heading repeated in the text ("Balance Billing") says nothing.
    // Not followed by another capitalised word: a title quoted in the text ("see Orthognathic Surgery") is no name.
    const midSentence = new RegExp(`(?<!\\p{L})\\p{Ll}+[,;:]? ${escaped}(?!\\p{L})(?!(?:['’]s)?[\\s-]+\\p{Lu})`, "u");
    // A word, not part of an address ("hr@zava.com").
    const lower = new RegExp(`(?<![\\p{L}@./])${escaped.toLowerCase()}(?!\\p{L}|\\.\\p{L})`, "u");
    return midSentence.test(text) && !lower.test(text) ? word : word.toLowerCase();
  });
}

/** "Northwind Health Plus Benefits Details" → "Northwind Health Plus": what a person calls the plan. */
const subjectOf = (title: string) =>
  title.replace(/(\s+(benefits?|details?|summary|overview|guide|booklet|brochure|document))+$/i, "") || title;

/** Heads of a topic that is an amount: "What is the … under <plan>?". */
const AMOUNT =
  /^(deductible|maximum|copays?|copayments?|co-payments?|coinsurance|co-insurance|amount|costs?|fees?|premiums?|rates?|allowance)$/;
/** A document named like a plan: an amount is "under" it ("under Northwind Standard", not "under Travel Policy"). */
const PLAN = /\b(plan|plus|standard|insurance|coverage|program|perks\w*)\b/i;
/** Heads of a topic that is a mechanism: "How does … work?". */
const MECHANISM =
  /^(protection|authorization|prior-authorization|management|review|filing|billing|coverage|coordination|reimbursement|subrogation|coinsurance|enrollment|appeals?|claims?|process|procedure|continuity|cooperation|compensation|insurance)$/;
/** Heads of a topic that is a named rule set: "What is the …?". */
const RULES = /^(policy|program|programme|act|law|code|rules|guidelines)$/;
/** Topics about people rather than a subject: "Tips for Employees". */
const AUDIENCE = /^(employees?|members?|employers?|you|me|managers?|staff)$/i;

/** The word a topic is about: its last before any preposition ("split copay" of "Split Copay For Office Visits"). */
const headWord = (topic: string) => {
  const words = topic.toLowerCase().split(/\s+/);
  const cut = words.findIndex((w, i) => i > 0 && /^(for|of|with|to|in|on|at|under|regarding|by|from)$/.test(w));
  return (cut > 0 ? words.slice(0, cut) : words).at(-1)!.replace(/[^\p{L}-]/gu, "");
};

/** "Copays", "Subrogation and Reimbursement" (but not "Uninsured and Underinsured Motorist Coverage"). */
const isPlural = (topic: string) => {
  const head = headWord(topic);
  return (
    /[^s]s$/.test(head) ||
    new RegExp(`\\band ${head}$`, "i").test(topic.replace(/\s+(for|of|with|to|in|on|at|under|regarding|by|from)\s.*$/i, ""))
  );
};

/** "the out-of-pocket maximum", "my costs", "Zava's policy". */
const the = (topic: string) => (/^(the|my|a|an)\s|^\S+['’]s\s/i.test(topic) ? topic : `the ${topic}`);

/** The question a topic's shape calls for. */
function phrased(topic: string, covered: boolean, subject: string): string | null {
  let m: RegExpMatchArray | null;
  if (covered) return `What does ${subject} cover for ${topic}?`;
  if ((m = topic.match(/^what (?:is|are|services are) (not )?covered\??$/i))) return `What does ${subject} ${m[1] ? "not " : ""}cover?`;
  if (topic.endsWith("?")) return topic;
  if ((m = topic.match(/^(?:understanding|summary of|about)\s+(?:the\s+)?(.+)$/i))) return phrased(m[1], false, subject);
  if ((m = topic.match(/^how to (.+)$/i))) return `How do I ${m[1]}?`;
  if ((m = topic.match(/^how (.+?) works?$/i))) return `How does ${m[1]} work?`;
  if ((m = topic.match(/^how (.+?) (affect|change|apply|differ)(s?)\b(.*)$/i)))
    return `How ${m[3] ? "does" : "do"} ${m[1]} ${m[2].toLowerCase()}${m[4]}?`;
  if ((m = topic.match(/^when (.+?) (is|are) (\w+)$/i))) return `When ${m[2].toLowerCase()} ${m[1]} ${m[3]}?`;
  if ((m = topic.match(/^what you can (.+)$/i))) return `What can I ${m[1]}?`;
  if ((m = topic.match(/^once (.+)$/i))) return `What happens once ${m[1]}?`;
  if (/^(how|what|when|where|why|who|which)\b/i.test(topic)) return null;
  if ((m = topic.match(/^exceptions? (?:to|for) (.+)$/i))) return `What are the exceptions to ${m[1]}?`;
  if (/^exclusions?$/i.test(topic)) return `What does ${subject} not cover?`;
  if ((m = topic.match(/^coverage (?:for|of) (.+)$/i))) return `Does ${subject} cover ${m[1]}?`;
  if ((m = topic.match(/^comparison of (.+)$/i))) return `How do the ${m[1]} compare?`;
  if ((m = topic.match(/^eligible (.+)$/i))) return `Which ${m[1]} are eligible for ${subject}?`;
  if ((m = topic.match(/^limits? (?:on|for|to) (.+)$/i))) return `Is there a limit on ${m[1]}?`;
  if ((m = topic.match(/^(.+?) limits?$/i))) return `What are the ${m[1]} limits?`;
  if ((m = topic.match(/^tips (?:for|on) (?:\w+ regarding )?(.+)$/i)))
    return AUDIENCE.test(m[1]) ? null : `What should I know about ${m[1]}?`;
  if (/^definitions?$|definitions$|^glossary$/i.test(topic)) return null;
  const head = headWord(topic);
  const plural = isPlural(topic);
  if (AMOUNT.test(head)) return `What ${plural ? "are" : "is"} ${the(topic)}${PLAN.test(subject) ? ` under ${subject}` : ""}?`;
  if (MECHANISM.test(head)) return `How ${plural ? "do" : "does"} ${topic} work?`;
  if (RULES.test(head)) return `What ${plural ? "are" : "is"} ${the(topic)}?`;
  return `What should I know about ${topic}?`;
}
