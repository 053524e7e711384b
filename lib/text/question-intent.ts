/**
 * What kind of fact a question asks for, and whether a sentence holds one: an amount for "how
 * much", a number for "how many", a date or duration for "when" / "how long", a phone number or
 * address for "who do I call", a sentence setting two things side by side for "which of the two", a
 * sentence saying what to do for "how do I". The offline answer puts a sentence holding the asked-for fact
 * first; a yes/no question is answered with a yes or a no when a sentence states it.
 */
import { detectLanguage } from "./language";

export type FactKind =
  "amount" | "count" | "time" | "distance" | "contact" | "comparison" | "procedure" | "resource" | "superior" | "person";

export interface QuestionIntent {
  /** The kinds of fact that answer it (empty: any sentence that addresses it). */
  wants: FactKind[];
  /** Asked to be answered with yes or no ("Does the plan cover…?", "Can I…?"). */
  yesNo: boolean;
  /** Asks whether something is there at a time ("on a Sunday night", "after hours"). */
  availability?: boolean;
  /**
   * Asks for the fact in so many words ("how much", "when", "who do I call"), not only names a
   * topic that has one ("How does coinsurance work?"): the answer is then the fact, or nothing.
   */
  pointed?: boolean;
  /** Asks how long ("How many years…?", "how soon"): a frequency ("daily operations", "annual") is no answer. */
  duration?: boolean;
  /** Asks what percentage ("what share of the bill"): a sum in dollars is no answer. */
  percentage?: boolean;
  /** Asks how often ("How often do I get that notice?"): a deadline ("within 180 days") is no answer. */
  frequency?: boolean;
  /**
   * Asks how much of a cost is paid, or whether there is a cap ("How much of the bill could end up
   * on me?"): "all the costs", "covered in full", "up to a certain amount" answer it as a figure does.
   */
  share?: boolean;
  /** Asks how soon something is to be done ("How soon am I supposed to report it?"): "immediately" answers it. */
  soon?: boolean;
  /** Asks at what point something happens ("At what point will they send me…?"): "after they process a claim" answers it. */
  point?: boolean;
}

/** "What percentage…", "quel pourcentage", "¿qué porcentaje…?", "welcher Prozentsatz": a share, not a sum. */
const ASKS_PERCENTAGE = /(?<![\p{L}\p{N}])(percentage|percent|pourcentage|porcentaje|prozentsatz|prozent)(?![\p{L}\p{N}])/iu;
const PERCENT_FIGURE = /\d\s?(%|percent\b|per cent\b)/i;

const ASKS_SHARE =
  /\bhow much of\b|\b(all|any|part|some|none) of (it|that|this|them|the (costs?|bill|charges?|fees?|expenses?))\b|\b(a|any) (cap|ceiling|limit|maximum) (on|to)\b|\bthe most\b[^?]{0,40}\b(pay|owe|cover|reimburse)/i;
/** A share of a cost, or a cap, in words: what a figure would say. */
const SHARE_STATED =
  /\b(full|entire|whole) (cost|amount|bill|charges?|price)\b|\btotal (cost|charges?)\b|\ball (of )?the costs?\b|\b(covered|paid|reimbursed) in full\b|\bat no (additional |extra )?cost\b|\bno (additional |extra )?(out-of-pocket )?(costs?|charges?|expenses?|copay(ment)?s?|coinsurance|deductibles?)\b|\bnot (be )?(responsible|liable) for (any|the) ([\w-]+ )?(costs?|charges?|fees?|expenses?|bills?|amounts?|balance)\b|\b(will|do|does) not count (toward|towards)\b|\bup to (a certain|the) (dollar )?(amount|limit|maximum)\b|\b(not|never) exceed\b|\blimited to (the|a|your) (amount|maximum|limit)|\bpolicy limits?\b/i;

/**
 * A length of time asked by its noun, not by "how long": "how much notice", "the longest stay",
 * "until what age". It asks a time even where "how much" or "pay" would read as an amount.
 */
const ASKS_TIME_SPAN =
  /(?<![\p{L}\p{N}])(how much (advance |prior |work |relevant )?(notice|time|warning|lead time|leeway)|how much ([\p{L}-]+ ){0,3}?experience|(more|fewer|most|fewest|less) years|(longest|maximum|max|shortest|minimum) (length of )?(stay|time|period|duration|notice|wait|leave)|(until|up to|to|till) what age|what age|how old|age limit|quel [âa]ge|qu[eé] edad|welche[ms]? alter|wie alt)(?![\p{L}\p{N}])/iu;

