import { askedComparative, figureIn, winningSide } from "./figures";
import { asksPaidFor, saysPaying } from "./paying";
import { partOf } from "./record-names";
import { documentOf, FACT_LEAD_MATCH, keySentence, type Candidate, type RankedPart } from "./sentence-ranking";

/**
 * The sides of a comparison ("…on Standard or on Health Plus?", "each plan") and each side's own
 * sentence on the asked matter, from its own document: an answer states them side by side.
 */

/**
 * "In these situations, claims may be submitted up to 24 months…" qualifies an earlier statement
 * (an exception, an example): a side is stated by a sentence that stands on its own when one says
 * as much.
 */
const POINTS_BACK =
  /^(in (these|such|this|those|that) (cases?|situations?|instances?|circumstances?|events?)|(these|those|such) (include|exceptions?|cases?|services?|situations?)|for (example|instance)|this (means|includes|is)|otherwise|additionally|also)\b/i;

export const pointsBack = (sentence: string) => POINTS_BACK.test(sentence);

/** The documents compared: those the question names, else those whose sentences say nearly as much on it as the best. */
export function sidesOf(r: RankedPart, minShare: number): string[] {
  if (r.compared.length) return r.compared;
  const bestMatch = Math.max(...r.byScore.map((c) => c.match));
  return [...new Set(r.byScore.filter((c) => c.match >= minShare * bestMatch).map(r.sideOf))];
}

/**
 * A side's sentence: the key one of its document's sentences that hold one of the question's words
 * themselves (names aside) and say a fair share of what the best says, leaving out one pointing
 * back when a sentence of the same kind standing on its own says nearly as much.
 */
export function sideSentence(r: RankedPart, side: string, lead?: Candidate): Candidate | undefined {
  const bestMatch = Math.max(...r.byScore.map((c) => c.match));
  // "Which has the lower deductible?": a side is stated by its figure, though a sentence on
  // lower costs in general holds more of the question's words.
  const wantsFigure = r.intent.wants.some((k) => k === "amount" || k === "time");
  const own = r.byScore.filter(
    (c) => r.sideOf(c) === side && c.heldWords > 0 && (c.match >= FACT_LEAD_MATCH * bestMatch || (wantsFigure && c.fact)),
  );
  const standsInstead = (c: Candidate) => own.some((o) => !pointsBack(o.text) && o.fact === c.fact && o.match >= SIDE_CLOSE * c.match);
  const standing = own.filter((c) => !pointsBack(c.text) || !standsInstead(c));
  // "Would Standard or Health Plus cover that?": a side is stated by its sentence on paying
  // ("Northwind Standard covers both cellular immunotherapy…"), not by one saying what it is.
  const paying = asksPaidFor(r.question) ? standing.filter(saysPaying) : [];
  const pool = paying.length ? paying : standing;
  // Of a side's sentences, the one on what is asked ("…splint therapy") before one sharing only the scene's words ("TMJ care").
  // After the first side's sentence, a side is stated by its sentence on the same words ("degree").
  // Records are compared part for part: a qualification with a qualification.
  // The first side is stated by its sentence holding most of the question's words beyond its
  // name: each sentence of a named record holds the name ("manage inventory" against "degree in
  // Operations Management").
  const shared = (c: Candidate) => (lead ? c.heldStems.filter((s) => lead.heldStems.includes(s)).length : c.heldWords);
  const samePart = (c: Candidate) =>
    Number(lead !== undefined && partOf(lead.heading) !== null && partOf(c.heading) === partOf(lead.heading));
  const onAsked = [...pool].sort(
    (a, b) => samePart(b) - samePart(a) || shared(b) - shared(a) || b.score + b.askedMatch - b.match - (a.score + a.askedMatch - a.match),
  );
  return (wantsFigure ? pool.find((c) => c.fact) : undefined) ?? (onAsked.length ? keySentence(onAsked, true) : undefined);
}

/** A sentence standing on its own states a side instead of one pointing back if it matches this share of it. */
const SIDE_CLOSE = 0.8;

/**
 * A question naming the documents it compares is answered when each of them has a sentence holding
 * as many of its words (names aside) as an answer needs: "does not provide coverage for any
 * out-of-network dialysis treatments" against "out-of-network dialysis services may also be covered".
 */
export function answersEachSide(r: RankedPart): boolean {
  return (
    r.compared.length > 1 &&
    r.compared.every((side) => r.byScore.some((c) => r.sideOf(c) === side && c.heldWords >= Math.max(1, r.termsNeeded)))
  );
}

/**
 * "Lower in Northwind Health Plus: $1,500, against $2,000 in Northwind Standard." when the question
 * asks which side's figure is lower (higher, longer…) and each side's quoted sentence states one of
 * the asked kind: the figures each with its side's citation, and the side. Null when they do not
 * settle it.
 */
