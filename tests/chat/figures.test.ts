import { describe, expect, it } from "vitest";
import { askedComparative, figureIn, winningSide } from "@/lib/chat/figures";

describe("figures compared across sides", () => {
  it("reads the comparative a question asks by", () => {
    expect(askedComparative("Whose in-network deductible is lower, Health Plus or Standard?")).toEqual({ word: "lower", larger: false });
    expect(askedComparative("Do I get longer to send in a claim on Standard or on Health Plus?")).toEqual({ word: "longer", larger: true });
    expect(askedComparative("Would Standard or Health Plus pay for a splint?")).toBeNull();
  });

  it("reads the first amount or duration a sentence states", () => {
    expect(figureIn("The deductible is $1,500 for individuals and $3,000 for families.", "amount")).toEqual({
      text: "$1,500",
      unit: "$",
      value: 1500,
    });
    expect(figureIn("Dialysis is covered at 80% of the allowed amount.", "amount")).toMatchObject({ unit: "%", value: 80 });
    expect(figureIn("All claims must be filed within twelve months of the date of service.", "time")).toMatchObject({ value: 360 });
    expect(figureIn("File a claim within 90 days.", "time")).toMatchObject({ text: "90 days", value: 90 });
    expect(figureIn("Claims are reviewed promptly.", "time")).toBeNull();
  });

  it("names the side whose figure is larger or smaller, only when like figures settle it", () => {
    const days = (value: number) => ({ text: `${value} days`, unit: "days", value });
    expect(winningSide([days(360), days(90)], true)).toBe(0);
    expect(winningSide([days(360), days(90)], false)).toBe(1);
    // A tie, a side without a figure, or figures of different units settle nothing.
    expect(winningSide([days(90), days(90)], true)).toBeNull();
    expect(winningSide([days(90), null], true)).toBeNull();
    expect(winningSide([days(90), { text: "$90", unit: "$", value: 90 }], true)).toBeNull();
  });
});
