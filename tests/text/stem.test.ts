import { describe, expect, it } from "vitest";
import { answerStem } from "@/lib/text/stem";
import { readingOf, StemSet } from "@/lib/chat/question-terms";

describe("answer stems", () => {
  it("strips a light suffix, keeping a silent e the ending took", () => {
    expect(answerStem("claims")).toBe(answerStem("claim"));
    expect(answerStem("filed")).toBe("file");
    expect(answerStem("taxes")).toBe("tax");
    // The plural of a noun in -ing is the same word: "view their ratings" for "how they were rated".
    expect(answerStem("ratings")).toBe(answerStem("rated"));
    expect(answerStem("savings")).toBe(answerStem("saving"));
    expect(answerStem("screenings")).toBe(answerStem("screening"));
    // "fees" is the plural of "fee"; a short word's "ly" is its own, a long one's an ending.
    expect(answerStem("fees")).toBe(answerStem("fee"));
    expect(answerStem("family")).toBe("family");
    expect(answerStem("supply")).toBe("supply");
    expect(answerStem("annually")).toBe("annual");
  });

  it("matches a word whose final y turned i before an ending ('deny', 'denied')", () => {
    const english = readingOf("en");
    expect(new StemSet("Northwind denied the claim.", english).has(answerStem("deny"))).toBe(true);
    expect(new StemSet("You may apply online.", english).has(answerStem("applied"))).toBe(true);
    expect(new StemSet("Bring a copy.", english).has(answerStem("deny"))).toBe(false);
  });

  it("reads a quality noun and its adjective as one word", () => {
    expect(answerStem("responsibilities")).toBe(answerStem("responsible"));
    expect(answerStem("eligibility")).toBe(answerStem("eligible"));
    expect(answerStem("availability")).toBe(answerStem("available"));
  });
});
