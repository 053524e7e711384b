import { isNegative } from "@/lib/text/question-intent";

/**
 * The parts of a sentence a negation governs: "Alternative therapies such as acupuncture and
 * chiropractic care are not covered" denies chiropractic care; "If you don't have a car, the plan
 * covers rides to appointments" denies nothing about the rides. A negative lead-in ("Our plan does
 * not cover: routine foot care; …") or heading ("What is Not Covered?") denies all that follows;
 * "except"/"excluding"/"rather than" denies what comes after it ("all lessons except golf").
 */
export function deniedParts(sentence: string, heading: string | null, antecedent: string | null = null): string[] {
  if (heading !== null && isNegative(heading)) return [sentence];
  // "…does not cover treatment intended to cure… This includes chemotherapy": what the denial includes is denied.
  if (antecedent !== null && ELABORATES.test(sentence) && !isNegative(sentence) && deniedParts(antecedent, null).length) return [sentence];
  // An item of a list led in as left out ("Our plan does not cover: Routine foot care, …").
  if (antecedent?.endsWith(":") && (isNegative(antecedent) || EXCEPTIONS_LEAD.test(antecedent))) return [sentence];
  const lead = /^([^:]{3,160}):\s/.exec(sentence);
  if (lead && (isNegative(lead[1]) || EXCEPTIONS_LEAD.test(lead[1]))) return [sentence];
  return clauses(sentence.replace(WHO_CLAUSE, "")).flatMap((clause) =>
    EXCEPTING.test(clause) ? [clause] : CONDITION.test(clause) ? [] : negated(clause),
  );
}

/** A sentence naming what the one before covers ("This includes…", "These include…", "Such as…"). */
const ELABORATES = /^(?:This|These|Such)\b[^.,;:]{0,40}?\b(?:includes?|including|such as|covers?|applies)\b/i;

/** A list led in as exceptions ("These exceptions include: …; Drugs for fertility treatments") lists what is left out. */
const EXCEPTIONS_LEAD = /\b(exceptions|exclusions)\b/i;

/**
 * A condition sets when the rest holds, it denies nothing: "If you cannot find an in-network
 * provider, … Health Plus may cover a portion of the cost"; "It will also cover the cost of
 * repair…, as long as they are not part of a health maintenance organization (HMO) plan".
 */
const CONDITION =
  /^(if|when|whenever|once|in case|as long as|so long as|(provided|providing)(?= (that|you|your|they|it|the|he|she|we)\b))\b/i;

/**
 * What a clause's negation governs: "no" denies only the words it leads ("covered at 100% with no
 * copayment" denies the copayment, not the cover); "not", "never", "excluded" deny the clause.
 */
function negated(clause: string): string[] {
  if (!isNegative(clause)) return [];
  if (isNegative(clause.replace(/\bno\b/gi, " "))) return [clause];
  return [clause.slice(clause.search(/\bno\b/i))];
}

/**
 * "…a great option for those who need services but may not be able to pay…", "…is an individual
 * who reports activities … not in accordance with company policy": a clause on who someone is,
 * after the sentence has said what it says, describes the person; its negation denies nothing.
 * ("Employees who leave are not eligible" says it after the clause, and keeps it.)
 */
const WHO_CLAUSE = /(?<=\b(?:is|are|was|were|be|for|to|of|with)\b[^,;:]*?)\s+who\b.*$/i;

/** A clause opening with an exception: what it names is left out. */
const EXCEPTING = /^(except( for)?|excluding|other than|apart from|rather than|instead of)\b/i;

/**
 * Clauses: an opening "if …," or "when …,", then parts split at semicolons, at contrasting or
 * excepting words, and at a comma that opens a new clause (a pronoun or an article follows) or a
 * contrast (", not including…"), not at the commas of a list ("…bruxism, TMJ splint therapy, or
 * orthodontic treatment").
 */
const OPENING_CLAUSE = /^((?:if|when|unless|because|although|though|once|after|before|while)\b[^,]{1,200}),\s+/i;
const CLAUSE_BREAK =
  /\s*;\s*|\s+(?=(?:but|while|whereas|although|though|however|except|excluding|unless|rather than|instead of)\b)|,\s+(?=(?:and |but |so )?(?:the|this|that|these|those|it|you|we|they|our|your|he|she|there|not)\b)|,\s+(?=(?:as|so) long as\b|(?:provided|providing) (?:that|you|your|they|it|the|he|she|we)\b)/;

function clauses(sentence: string): string[] {
  const opening = OPENING_CLAUSE.exec(sentence);
  const rest = opening ? sentence.slice(opening[0].length) : sentence;
  return [...(opening ? [opening[1]] : []), ...rest.split(CLAUSE_BREAK)].filter((part) => part.trim().length > 0);
}
