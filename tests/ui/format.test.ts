import { describe, expect, it } from "vitest";
import { formatCount } from "@/components/ui/format";

describe("formatCount", () => {
  it("names one thing in the singular and any other number in the plural", () => {
    expect(formatCount(1, "file")).toBe("1 file");
    expect(formatCount(0, "file")).toBe("0 files");
    expect(formatCount(2, "chunk")).toBe("2 chunks");
    expect(formatCount(3, "entry", "entries")).toBe("3 entries");
  });
});
