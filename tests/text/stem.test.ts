import { describe, expect, it } from "vitest";
import { answerStem } from "@/lib/text/stem";

describe("answer stems", () => {
  it("strips a light suffix, keeping a silent e the ending took", () => {
    expect(answerStem("claims")).toBe(answerStem("claim"));
    expect(answerStem("filed")).toBe("file");
    expect(answerStem("taxes")).toBe("tax");
  });

  it("reads a quality noun and its adjective as one word", () => {
    expect(answerStem("responsibilities")).toBe(answerStem("responsible"));
    expect(answerStem("eligibility")).toBe(answerStem("eligible"));
    expect(answerStem("availability")).toBe(answerStem("available"));
  });
});
