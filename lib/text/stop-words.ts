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
const QUESTION_FILLER = "also please tell explain give show list describe much many get got big small lot need want know like something anything someone anyone thing things stuff well actually really just maybe mine kind sort okay ok hi hello thanks guess wondering".split(" ");

/** Not content words: English stop words and the words a question is phrased with. */
export const QUESTION_STOP_WORDS: ReadonlySet<string> = new Set([...ENGLISH_STOP_WORDS, ...QUESTION_FILLER]);
