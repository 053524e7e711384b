import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildDerivations, DERIVATIONS_FILE, wordnetDir } from "../../scripts/build-derivations";

describe("derivations.json", () => {
  it("is what the generator makes from WordNet", () => {
    expect(readFileSync(DERIVATIONS_FILE, "utf8")).toBe(buildDerivations(wordnetDir()));
  });
});
