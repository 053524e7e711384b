/**
 * "Whose deductible is lower, Health Plus or Standard?": which side's stated figure is the lower
 * (or higher, longer, cheaper…), computed from the figures the sides' sentences state. Amounts
 * compare with amounts of the same unit, durations with durations (in days).
 */

export interface Figure {
  /** As the sentence writes it: "$1,500", "twelve months". */
  text: string;
  /** "$", "%", or "days" for a duration. */
  unit: string;
  value: number;
}

/** The comparative a question asks by, and whether it asks for the larger figure. */
const LARGER = /\b(more|longer|higher|greater|bigger|larger|pricier|more expensive|most|longest|highest)\b/i;
const SMALLER = /\b(less|fewer|shorter|lower|cheaper|smaller|less expensive|least|shortest|lowest|cheapest)\b/i;

export function askedComparative(question: string): { word: string; larger: boolean } | null {
  const larger = LARGER.exec(question);
  const smaller = SMALLER.exec(question);
  // The comparative written first is the one asked by ("lower … more than" is rare; first wins).
  const first = [larger && { m: larger, larger: true }, smaller && { m: smaller, larger: false }]
    .filter((x): x is { m: RegExpExecArray; larger: boolean } => Boolean(x))
    .sort((a, b) => a.m.index - b.m.index)[0];
  return first ? { word: first.m[0].toLowerCase(), larger: first.larger } : null;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  sixty: 60,
  ninety: 90,
  a: 1,
  an: 1,
};
const DAYS_PER: Record<string, number> = { day: 1, week: 7, month: 30, year: 365 };

const MONEY = /([$€£])\s?(\d[\d,]*(?:\.\d+)?)|(\d[\d,]*(?:\.\d+)?)\s?(%|percent\b)/i;
const DURATION = new RegExp(
  `\\b(\\d+|${Object.keys(NUMBER_WORDS).join("|")})\\+?[- ](?:(?:business|calendar|working|full|consecutive)[- ])?(day|week|month|year)s?\\b`,
  "i",
);

const number = (text: string) => Number(text.replace(/,/g, ""));

/** The first figure of the asked kind a sentence states: an amount, or a duration. */
export function figureIn(sentence: string, kind: "amount" | "time"): Figure | null {
  if (kind === "amount") {
    const m = MONEY.exec(sentence);
    if (!m) return null;
    return m[1] ? { text: m[0], unit: m[1], value: number(m[2]) } : { text: m[0], unit: "%", value: number(m[3]) };
  }
  const m = DURATION.exec(sentence);
  if (!m) return null;
  const count = /^\d/.test(m[1]) ? Number(m[1]) : NUMBER_WORDS[m[1].toLowerCase()];
  return { text: m[0], unit: "days", value: count * DAYS_PER[m[2].toLowerCase()] };
}

/**
 * Which of two or more sides states the larger (or smaller) figure, when each states one of the
 * same unit and they differ: the index of that side, or null when the figures do not settle it.
 */
export function winningSide(figures: (Figure | null)[], larger: boolean): number | null {
  if (figures.length < 2 || figures.some((f) => f === null)) return null;
  const all = figures as Figure[];
  if (new Set(all.map((f) => f.unit)).size > 1) return null;
  const values = all.map((f) => f.value);
  const best = larger ? Math.max(...values) : Math.min(...values);
  return values.filter((v) => v === best).length === 1 ? values.indexOf(best) : null;
}
