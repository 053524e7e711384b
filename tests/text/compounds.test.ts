import { describe, expect, it } from "vitest";
import { joinedCompounds, withJoinedCompounds } from "@/lib/text/compounds";

describe("hyphenated compounds", () => {
  it("joins each occurrence, lowercased", () => {
    expect(joinedCompounds("In-network care costs less than out-of-network care; in-network is cheaper.")).toEqual([
      "innetwork",
      "outofnetwork",
      "innetwork",
    ]);
  });

  it("leaves text without compounds alone, and ignores dashes between numbers or spaces", () => {
    expect(withJoinedCompounds("Pages 3-5 - see below")).toBe("Pages 3-5 - see below");
    expect(withJoinedCompounds("Co-insurance applies", "\n")).toBe("Co-insurance applies\ncoinsurance");
  });

  it("finds compounds next to punctuation and beyond Latin-1, one per hyphenated word", () => {
    expect(joinedCompounds("“Co-pay” (x-ray),\nout-of-pocket—été-hiver a-b-c")).toEqual([
      "copay",
      "xray",
      "outofpocket",
      "étéhiver",
      "abc",
    ]);
  });
});
