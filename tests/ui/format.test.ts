import { describe, expect, it } from "vitest";
import { fileCounts } from "@/components/collections/file-counts";
import { formatCount } from "@/components/ui/format";
import type { FileInfo } from "@/lib/knowledge/schemas";

describe("formatCount", () => {
  it("names one thing in the singular and any other number in the plural", () => {
    expect(formatCount(1, "file")).toBe("1 file");
    expect(formatCount(0, "file")).toBe("0 files");
    expect(formatCount(2, "chunk")).toBe("2 chunks");
    expect(formatCount(3, "entry", "entries")).toBe("3 entries");
  });
});

describe("fileCounts", () => {
  it("counts ready files and their chunks, then those ingesting and failed", () => {
    const file = (status: FileInfo["status"], chunk_count = 0) => ({ status, chunk_count });
    expect(fileCounts([])).toBe("0 files · 0 chunks");
    expect(fileCounts([file("success", 2)])).toBe("1 file · 2 chunks");
    expect(fileCounts([file("success", 3), file("success", 4), file("ingesting", 9), file("uploading"), file("failed")])).toBe(
      "2 files · 7 chunks · 2 ingesting · 1 failed",
    );
  });
});
