import { describe, expect, it } from "vitest";
import { applyCorrections, correction, wordCounts } from "@/lib/text/typos";

const known = wordCounts(["tips tips tips types type stipend hearing services virus gender health"]);

describe("typo correction", () => {
  it("takes a typo for the closest known word; a swap of neighbouring letters is one edit", () => {
    expect(correction("stipned", known)).toBe("stipend");
    expect(correction("hearin", known)).toBe("hearing");
    expect(correction("servises", known)).toBe("services");
    expect(correction("gendr", known)).toBe("gender");
  });

  it("prefers the candidate sharing the longest start, then the most frequent", () => {
    expect(correction("typs", wordCounts(["tips tips tips tips type"]))).toBe("type");
    expect(correction("typs", wordCounts(["types type type tips"]))).toBe("type");
    expect(correction("typs", wordCounts(["types types type tips"]))).toBe("types");
  });

  it("does not guess at codes and numbers", () => {
    expect(correction("covid18", wordCounts(["covid19"]))).toBeNull();
  });

  it("does not stretch a mid-length word two edits to another real word, or guess short ones", () => {
    expect(correction("versus", known)).toBeNull();
    expect(correction("tip", known)).toBeNull();
    expect(correction("health", known)).toBeNull();
  });

  it("applies corrections whole-word, case-insensitively", () => {
    expect(applyCorrections("Is the Stipned taxed? stipnedness", { stipned: "stipend" })).toBe("Is the stipend taxed? stipnedness");
  });
});