/** "How many days", "combien d'années", "cuántos años", "wie viele Tage": a count of time units. */
const TIME_COUNT =
  /(?<![\p{L}\p{N}])(how many (days?|weeks?|months?|years?|hours?|minutes?)|combien (de |d['’] ?)(jours|semaines|mois|ans|années|heures)|cu[aá]nt[oa]s (d[ií]as|semanas|meses|años|horas)|wie viele (tage|wochen|monate|jahre|stunden))(?![\p{L}\p{N}])/iu;

const ASKS_DURATION = /\b(how long|how soon|how far (ahead|in advance)|wie lange|combien de temps|cu[aá]nto tiempo)\b/iu;
const ASKS_SOON = /\b(how soon|how quickly|how fast|when (should|must|do|am|are|shall) (i|we|you)\b)/i;
const IMMEDIATELY = /\b(immediately|right away|at once|as soon as (possible|practicable|you can)|promptly|without delay)\b/i;
/** "At what point…", "from what stage…": a time, answered by the point it comes at ("…until you have met the deductible"). */
const ASKS_POINT = /\b(at|from|by) what (point|stage)\b/i;
const AT_A_POINT = /\b(after|until|once|prior to|before) (you|we|they|it|the|a|an|your|their|this|that|any|all)\b/i;
const ASKS_FREQUENCY =
  /\b(how often|how frequently|wie oft|wie häufig|à quelle fréquence|tous les combien|con qu[ée] frecuencia|cada cu[aá]nto)\b/iu;
/** How often, not how long: "annually", "once a year", "every two years", "twice per month". */
const FREQUENCY =
  /\b(daily|weekly|monthly|quarterly|annual|annually|yearly|biennially|(once|twice|(one|two|three|\d+) times?) (a|an|per|each|every) \w+|(every|each|per) ((\d+|two|three|four|five|six|other) )?(days?|weeks?|months?|years?|calendar years?|plan years?))\b/i;

/**
 * "When" that asks: opening a clause ("When is it due?", "…, when should I book?") or after "tell
 * me" / "know"; not the conjunction inside one ("…responsibilities when using out-of-network providers").
 */
const ASKING_WHEN = /(?:^|[,;:¿]\s*|\b(?:and|or|but|so|by|until|till|since|me|know|wondering|out|ask|about) )when\b/i;

const POINTED =
  /\b(how (much|many|long|soon|often|far|early)|what (time|date|day|number|email|e-mail|address|percentage)|deadline|who( (at|in|inside|within) [\p{L}\p{N}' ]{1,30}?)? (do|should|can|could|would|must) (i|we|you)|which (team|department|number|office)|wie (viel|viele|lange|oft)|wann|wem|combien|quand|cu[aá]nt[oa]s?|cu[aá]ndo)\b/iu;

/** How each kind is asked, in English, German, French and Spanish (the languages with question words here). */
const ASKS: Record<FactKind, RegExp> = {
  amount:
    /\b(how much|costs?|price|prices|fees?|(?<!\ben )charges?|charged|pay|paid|deductibles?|co-?pays?|coinsurance|premiums?|(?<!(education|qualifications?|studies|schooling|experience|age) )(maximum|minimum)(?! (education|qualifications?|studies|schooling|experience|age)\b)|limits?|reimburse\w*|allowance|budget|amount|rates?|percent(age)?|salary|worth|spend|towards?|contribute\w*|wie ?viel|kost\w*|zahlen|combien|co[uû]te?\w*|payer|cu[aá]nto|cuesta|pagar)\b/iu,
  count: /\b(how many|wie viele|combien de|cu[aá]nt[oa]s)\b/iu,
  time: /\b(how long|(?<!\bno )longer|more time|how soon|how quickly|how fast|how often|how far (ahead|in advance)|how early|in advance|ahead of time|beforehand|deadline|due|by what date|what date|what time|which day|wann|wie lange|wie oft|frist|quand|combien de temps|d[ée]lai|cu[aá]ndo|cu[aá]nto tiempo|plazo)\b/iu,
  distance:
    /(?<![\p{L}\p{N}])(how far(?! (ahead|in advance|back))|what distance|wie weit|[àa] quelle distance|a qu[eé] distancia)(?![\p{L}\p{N}])/iu,
  comparison:
    /\b(which (one|plan|of (the|these|those|both|two))|each (plan|option)|both plans|either plan|the two plans|(both|either|the two) (\w+ )?plans|or (on |in |under |with )?both|either one|between|compare\w*|comparison|better|worse|versus|vs\.?|difference|differ\w*|more than|less than|welche[rs]? der|lequel|cu[aá]l de)\b/iu,
  procedure:
    /\b(how (do|can|should|would|could|to) (i|we|you|employees?|one|my|they)\b|how to\b|what (should|do|must|can) (i|we) do|what (are the )?steps|what is the (process|procedure)|wie (kann|soll|muss) (ich|man)|comment (puis|dois|faire)|c[oó]mo (puedo|debo|se))/iu,
  // "Where can I look up what my copay will be?", "Is there somewhere I can see the whole list?": a place to look.
  resource:
    /\b(where (can|could|do|should|would|might) (i|we|you|one) (look|check|find|see|get|search|view|read|access|learn)|(is there|do you have|does \w+ have) (somewhere|anywhere|a place|a tool|a website|a site|an app)|how (do|can|could) (i|we) (find out|look up|check|see)|where to (look|check|find)|look (it |that |this |them )?up)\b/i,
  contact:
    /(?<![\p{L}\p{N}])(who( (at|in|inside|within) [\p{L}\p{N}' ]{1,30}?)? ((do|should|can|could|would) (i|we|you)( (need|have|want|got) to)?|(am i|are we|are you) (supposed|meant|expected|required) to) (call|contact|ask|email|e-mail|write to|reach|talk to|speak to|tell|notify|report (it )?to|turn to|go to)|(is there )?(anyone|anybody|someone|somebody)( [\p{L}\p{N}' ]{1,30}?)? (who|that) (can|could|will|would) help|(which|what) (team|department|office|person|people|group|unit|desk) (do|should|can|could|would|must) (i|we|you)|(which|what) ([\p{L}-]+ )?(government |state |public |federal )?(agency|body|authority|regulator|official|department|office|organi[sz]ation)\b(?! (hours|visits?|space|supplies|equipment))|(is there )?(a|an|any) ((government|state|public|federal|outside|external|independent) )+(agency|body|authority|regulator|official|department|office|organi[sz]ation)\b|who is (responsible|in charge)|(which|what) (executive|officer|role|position) (is|handles|leads|oversees)|point of contact|contact|phone|telephone|call|e-?mail|reach (out|them|you|him|her|someone|somebody|anyone|support|customer|the|a|an)\b|hotline|number (for|to|of (the|your|my|our|their))\b|(what|which) (phone |fax |telephone )?number(?! of)|(what|which) address|mail (it|them|this|that)? ?to|wem (soll|kann|muss|sollte) (ich|man)|an wen|anrufen|telefon\w*|nummer|kontakt\w*|[àa] qui|appeler|t[ée]l[ée]phone|num[ée]ro|contacter|a qui[eé]n|llamar|tel[ée]fono|n[uú]mero|contactar|correo)(?![\p{L}\p{N}])/iu,
  // "What's the name of Zava's CEO?": a person, by name.
  person:
    /\b(what('s| is| was) (the )?(full )?name of|who (is|was) (the |our |zava's |their |your )?(current |new |present )?(ceo|cfo|coo|cto|president|chair(man|woman|person)?|founder|owner))\b/i,
  // "Who would the operations manager answer to?": whom a role reports to.
  superior:
    /\bwho (does|do|would|will|should) (?!(i|we|you|one)\b).{1,60}\b(report|answer) to\b|\bwho (is|'s) (the|my|his|her|their) (boss|manager|supervisor)\b/iu,
};

/** Numbers in words, as documents write small ones ("sixteen weeks", "ten years"). */
const NUMBER_WORDS =
  "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred";

const HOLDS: Record<FactKind, RegExp> = {
  amount: /[$€£¥]\s?\d|\b\d[\d,.]*\s?(%|percent\b|dollars?\b|euros?\b|usd\b|eur\b|gbp\b|pounds\b)/i,
  count: new RegExp(String.raw`\b\d+\b|\b(${NUMBER_WORDS})\b`, "i"),
  time: new RegExp(
    String.raw`\b(\d+\+?|${NUMBER_WORDS})\s*(-|to)?\s*(business |calendar |working |consecutive |full |straight )?(days?|weeks?|months?|years?|hours?|minutes?)\b|\b(daily|weekly|monthly|quarterly|annual|annually|yearly|every (day|week|month|year)|each (day|week|month|year)|per (day|week|month|year))\b|\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}(:\d{2})?\s?(am|pm|a\.m\.|p\.m\.|uhr|h)(?!\p{L})|\b\d{1,2}:\d{2}\b|\b(noon|midday|midnight)\b|\b(start|beginning|end|first day|last day) of (the |each |every |a |your )?(calendar |plan |benefit |fiscal |next )?(year|month|week|quarter|period)\b|\b(ages?|aged|under|over) (of )?\d{1,2}\b`,
    "iu",
  ),
  distance: /\b\d[\d,.]*\s?(miles?|mi|km|kilomet(er|re)s?|feet|ft|meters?|metres?)\b/i,
  comparison: /\b(while|whereas|than|both|unlike|compared|only (covers|offers|includes)|differ\w*)\b/i,
  // How it is done: what one must do, or the way one can ("…request refills online or by phone").
  procedure:
    /\b(should|must|need to|needs to|have to|has to|(are|is) (required|encouraged) to|please|contact|notify|submit|call|send|complete|ask|fill out|log in|sign in|go to|visit|online|by (phone|telephone|mail|e-?mail|fax)|(mobile )?app|website|portal|in person)\b/i,
  // A place to look: a website, an app, a tool, a directory, the card or the handbook.
  resource:
    /\b(web ?sites?|online|(mobile )?apps?|portals?|tools?|director(y|ies)|finder|estimator|(insurance|ID|member(ship)?) card|listed (on|in)|available (on|at|in|through)|handbook|intranet)\b/i,
  contact:
    /\b\d{3}[-.\s]\d{3}[-.\s]\d{4}\b|\bP\.? ?O\.? Box \d+|\b1-8\d\d-|\bext(ension|\.)?\s*\d{3,5}\b|[\w.+-]+@[\w-]+\.[\w.]+|\bhttps?:\/\/|\bwww\.|\b(department|team|desk|office|hotline|representative|manager|human resources|commissioner|agency|regulator|ombudsman|bureau)\b(?!-)(?<!\b(doctor|physician|provider|dentist)['’]s office)/i,
  // "Mr. Lee", "Jane Doe, our CEO", "Jane Doe is…": a person's name (a title's words are no name).
  person: /\b(Mr|Mrs|Ms|Dr)\.? \p{Lu}\p{Ll}+|\b\p{Lu}\p{Ll}+ (\p{Lu}\. )?\p{Lu}\p{Ll}+(?=,| (is|was|has|serves|joined|founded|leads)\b)/u,
  // "Reports To: Chief Executive Officer", "The COO will report to the CEO"; not "present reports to the board".
  superior: /(^|\b(will|shall|must|who|which|that|directly)\s+)(reports?|reporting)\s+(directly\s+)?to\b/i,
};

/** How a yes/no question starts; German and French also by a verb before its pronoun ("Bekomme ich…?", "Dois-je…?"). */
const YES_NO_START =
  /^(is|are|does|do|did|can|could|will|would|should|shall|may|am|has|have|was|were|isn't|aren't|doesn't|don't|can't|ist|sind|kann|darf|muss|gibt es|wird|hat|habe|est-ce que|puis-je|peut-on|¿?(es|son|puedo|puede|hay|tengo|cubre))\b|^\p{L}+ (ich|du|wir|ihr|man)\b|^\p{L}+-(je|tu|il|elle|on|nous|vous|ils|elles)\b/iu;

/** "On a Sunday night", "after hours": the question asks whether something is there at that time. */
const AVAILABILITY =
  /\b(on (a |the )?(mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|weekends?|holidays?)|at night|overnight|after hours|around the clock|any ?time|at this hour|in the middle of the night)\b/i;

/** Words that ask for an amount even in a yes/no question ("Is there a limit on…?", "Is the copay over $50?"). */
const NAMES_AN_AMOUNT =
  /\b(how much|costs?|prices?|fees?|deductibles?|co-?pays?|coinsurance|premiums?|maximum|minimum|limits?|cap|amount|percent(age)?|pays? (more|less|the most|the least)|cheaper|(more|less) expensive|[$€£]\s?\d)/iu;

export const namesAnAmount = (question: string) => NAMES_AN_AMOUNT.test(question);

/**
 * "Can I get the costs reimbursed?", "Will they cover the fees?": the costs are what would be paid
 * for, not a figure asked. (A cost asked of, "Is the deductible lower…?", stays.)
 */
const COSTS_PAID_FOR =
  /\b((reimburs|cover|pay|refund|claim|expens)\w* (back )?(for )?(the |my |our |those |these |all )?(costs?|fees?|prices?|expenses)|(the |my |those |these )?(costs?|fees?|expenses) (\w+ )?(reimbursed|covered|paid( back)?|refunded))\b/gi;
const namesAnAmountAsked = (question: string) => namesAnAmount(question.replace(COSTS_PAID_FOR, " "));

/** A Spanish question without a question word ("¿PerksPlus me paga…?") asks yes or no. */
// Letters around the question word, not \b: JavaScript's \b ends "¿Qué" nowhere ("é" is no \w).
const SPANISH_OPEN_QUESTION =
  /^¿(?!.*(?<!\p{L})(qu[eé]|cu[aá]l(es)?|cu[aá]nt[oa]s?|c[oó]mo|d[oó]nde|cu[aá]ndo|qui[eé]n(es)?|por qu[eé])(?!\p{L}))/iu;

/** Available at any hour: answers "yes" to whether something is there on a Sunday night. */
const ALWAYS =
  /\b(24 hours a day|24\/7|7 days a week|seven days a week|around the clock|every day|at any time|any time of (the )?(day|night))\b/i;

export const alwaysAvailable = (sentence: string) => ALWAYS.test(sentence);

export function questionIntent(question: string): QuestionIntent {
  const q = question.trim();
  // "Can I reach customer service on a Sunday night?" asks when they can be reached, not how.
  if (AVAILABILITY.test(q)) return { wants: ["time"], yesNo: isYesNo(q), availability: true, pointed: true };
  // What a message asks is in the clause that asks ("I can't afford my coinsurance. Can I pay it off gradually?").
  const clause = askingClause(q);
  // "How many days", "combien de jours" ask for a time, not a count or an amount; so do "how much
  // notice", "the longest stay".
  const timeCount = TIME_COUNT.test(clause);
  const spanAsked = ASKS_TIME_SPAN.test(clause);
  const asked = (kind: FactKind) =>
    ASKS[kind].test(clause) || (kind === "time" && (ASKING_WHEN.test(clause) || ASKS_POINT.test(clause) || spanAsked || timeCount));
  const yesNo = isYesNo(q);
  const wants = (Object.keys(ASKS) as FactKind[]).filter(asked).filter((kind) => {
    if (kind === "count") return !timeCount;
    // "Does Zava teach employees how to notice…?" asks whether, not how.
    if (kind === "procedure") return !yesNo;
    // "Would PerksPlus pay toward a spa weekend?" asks whether, not how much; so does "Which plan
    // would pay for the stay?".
    // "When does what I've paid toward my cap go back to zero?" asks when; what was paid is the subject.
    const whether = yesNo || asked("comparison");
    if (kind === "amount")
      return (
        !spanAsked &&
        !timeCount &&
        (!asked("count") || /\bhow much\b/i.test(clause)) &&
        (!whether || namesAnAmountAsked(clause)) &&
        (!ASKS_WHEN.test(clause) || /\bhow much\b/i.test(clause))
      );
    return true;
  });
  return {
    wants,
    yesNo,
    pointed: POINTED.test(clause) || ASKING_WHEN.test(clause) || spanAsked || ASKS.person.test(clause),
    ...(wants.includes("time") && (ASKS_DURATION.test(clause) || spanAsked || timeCount) ? { duration: true } : {}),
    ...(wants.includes("amount") && ASKS_PERCENTAGE.test(clause) ? { percentage: true } : {}),
    ...(wants.includes("amount") && ASKS_SHARE.test(clause) ? { share: true } : {}),
    ...(wants.includes("time") && ASKS_FREQUENCY.test(clause) ? { frequency: true } : {}),
    ...(wants.includes("time") && ASKS_SOON.test(clause) ? { soon: true } : {}),
    ...(wants.includes("time") && ASKS_POINT.test(clause) ? { point: true } : {}),
  };
}

/** Starts by asking when, in English: the time is what is asked, whatever else the question names. */
const ASKS_WHEN = /^(when|how (long|soon|often))\b/i;

/** "Can you explain…?", "Could you tell me…?": a request to explain, not a yes/no question. */
const REQUEST =
  /^(can|could|would|will) you (please )?(explain|tell|describe|list|give|show|outline|summari[sz]e|walk|clarify|detail|spell out)\b/i;

const isYesNo = (q: string) => {
  const clause = askingClause(q);
  // "Je suis sur Health Plus : est-ce que le traitement est pris en charge ?": it asks after the colon.
  const afterColon = /:\s+([^:]+)$/u.exec(clause)?.[1];
  return [clause, ...(afterColon ? [afterColon] : [])].some(
    (asked) =>
      !asksWh(asked) &&
      !REQUEST.test(asked) &&
      (YES_NO_START.test(asked) || SPANISH_OPEN_QUESTION.test(asked) || verbFirstQuestion(asked)) &&
      !asksWhichOf(asked),
  );
};

/**
 * "Is it A or B?" asks which, not whether: alternatives named ("Standard or Health Plus"), set
 * apart by a comma ("…, or would either pay?") or closing the question ("in person or online?").
 * Words joined inside a phrase ("report illegal or shady behaviour") ask whether.
 */
const asksWhichOf = (clause: string) =>
  /(?<![\p{L}\p{N}])\p{Lu}\p{L}*,? (or|oder|ou|o) \p{Lu}/u.test(clause) ||
  /,\s*(or|oder|ou|o)\b/iu.test(clause) ||
  /(?<![\p{L}\p{N}])(or|oder|ou|o)( [\p{L}\p{N}'-]+){1,3}\s*[?.!]*\s*$/iu.test(clause);

/**
 * A German or Dutch question that does not open with a question word opens with its verb and asks
 * yes or no ("Übernimmt PerksPlus die Kosten…?", "Zahlt Northwind Standard…?").
 */
const verbFirstQuestion = (clause: string) => /\?\s*$/.test(clause) && ["de", "nl"].includes(detectLanguage(clause));

/** Starts asking for something other than yes or no. */
const WH_START =
  /^¿?(what|which|who|whom|whose|when|where|why|how|was|wie|wer|wo|wann|welche[rsnm]?|warum|que|quel(le)?s?|qui|quand|où|comment|combien|qu[eé]|cu[aá]l|qui[eé]n|c[oó]mo|d[oó]nde|cu[aá]ndo|cu[aá]nt[oa]s?)(?![\p{L}\p{N}])/iu;

/** "Was" asks what in German ("Was stellt Zava her?"), whether in English ("Was my claim denied?"). */
const asksWh = (clause: string) => WH_START.test(clause) && !(/^was\b/i.test(clause) && detectLanguage(clause) === "en");

/**
 * The sentence of a message that asks: its last question, past sentences that set the scene ("I've
 * been told I have high blood pressure. Does Health Plus…?"); "Can I put my kid's lessons on
 * PerksPlus? Well, mine actually.": the question is what asks.
 */
export function askingSentence(q: string): string {
  const sentences = q.split(/(?<=[.!?])\s+(?=\S)/).filter((s) => /[\p{L}\p{N}]/u.test(s));
  const last = sentences.findLast((s) => s.includes("?")) ?? sentences.at(-1) ?? q;
  // "Falls ich mich bewerbe: Wo wäre mein Arbeitsort?": a question after a colon asks; the
  // alternatives after one ("Which asks for more: the Manager or the Director?") do not.
  const afterColon = /:\s+(\p{Lu}[^:]*)$/u.exec(last)?.[1];
  return afterColon && (asksWh(afterColon) || YES_NO_START.test(afterColon)) ? afterColon : last;
}

/**
 * The part of a message that asks: its last question ("We're on Standard. Would it cover…?"), past
 * a leading clause that sets the scene ("After my yearly review, will I get anything in writing?").
 */
export function askingClause(q: string): string {
  const last = askingSentence(q);
  if (asksWh(last)) return last;
  // "Once I've paid my deductible, what share is on me?", "I'm on Health Plus; will the plan
  // pay…?": the clause after the scene asks.
  const clauses = last.split(/[,;]\s+/);
  const asking = clauses.findIndex((c, i) => i > 0 && (YES_NO_START.test(c) || asksWh(c)));
  return asking > 0 ? clauses.slice(asking).join(", ") : last;
}

/** A day of the calendar written in figures: "2023-03-05", "03/05/2023". */
const CALENDAR_DATE = /\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b/g;

/** A month's name, as a name: capitalised, and "May" only beside a day ("may" is mostly a verb). */
const MONTH = /\b(January|February|March|April|June|July|August|September|October|November|December)\b|\bMay \d|\d May\b/;

/** Whether the sentence holds a fact of a kind the question wants. */
export function holdsWantedFact(sentence: string, intent: QuestionIntent): boolean {
  return intent.wants.some((kind) => {
    if (kind === "amount" && intent.percentage) return PERCENT_FIGURE.test(sentence);
    if (kind === "amount" && intent.share) return HOLDS.amount.test(sentence) || SHARE_STATED.test(sentence);
    if (kind !== "time") return HOLDS[kind].test(sentence);
    if (intent.frequency) return FREQUENCY.test(sentence);
    if (intent.soon && IMMEDIATELY.test(sentence)) return true;
    if (intent.point && AT_A_POINT.test(sentence)) return true;
    // "How many days off…?": a duration is no date ("Last Updated: 2023-03-05") nor a frequency.
    const stated = intent.duration ? sentence.replace(new RegExp(FREQUENCY.source, "gi"), " ").replace(CALENDAR_DATE, " ") : sentence;
    return HOLDS.time.test(stated) || (!intent.duration && MONTH.test(stated));
  });
}

/** A negation that makes a statement a "no": "does not cover", "is excluded", "is prohibited", "never". */
const NEGATION =
  /\b(not|no|never|none|neither|nor|cannot|excluded|excludes|exclusions?|exempt|prohibited|forbidden|ineligible|isn't|aren't|doesn't|don't|won't|can't)\b|n't\b/i;
/**
 * Phrases that hold a negation word without denying anything: "including but not limited to", "not
 * only … but also", "does not cover all services" (some are covered), "whether it is necessary or not".
 */
const NOT_DENYING =
  /\b(but )?not limited to\b|\bnot only\b|\bnot (\w+ )?(all|every|always|necessarily)\b|\bno (later|more|less|fewer) than\b|\bnot to exceed\b|\bor not\b/gi;

export function isNegative(sentence: string): boolean {
  return NEGATION.test(sentence.replace(NOT_DENYING, " "));
}

/**
 * What a yes/no question asks leave to skip, by its stem: an action ("…without encrypting them?":
 * "encrypt"), or the choice of a thing ("…at any pharmacy?": "pharmac", `choice`). A sentence
 * requiring it ("Customer data must be encrypted", "members must use one of the preferred
 * pharmacies") answers no.
 */
export interface Skipped {
  stem: string;
  choice: boolean;
}

export function skippedAction(question: string, yesNo = isYesNo(question)): Skipped | null {
  const skipped = /\bwithout (\p{L}{4,}?)(?:ing|e?d)?\b/iu.exec(question);
  if (skipped) return { stem: skipped[1].toLowerCase(), choice: false };
  const chosen = /\b(?:any|whichever|whatever) (?:\p{L}+ )?(\p{L}{4,}?)(?:ies|y|s|es)?\b(?! (?:questions?|time|help|way)\b)/iu.exec(
    question,
  );
  return chosen && yesNo ? { stem: chosen[1].toLowerCase(), choice: true } : null;
}

const REQUIREMENT = /\b(must|required|requires?|need to|needs to|has to|have to|shall|mandatory|only (if|when|after))\b/i;
/** A requirement narrowing the choice: "must use one of the preferred pharmacies", "an in-network provider". */
const NARROWED = /\b(preferred|in-network|participating|approved|designated|network|certified|licensed|contracted|specific)\b/i;

/** The sentence requires the action (by its stem): "…must be encrypted when stored…"; or narrows the choice asked about. */
export function requires(sentence: string, skipped: Skipped): boolean {
  if (!REQUIREMENT.test(sentence) || !new RegExp(`\\b${skipped.stem}`, "i").test(sentence)) return false;
  return !skipped.choice || NARROWED.test(sentence);
}
