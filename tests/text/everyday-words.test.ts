import { describe, expect, it } from "vitest";
import { formalEquivalents, withFormalWords } from "@/lib/text/everyday-words";
import { questionTerms, readingOf } from "@/lib/chat/question-terms";
import { bm25Query } from "@/lib/text/bm25-query";

describe("everyday words", () => {
  it("maps plain words and phrases to the formal words documents use, keyed by the question's word", () => {
    const found = formalEquivalents("My claim was turned down, can I send it in again? Will they pay for my son's braces?");
    expect(found.get("turned")).toContain("deny");
    expect(found.get("send")).toContain("submit");
    expect(found.get("braces")).toContain("orthodontic");
    expect(found.has("claim")).toBe(false);
    // A phrase is matched whole: "turn" alone is no denial.
    expect(formalEquivalents("Turn left at the lobby").size).toBe(0);
    // What a job asks of a person, said plainly.
    expect(formalEquivalents("Which software should I know my way around?").get("way")).toContain("proficient");
    expect(formalEquivalents("What industry background do they want?").get("background")).toContain("experience");
    // Who holds a role, said plainly: "the main point of contact" is the primary one.
    expect(formalEquivalents("Which executive is the main point of contact for HR?").get("main")).toContain("primary");
  });

  it("reads a phrasal verb with a pronoun between verb and particle ('claim that back')", () => {
    expect(formalEquivalents("Can I claim that back from the wellness perk?").get("claim")).toEqual(
      expect.arrayContaining(["reimburse", "cover"]),
    );
    expect(formalEquivalents("Can they pay it back?").get("pay")).toContain("reimburse");
    // Without the particle, the pronoun is just a pronoun.
    expect(formalEquivalents("Can I claim it?").has("claim")).toBe(false);
  });

  it("reads a verb's past that is another verb's base form as the past, and a phrase before its word", () => {
    const formal = formalEquivalents("I found a hearing aid. Will the plan chip in for it?");
    expect(formal.has("found")).toBe(false);
    expect(formal.get("chip")).toContain("contribute");
  });

  it("holds every word of a phrase through the phrase's formal words", () => {
    const terms = questionTerms("Will they pay me back for the taxi?", readingOf("en"));
    expect(terms.stems).toEqual(expect.arrayContaining(["pay", "back"]));
    expect(terms.formal.get("pay")?.flat()).toContain("reimburse");
    expect(terms.formal.get("back")?.flat()).toContain("reimburse");
  });

  it('reads "the role of" as how a question asks, not what about', () => {
    expect(questionTerms("What is the role of coinsurance in Northwind Health Plus?", readingOf("en")).stems).not.toContain("role");
    expect(questionTerms("Which role leads the sales team?", readingOf("en")).stems).toContain("sale");
    // "according to the document", "as outlined in it" say where, not what.
    const where = questionTerms("What are the benefits of in-network providers according to the Health Plus document?", readingOf("en"));
    expect(where.stems).not.toContain("accord");
    expect(questionTerms("What are the exceptions as outlined in the plan?", readingOf("en")).stems).not.toContain("outlin");
    expect(questionTerms("What does Northwind_Standard_Benefits_Details.pdf say?", readingOf("en")).stems).not.toContain("pdf");
  });

  it("reads phrasing (still, comes with, end up, go through, in my case) as how a question asks, not what about", () => {
    const { stem } = readingOf("en");
    const comp = questionTerms("Would the workers' comp that comes with Health Plus still cover him?", readingOf("en")).stems;
    expect(comp).toEqual(expect.arrayContaining([stem("comp"), stem("cover")]));
    for (const word of ["still", "comes"]) expect(comp).not.toContain(stem(word));
    const premium = questionTerms(
      "If a premium payment doesn't go through, could I end up being charged, in my case?",
      readingOf("en"),
    ).stems;
    expect(premium).toEqual(expect.arrayContaining([stem("premium"), stem("payment"), stem("charged")]));
    for (const word of ["go", "end", "case"]) expect(premium).not.toContain(stem(word));
  });

  it("leaves out what the question sets aside as known", () => {
    const terms = questionTerms("Apart from my name and address, is there any number I have to put on the appeal?", readingOf("en"));
    const { stem } = readingOf("en");
    expect(terms.stems).toEqual(expect.arrayContaining([stem("number"), stem("appeal")]));
    expect(terms.stems).not.toContain(stem("address"));
    expect(terms.stems).not.toContain(stem("name"));
    expect(questionTerms("Which number do I call besides the hotline?", readingOf("en")).stems).toContain("hotline");
    // Only what the question opens by setting aside, up to the question proper.
    const list = questionTerms("Apart from dental, vision and hearing, what does Health Plus cover?", readingOf("en")).stems;
    expect(list).not.toContain(stem("vision"));
    expect(list).toContain(stem("cover"));
    expect(questionTerms("Do I pay anything other than the copay?", readingOf("en")).stems).toContain(stem("copay"));
  });

  it("maps a phrase made only of question words (okay, in advance) too", () => {
    expect(formalEquivalents("Do they okay a procedure in advance?").get("okay")).toContain("authorization");
    expect(bm25Query("Do they okay a procedure in advance?").split(" ")).toEqual(expect.arrayContaining(["approve", "prior"]));
  });

  it("reads a verb and the noun of its act as one (notify, notice), not agents or drifts", () => {
    expect(formalEquivalents("Do I have to notify Health Plus?").get("notify")).toEqual(["notice", "notification"]);
    expect(formalEquivalents("They denied it").get("denied")).toEqual(["denial"]);
    expect(formalEquivalents("Who reviews a complaint?").get("complaint")).toEqual(["complain"]);
    // "provider" is no act of "provide"; "process" does not drift to "proceed".
    expect(formalEquivalents("Which provider handles the process?").size).toBe(0);
    expect(bm25Query("When will they decide?").split(" ")).toContain("decision");
  });

  it("searches the formal words beside the question's own, in English only", () => {
    expect(bm25Query("How long to fight a denial?").split(" ")).toEqual(expect.arrayContaining(["fight", "appeal", "dispute"]));
    expect(bm25Query("Wie lange habe ich Zeit?")).not.toMatch(/appeal/);
  });

  it("embeds a question with the formal words after it, as BM25 searches them", () => {
    expect(withFormalWords("Will they pay for my son's braces?")).toMatch(/^Will they pay for my son's braces\? .*\borthodontic\b/);
    expect(withFormalWords("What is the deductible?")).toBe("What is the deductible?");
  });

  it("searches a comparison where the documents compare", () => {
    expect(bm25Query("Is substance abuse treatment covered by both plans?").split(" ")).toContain("comparison");
    expect(bm25Query("Is substance abuse treatment covered?").split(" ")).not.toContain("comparison");
  });
});