export function figuresVerdict(r: RankedPart, quoted: { candidate: Candidate; cite: string }[]): { line: string; winner: string } | null {
  const comparative = r.lang === "en" ? askedComparative(r.question) : null;
  const kind = r.intent.wants.includes("amount") ? "amount" : r.intent.wants.includes("time") ? "time" : null;
  if (!comparative || !kind) return null;
  const bySide = [...new Map(quoted.map((q) => [r.sideOf(q.candidate), q])).entries()];
  const figures = bySide.map(([, q]) => figureIn(q.candidate.text, kind));
  const winner = winningSide(figures, comparative.larger);
  if (winner === null) return null;
  const others = bySide.map((_, i) => i).filter((i) => i !== winner);
  const word = comparative.word[0].toUpperCase() + comparative.word.slice(1);
  const against = others.map((i) => `${figures[i]!.text} in ${r.sideName(bySide[i][0])} ${bySide[i][1].cite}`).join(" and ");
  const line = `${word} in ${r.sideName(bySide[winner][0])}: ${figures[winner]!.text} ${bySide[winner][1].cite}, against ${against}.`;
  return { line, winner: bySide[winner][0] };
}

/**
 * The named sides no quoted sentence speaks for (none names them all): "Would Health Plus or
 * Standard pay for a gastric sleeve?" answered from Health Plus alone says Standard was not found
 * saying anything on it, rather than leave the reader to guess.
 */
export function silentSides(r: RankedPart, quoted: Candidate[]): string[] {
  if (quoted.some((c) => c.comparing)) return [];
  return r.compared.filter((side) => !quoted.some((c) => r.sideOf(c) === side)).map(r.sideName);
}

/**
 * The side a question names first ("Is the deductible lower on Standard than on Health Plus?":
 * Standard), by where the first word of its title that no other side's title holds comes.
 */
export function firstNamedSide(r: RankedPart): string | undefined {
  const words = (d: string) => r.sideName(d).toLowerCase().split(/\s+/);
  const asked = r.question.toLowerCase();
  const at = (side: string) => {
    const own = words(side).filter((w) => r.compared.every((o) => o === side || !words(o).includes(w)));
    const found = own.map((w) => asked.search(new RegExp(`\\b${w.replace(/[^\p{L}\p{N}]/gu, "")}\\b`, "u"))).filter((i) => i >= 0);
    return found.length ? Math.min(...found) : Infinity;
  };
  return [...r.compared].sort((a, b) => at(a) - at(b))[0];
}

/** A sentence saying a thing of each plan: "both plans", "either plan", "the two plans", "the plans". */
const OF_EACH = /\b((both|either|each) (of )?(the )?(two )?(\w+ )?(plans?|options?)|the (two )?plans)\b/i;

/** The share of the question a side's sentence must hold for the side to be said to do it. */
const SIDE_YES_MATCH = 0.5;

/**
 * "Would Standard or Health Plus pay for fertility drugs?": "Neither." when each named side's quoted
 * sentence denies the matter, "Both." when each states it, "Only Northwind Health Plus." when one
 * states it and the others deny it; null when a side's sentence does not settle it (`states`), a
 * sentence compares them itself, or the question asks for a figure.
 */
export function sidesVerdict(r: RankedPart, quoted: Candidate[], states: (c: Candidate) => boolean): string | null {
  if (r.lang !== "en" || r.intent.wants.some((k) => k !== "comparison")) return null;
  // "The plans also cover … mammograms": one sentence stating it of each.
  const ofEach = quoted.find((c) => c.comparing && OF_EACH.test(c.text));
  if (ofEach && !ofEach.denies && states(ofEach) && ofEach.askedMatch >= SIDE_YES_MATCH) return "Both.";
  if (r.compared.length < 2 || quoted.some((c) => c.comparing)) return null;
  // Records compared ("Manager or Senior Manager of R&D?") differ in what they ask, not in whether they do.
  if (r.sideOf !== documentOf) return null;
  const said = r.compared.map((side) => quoted.find((c) => r.sideOf(c) === side));
  // A yes is said of a side only when its sentence says much of the matter: "verify that they're
  // covered by your plan" is no statement that the stay is.
  if (said.some((c) => c === undefined || !states(c) || (!c.denies && c.askedMatch < SIDE_YES_MATCH))) return null;
  const yes = said.filter((c) => !c!.denies);
  if (yes.length === 0) return "Neither.";
  if (yes.length === said.length) return "Both.";
  return yes.length === 1 ? `Only ${r.sideName(r.sideOf(yes[0]!))}.` : null;
}
