import { describe, expect, it } from "vitest";
import { extractiveSummary, summarySample } from "@/lib/knowledge/summaries";

/** The offline summary: what the document opens with, about what the document is about. */

const DISCLAIMER =
  "Plan Guide\n\nThis document contains information generated using a language model. It does not reflect the opinions or beliefs of Microsoft. All rights reserved to Microsoft";
const body = (topic: string) =>
  `Coverage\n\nThe Standard plan covers ${topic} for every member of the plan. Members of the plan pay a deductible before the plan covers ${topic}.`;

describe("extractive summary", () => {
  it("passes over opening boilerplate that the rest of the document never talks about", () => {
    const summary = extractiveSummary([
      DISCLAIMER,
      "The Standard plan covers medical, vision and dental care for every member.",
      body("vision care"),
      body("dental care"),
    ]);
    expect(summary).toMatch(/^The Standard plan covers /);
    expect(summary).not.toMatch(/language model|Microsoft/);
  });

  it("takes a short document's opening sentences as they come", () => {
    const travel =
      "# Travel Policy\n\n## Hotels\n\nEmployees may spend up to 180 euros per night on hotels in Zurich. In other cities the hotel limit per night is 120 euros.\n\nThe daily meal allowance is 45 euros.";
    expect(extractiveSummary([travel])).toBe(
      "Employees may spend up to 180 euros per night on hotels in Zurich. In other cities the hotel limit per night is 120 euros.",
    );
  });

  it("joins no sentence across chunks, and quotes a sentence once", () => {
    const chunks = [
      "Intro\n\nThe office cat is named Biscuit and sleeps all day",
      "long. The office cat is named Biscuit and sleeps all day long.",
      "The office cat is named Biscuit and sleeps all day long.",
    ];
    expect(extractiveSummary(chunks)).toBe("The office cat is named Biscuit and sleeps all day long.");
  });
});

describe("summary sample (what a model reads to summarise a document)", () => {
  it("takes sentences from across the whole document, passing over its furniture", () => {
    const topics = ["vision", "dentistry", "hearing", "physiotherapy", "pharmacy", "maternity", "psychiatry", "emergencies"];
    const chunks = [DISCLAIMER, ...topics.flatMap((topic) => Array.from({ length: 5 }, () => body(topic)))];
    const sample = summarySample(chunks, 1200);
    expect(sample.length).toBeLessThanOrEqual(1200);
    expect(sample).not.toMatch(/language model|Microsoft/);
    // The first and the last topic (chunks 1–5 and 36–40) and most between: the sample spans the document.
    expect(sample).toContain("covers vision");
    expect(sample).toContain("covers emergencies");
    expect(topics.filter((topic) => sample.includes(topic)).length).toBeGreaterThanOrEqual(6);
  });

  it("reads a document too short to judge as it is", () => {
    expect(summarySample(["Travel\n\nBook flights two weeks ahead. Hotels are reimbursed up to 200 dollars."])).toBe(
      "Travel\n\nBook flights two weeks ahead. Hotels are reimbursed up to 200 dollars.",
    );
  });
});
