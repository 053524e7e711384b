import { describe, expect, it } from "vitest";
import { extractiveAnswer } from "@/lib/chat/extractive";
import { readingOf, StemSet } from "@/lib/chat/question-terms";
import type { Chunk } from "@/lib/knowledge/schemas";
import { textChunk } from "../helpers/chunks";

/** "the CEO", "HR": a question's initials find the names a document writes out, in text and headings. */

const english = readingOf("en");

const passage = (n: number, heading: string, content: string): Chunk =>
  textChunk({ file: "role_library.pdf", page: n, content: `${heading}\n\n${content}`, heading, id: `r:${n}` });

describe("initials of names", () => {
  it("reads a run of capitalised words as its initials, small words skipped", () => {
    const officer = new StemSet("The Chief Executive Officer reports to the board.", english);
    expect(officer.has("ceo")).toBe(true);
    const vp = new StemSet("Vice President of Human Resources", english);
    expect(vp.has("vp")).toBe(true);
    expect(vp.has("hr")).toBe(true);
    expect(new StemSet("the chief executive officer", english).has("ceo")).toBe(false);
  });

  it("reads initials written in lower case, unless they are a common word", () => {
    expect(new StemSet("what does the cfo do?", english).hasInitials("cfo")).toBe(true);
    expect(new StemSet("Who is the VP?", english).hasInitials("vp")).toBe(true);
    // "do they expect": not "Director of Operations".
    expect(new StemSet("How many years of operations experience do they expect?", english).hasInitials("do")).toBe(false);
    expect(new StemSet("Is the DO an MD?", english).hasInitials("do")).toBe(true);
  });

  it("reads the parts of a name written as one word, and what a phone number or address says", () => {
    const perks = new StemSet("PerksPlus covers gym memberships.", english);
    expect(perks.has("perk")).toBe(true);
    expect(new StemSet("Perks and more.", english).has("plus")).toBe(false);
    expect(new StemSet("By phone: 1-800-123-4567", english).has("number")).toBe(true);
    expect(new StemSet("By phone: 1-800-123-4567", english).has("phone")).toBe(true);
    expect(new StemSet("By fax: 123-456-7890", english).has("phone")).toBe(false);
    expect(new StemSet("Write to appeals@example.com", english).has("email")).toBe(true);
  });

  it("answers with the sentence that writes out the name the question abbreviates", () => {
    const sales = passage(1, "Senior Manager of Sales › Qualifications", "• Certification in a sales method such as SPIN is a plus.");
    const people = passage(
      2,
      "Senior Manager of Human Resources › Qualifications",
      "• Certification in Human Resources (PHR or SHRM-CP) is preferred.",
    );
    const { answer } = extractiveAnswer([
      { question: "Which HR certification is wanted for the senior manager job?", chunks: [sales, people] },
    ]);
    expect(answer).toMatch(
      /^\*\*Senior Manager of Human Resources:\*\* Certification in Human Resources \(PHR or SHRM-CP\) is preferred\. \[role_library\.pdf#page=2\]/,
    );
  });
});
