import { describe, expect, it } from "vitest";
import { findPassage, markdownBlocksAround } from "@/components/chat/passage";

const GUIDE = [
  "# Office Guide",
  "",
  "## Opening Hours",
  "",
  "The office opens at 8 am.",
  "It closes at 6 pm.",
  "",
  "```",
  "code",
  "",
  "more code",
  "```",
  "",
  "Last line.",
].join("\n");

describe("markdownBlocksAround", () => {
  it("widens a passage to the blank lines around it, so the highlighted part is whole Markdown blocks", () => {
    const range = findPassage(GUIDE, "opens at 8 am. It closes")!;
    const { start, end } = markdownBlocksAround(GUIDE, range);
    expect(GUIDE.slice(start, end).trim()).toBe("The office opens at 8 am.\nIt closes at 6 pm.");
  });

  it("never splits a fenced code block at its blank lines", () => {
    const at = GUIDE.indexOf("more code");
    const { start, end } = markdownBlocksAround(GUIDE, { start: at, end: at + 4 });
    expect(GUIDE.slice(start, end).trim()).toBe("```\ncode\n\nmore code\n```");
  });
});
