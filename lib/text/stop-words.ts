import { stopwords as danish } from "@orama/stopwords/danish";
import { stopwords as dutch } from "@orama/stopwords/dutch";
import { stopwords as finnish } from "@orama/stopwords/finnish";
import { stopwords as french } from "@orama/stopwords/french";
import { stopwords as german } from "@orama/stopwords/german";
import { stopwords as hungarian } from "@orama/stopwords/hungarian";
import { stopwords as italian } from "@orama/stopwords/italian";
import { stopwords as norwegian } from "@orama/stopwords/norwegian";
import { stopwords as portuguese } from "@orama/stopwords/portuguese";
import { stopwords as romanian } from "@orama/stopwords/romanian";
import { stopwords as russian } from "@orama/stopwords/russian";
import { stopwords as spanish } from "@orama/stopwords/spanish";
import { stopwords as swedish } from "@orama/stopwords/swedish";
import { stopwords as turkish } from "@orama/stopwords/turkish";
import { stopwords as arabic } from "@orama/stopwords/arabic";
import { stopwords as tamil } from "@orama/stopwords/tamil";
import type { Lang } from "./language";

/**
 * Stop words, once for the whole product.
 *
 * ENGLISH_STOP_WORDS: NLTK's English list, with contractions split at the apostrophe as words
 * are here. LanceDB's full-text index drops most of them but keeps some (among Northwind's words:
 * does, would, could, why, any, only, very, before, above, during, because, once, ourselves,
 * themselves), which still match in a search; none is a typo nor a term an answer is judged by.
 *
 * (The offline embedder, local-hash-v1, keeps its own frozen list: changing it would change
 * every stored vector, so it belongs to that model, not here.)
 */
const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its
  itself they them their theirs themselves what which who whom this that these those am is are was were be been being have
  has had having do does did doing would should could ought a an the and but if or because as until while of at by for with
  about against between into through during before after above below to from up down in out on off over under again further
  then once here there when where why how all any both each few more most other some such no nor not only own same so than
  too very s t can will just don now d ll m o re ve y ain aren couldn didn doesn hadn hasn haven isn ma mightn mustn needn
  shan shouldn wasn weren won wouldn`.split(/\s+/),
);

/** Words of asking rather than of the subject: "please tell me how much…", "what do I get…". */
const QUESTION_FILLER =
  "also please tell say says said apart besides explain give show list describe much many get got big small lot need want know like something anything someone anyone else others instead thing things stuff well actually really honestly just maybe mine kind kinds sort sorts curiosity okay ok hi hello thanks guess wondering wonder supposed sure curious roughly approximately toward towards upon within across along unrelated btw anyway meanwhile separately couple pair bunch somewhere anywhere everywhere somehow anybody somebody everyone everybody".split(
    " ",
  );

/** Not content words: English stop words and the words a question is phrased with. */
export const QUESTION_STOP_WORDS: ReadonlySet<string> = new Set([...ENGLISH_STOP_WORDS, ...QUESTION_FILLER]);

/**
 * Other languages' stop words: the Snowball project's lists (the ones LanceDB's index drops),
 * as @orama/stopwords ships them. Its Spanish list is a longer, general-purpose one that also
 * holds nouns a question is about ("días de vacaciones", "accidente de trabajo"): those stay content.
 */
const LISTS: Record<Exclude<Lang, "en">, readonly string[]> = {
  ar: arabic,
  da: danish,
  de: german,
  es: spanish,
  fi: finnish,
  fr: french,
  hu: hungarian,
  it: italian,
  nl: dutch,
  no: norwegian,
  pt: portuguese,
  ro: romanian,
  ru: russian,
  sv: swedish,
  ta: tamil,
  tr: turkish,
};
const NOT_STOP_WORDS: Partial<Record<Lang, string>> = {
  es: "dia dias día días horas hora trabajo trabaja trabajar tiempo valor lugar momento fin final general ejemplo cuenta parte total pais país paìs",
};

/**
 * The words a question is asked with, beyond the stop lists ("Wie viele Urlaubstage bekomme ich
 * pro Jahr?": viele, bekomme, pro), for the languages questions are measured in.
 */
const FILLER: Partial<Record<Lang, string>> = {
  de: "bitte sag sagen erklär erkläre erklären gib gibt geben zeig zeige zeigen liste beschreibe viele wieviel wieviele bekomme bekommen bekommt kriege kriegen brauche brauchen möchte möchten wissen weiß pro wann warum wieso weshalb wer wen wem wessen woher wohin gibts darf dürfen kann können muss müssen soll sollen sollte will wollen mag gern gerne eigentlich trotzdem",
  fr: "combien comment quand pourquoi où quoi lequel laquelle lesquels dois doit puis peux peut pouvez voudrais veux savoir dire expliquer donner montrer beaucoup obtenir reçois recevoir besoin aimerais svp plaît a pouvons peuvent devons devez doivent veut vraiment",
  es: "cuántos cuántas cuánto cuánta cuantos cuantas recibo recibe recibir necesito necesita quiero quisiera gustaría favor puedo puede podemos pueden debo debe debemos deben igualmente realmente",
  it: "quanti quante quanto quanta come quando dove perché cosa chi quale quali devo deve posso può ricevo ricevere ottengo ottenere bisogno vorrei voglio sapere dire spiegare favore",
  nl: "hoeveel wanneer waar waarom welke welk krijg krijgen kun kunt moet mag graag weten vertel per",
  pt: "quantos quantas quanto quanta como quando onde porque qual quais quem tenho tem posso pode recebo receber preciso quero saber dizer explicar favor",
};

const built = new Map<Lang, ReadonlySet<string>>();

/** Not content words in a question of this language: its stop words and its words of asking. */
export function stopWords(lang: Lang): ReadonlySet<string> {
  if (lang === "en") return QUESTION_STOP_WORDS;
  let set = built.get(lang);
  if (!set) {
    const kept = new Set(NOT_STOP_WORDS[lang]?.split(" "));
    set = new Set([...LISTS[lang].filter((w) => !kept.has(w)), ...(FILLER[lang]?.split(" ") ?? [])]);
    built.set(lang, set);
  }
  return set;
}
