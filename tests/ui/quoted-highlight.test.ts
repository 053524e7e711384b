import { describe, expect, it } from "vitest";
import { highlightTargets, lineInTarget, normalizedWords, quotedSentences } from "@/components/chat/passage";

const PASSAGE =
  "At Zava, we strive to provide coverage for gender affirming care. Hearing Care The Northwind Standard plan covers all types of hearing care services, including hearing aids. If a hearing aid is needed, the plan covers up to two hearing aids per ear every three years.";

describe("the citation viewer marks what the answer quotes", () => {
  const answer =
    "Yes. The Northwind Standard plan covers all types of hearing care services, including hearing aids. [plan.pdf#page=30] If a hearing aid is needed, the plan covers up to two hearing aids per ear every three years. [plan.pdf#page=30][other.pdf#page=2]\n\nSomething else entirely said here. [other.pdf#page=9]";

  it("finds the sentences that cite a source, without the yes/no lead or other sources' sentences", () => {
    expect(quotedSentences(answer, "plan.pdf#page=30")).toEqual([
      "The Northwind Standard plan covers all types of hearing care services, including hearing aids.",
      "If a hearing aid is needed, the plan covers up to two hearing aids per ear every three years.",
    ]);
    expect(quotedSentences(answer, "other.pdf#page=9")).toEqual(["Something else entirely said here."]);
    const compared =
      "**Plus:** Claims are filed within 90 days of the service. [a.pdf#page=8] **Standard:** Claims are filed within twelve months. [b.pdf#page=7]";
    expect(quotedSentences(compared, "b.pdf#page=7")).toEqual(["Claims are filed within twelve months."]);
    expect(quotedSentences(compared, "a.pdf#page=8")).toEqual(["Claims are filed within 90 days of the service."]);
    expect(quotedSentences("> A closest passage shown as a quote here. [x.pdf#page=1]", "x.pdf#page=1")).toEqual([
      "A closest passage shown as a quote here.",
    ]);
  });

  it("marks the quoted sentences when the passage holds them, else the whole passage (a model's paraphrase)", () => {
    const quoted = quotedSentences(answer, "plan.pdf#page=30");
    expect(highlightTargets([PASSAGE], quoted)).toEqual(quoted);
    expect(highlightTargets([PASSAGE], ["The plan pays for hearing aids, says the model."])).toEqual([PASSAGE]);
  });

  it("marks a page line inside a quoted sentence, or where one starts or ends, and not the lines around it", () => {
    const target = normalizedWords(quotedSentences(answer, "plan.pdf#page=30")[0]);
    expect(lineInTarget("covers all types of hearing care services,", target)).toBe(true);
    expect(lineInTarget("gender affirming care. hearing care the northwind standard plan", target)).toBe(true);
    expect(lineInTarget("at zava, we strive to provide coverage for gender", target)).toBe(false);
  });
});
