import { describe, expect, it } from "vitest";
import { conversationOf, parseParameters, resolveProcess } from "@/lib/eri/server/retrieval";
import { isHttpUrl, pageFromPath, rankScore } from "@/lib/eri/contexts";

describe("ERI server request mapping", () => {
  it("turns the thread into a conversation without repeating the latest prompt", () => {
    const thread = {
      contentBlocks: [
        { content: "What is the deductible?", role: "USER" as const, type: "TEXT" as const },
        { content: "1,500 dollars.", role: "AI" as const, type: "TEXT" as const },
        { content: "aGk=", role: "USER" as const, type: "IMAGE" as const },
        { content: "and dental?", role: "USER" as const, type: "TEXT" as const },
      ],
    };
    expect(conversationOf({ latestUserPrompt: "and dental?", thread })).toEqual([
      { role: "user", content: "What is the deductible?" },
      { role: "assistant", content: "1,500 dollars." },
      { role: "user", content: "and dental?" },
    ]);
    // A thread that does not yet hold the latest prompt gets it appended.
    expect(conversationOf({ latestUserPrompt: "new question", thread: { contentBlocks: [] } })).toEqual([
      { role: "user", content: "new question" },
    ]);
    expect(conversationOf({})).toEqual([]);
  });

  it("parses string parameters with defaults and ranges", () => {
    expect(parseParameters(null)).toEqual({ collections: null, topK: 10, minScore: 0, neighbours: 1 });
    expect(parseParameters({ collections: " a , b,a ", top_k: "3", min_score: "0.25", neighbours: "0", unknown: "x" })).toEqual({
      collections: ["a", "b"],
      topK: 3,
      minScore: 0.25,
      neighbours: 0,
    });
    expect(() => parseParameters({ top_k: "0" })).toThrow(/top_k/);
    expect(() => parseParameters({ top_k: "2.5" })).toThrow(/integer/);
    expect(() => parseParameters({ min_score: "2" })).toThrow(/min_score/);
  });

  it("picks the default process for null or empty ids", () => {
    expect(resolveProcess(null).id).toBe("hybrid");
    expect(resolveProcess("  ").id).toBe("hybrid");
    expect(resolveProcess("text").id).toBe("text");
    expect(() => resolveProcess("nope")).toThrow(/Available: hybrid, vectors, text/);
  });
});

describe("ERI client context mapping", () => {
  it("reads the page from a context path", () => {
    expect(pageFromPath("https://x/doc.pdf#page=12")).toBe(12);
    expect(pageFromPath("https://x/view?doc=1&page=3")).toBe(3);
    expect(pageFromPath("https://x/doc.pdf#page=0")).toBeNull();
    expect(pageFromPath("/files/page=3.txt")).toBeNull();
    expect(pageFromPath(null)).toBeNull();
  });

  it("scores by rank from 1.0 down to 0.5", () => {
    expect(rankScore(0, 1)).toBe(1);
    expect(rankScore(0, 5)).toBe(1);
    expect(rankScore(4, 5)).toBe(0.5);
    expect(rankScore(2, 5)).toBe(0.75);
  });

  it("treats only http(s) as links", () => {
    expect(isHttpUrl("https://a.example/x")).toBe(true);
    expect(isHttpUrl("javascript:alert(1)")).toBe(false);
    expect(isHttpUrl("/srv/file.txt")).toBe(false);
  });
});
