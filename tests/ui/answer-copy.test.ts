import { describe, expect, it } from "vitest";
import { answerForCopy } from "@/components/chat/answer";

const source = (id: string, file_name: string, page: number | null, url: string | null, locator?: string) => ({
  id,
  collection: "hr",
  file_id: "f",
  file_name,
  page,
  url,
  content: "…",
  ...(locator ? { locator } : {}),
});

describe("answerForCopy", () => {
  it("turns known citations into numbered footnotes that link to the page", () => {
    const sources = [
      source("guide.pdf#page=2", "guide.pdf", 2, "/content/hr/f/guide.pdf#page=2"),
      source("deck.pptx#slide=3", "deck.pptx", 3, null, "slide 3"),
    ];
    const text = "Visitors park west [guide.pdf#page=2]. Two hours free [deck.pptx#slide=3][guide.pdf#page=2]. See [not a source].";
    expect(answerForCopy(text, sources, "http://localhost:3000")).toBe(
      "Visitors park west [^1]. Two hours free [^2][^1]. See [not a source].\n\n" +
        "[^1]: [guide.pdf, page 2](http://localhost:3000/content/hr/f/guide.pdf#page=2)\n" +
        "[^2]: deck.pptx, slide 3\n",
    );
  });

  it("leaves an answer without citations as it is", () => {
    expect(answerForCopy("  No sources here.  ", [], "http://x")).toBe("No sources here.");
  });
});
