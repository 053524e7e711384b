import { describe, expect, it } from "vitest";
import { bm25Query } from "@/lib/text/bm25-query";
import { contentWordsIn, detectLanguage, dominantLanguage } from "@/lib/text/language";
import { contentWords } from "@/lib/text/query";
import { stemmer } from "@/lib/text/stem";
import { stopWords } from "@/lib/text/stop-words";

describe("detectLanguage", () => {
  it.each([
    ["Wie viele Urlaubstage bekomme ich pro Jahr?", "de"],
    ["Qui dois-je appeler pour l'informatique ?", "fr"],
    ["¿Cuántos días de vacaciones tengo al año?", "es"],
    ["Quanti giorni di ferie ho all'anno?", "it"],
    ["Hoeveel vakantiedagen krijg ik per jaar?", "nl"],
    ["Quantos dias de férias tenho por ano?", "pt"],
    ["What is the hotel limit per night in London?", "en"],
    ["Does Zava cover gendr affirming care?", "en"],
  ])("%s → %s", (text, lang) => {
    expect(detectLanguage(text)).toBe(lang);
  });

  it("takes a text of one or two words as English: too short to tell", () => {
    expect(detectLanguage("vacation days")).toBe("en");
    expect(detectLanguage("Urlaubstage")).toBe("en");
    expect(detectLanguage("")).toBe("en");
  });

  it("names the language most passages are in, or none when none is long enough", () => {
    const passages = [
      "Mitarbeiter erhalten jedes Jahr dreißig Urlaubstage.",
      "Reisekosten werden nach der Rückkehr erstattet.",
      "The plan covers dental care.",
    ];
    expect(dominantLanguage(passages)).toBe("de");
    expect(dominantLanguage(["Page 3", "x"])).toBeNull();
  });
});

describe("content words in the question's language", () => {
  it("leaves out the words a German question is asked with", () => {
    expect(contentWordsIn("Wie viele Urlaubstage bekomme ich pro Jahr?")).toEqual(["urlaubstage", "jahr"]);
    // "gern" says the person would like to: no subject of the question.
    expect(contentWordsIn("Ich würde gern eine Ernährungsberatung machen.", "de")).not.toContain("gern");
    expect(contentWordsIn("Me gustaría saber cuántos días de vacaciones tengo.", "es")).not.toContain("gustaría");
  });

  it("splits French articles and pronouns off their words", () => {
    expect(contentWordsIn("Qui dois-je appeler pour l'informatique ?")).toEqual(["appeler", "informatique"]);
    expect(contentWordsIn("Le plan couvre-t-il les examens de la vue ?")).toEqual(["plan", "couvre", "examens", "vue"]);
  });

  it("keeps Spanish nouns a general-purpose stop list holds", () => {
    expect(contentWordsIn("¿Cuántos días de vacaciones tengo al año?")).toEqual(["días", "vacaciones", "año"]);
    expect(stopWords("es").has("trabajo")).toBe(false);
  });

  it("leaves out an English negation contracted onto a stop word", () => {
    expect(contentWordsIn("My counsellor doesn't bill, and I can't or won’t wait", "en")).toEqual(["counsellor", "bill", "wait"]);
  });

  it("reads English exactly as the rule-based rewrite does", () => {
    const question = "What's the out-of-network deductible, and how much do I pay for vision?";
    expect(contentWordsIn(question, "en")).toEqual(contentWords(question));
  });
});

describe("bm25Query in the question's language", () => {
  it("drops a German question's stop words and keeps its content", () => {
    expect(bm25Query("Wie viele Urlaubstage bekomme ich pro Jahr?")).toBe("urlaubstage jahr");
  });

  it("joins no French pronoun to its verb as a compound", () => {
    expect(bm25Query("Le plan couvre-t-il les examens de la vue ?")).toBe("plan couvre examens vue");
  });

  it("counts a word repeated in another form once, by its language's stem", () => {
    expect(stemmer("de")("urlaubstagen")).toBe(stemmer("de")("urlaubstage"));
    expect(bm25Query("Urlaubstage und Urlaubstagen im Jahr", "de")).toBe("urlaubstage jahr");
  });

  it("leaves an English question's words to the index, as before", () => {
    expect(bm25Query("What is the out-of-network deductible?")).toBe("what is the out of network deductible outofnetwork");
  });
});
