import { describe, expect, it } from "vitest";
import { extractiveSummary } from "@/lib/knowledge/summaries";

/** The offline summary: what the document opens with, about what the document is about. */

const DISCLAIMER =
  "Plan Guide\n\nThis document contains information generated using a language model. It does not reflect the opinions or beliefs of Microsoft. All rights reserved to Microsoft";
const body = (topic: string) =>
  `Coverage\n\nThe Standard plan covers ${topic} for every member of the plan. Members of the plan pay a deductible before the plan covers ${topic}.`;

describe("extractive summary", () => {
  it("passes over opening boilerplate that the rest of the document never talks about", () => {
    const summary = extractiveSummary([DISCLAIMER, "The Standard plan covers medical, vision and dental care for every member.", body("vision care"), body("dental care")]);
    expect(summary).toMatch(/^The Standard plan covers /);
    expect(summary).not.toMatch(/language model|Microsoft/);
  });

  it("takes a short document's opening sentences as they come", () => {
    const travel = "# Travel Policy\n\n## Hotels\n\nEmployees may spend up to 180 euros per night on hotels in Zurich. In other cities the hotel limit per night is 120 euros.\n\nThe daily meal allowance is 45 euros.";
    expect(extractiveSummary([travel])).toBe("Employees may spend up to 180 euros per night on hotels in Zurich. In other cities the hotel limit per night is 120 euros.");
  });

  it("joins no sentence across chunks, and quotes a sentence once", () => {
    const chunks = ["Intro\n\nThe office cat is named Biscuit and sleeps all day", "long. The office cat is named Biscuit and sleeps all day long.", "The office cat is named Biscuit and sleeps all day long."];
    expect(extractiveSummary(chunks)).toBe("The office cat is named Biscuit and sleeps all day long.");
  });
});
