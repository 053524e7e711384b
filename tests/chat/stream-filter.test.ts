import { describe, expect, it } from "vitest";
import { AnswerStreamFilter, streamPieces } from "@/lib/chat/stream-filter";

function run(chunks: string[], known = ["a.pdf#page=1"]) {
  const filter = new AnswerStreamFilter(known);
  const text = chunks.map((c) => filter.push(c)).join("") + filter.flush();
  return { text, followups: filter.followups };
}

describe("AnswerStreamFilter", () => {
  it("cuts follow-ups out, even when << and >> are split across chunks", () => {
    expect(run(["Answer [a.pdf#pa", "ge=1].", "<", "<Q one?>", "><<Q two?", ">>"])).toEqual({
      text: "Answer [a.pdf#page=1].",
      followups: ["Q one?", "Q two?"],
    });
  });

  it("keeps everything after a << that is not a follow-up", () => {
    expect(run(["Use x << 2 to shift.\n", " Then more text [a.pdf#page=1]", " and end."]).text).toBe(
      "Use x << 2 to shift.\n Then more text [a.pdf#page=1] and end.",
    );
    expect(run(["a << b ", "x".repeat(400), " end"]).text).toBe(`a << b ${"x".repeat(400)} end`);
  });

  it("marks an invented citation as unsupported, keeps ordinary brackets and unclosed ones", () => {
    const { text } = run(["Fact [made.pdf#page=9] and [a.pdf#page=1] [see note] [open"]);
    expect(text).toBe("Fact [unsupported] and [a.pdf#page=1] [see note] [open");
  });

  it("marks a run of invented citations once, even split across chunks, and at the very end", () => {
    const filter = new AnswerStreamFilter(["a.pdf#page=1"]);
    const text = ["Claim one [x.pd", "f#page=2][y.txt", "]. Claim two [z.md]"].map((c) => filter.push(c)).join("") + filter.flush();
    expect(text).toBe("Claim one [unsupported]. Claim two [unsupported]");
    expect(filter.invented).toEqual(["x.pdf#page=2", "y.txt", "z.md"]);
  });

  it("only drops an invented citation that stands beside a real one: the claim has a source", () => {
    expect(run(["Fact [a.pdf#page=1][made.pdf]. More [made.pdf] [a.pdf#page=1] and", " [a.pdf#page=1] [b.pdf] ", "end."]).text).toBe(
      "Fact [a.pdf#page=1]. More [a.pdf#page=1] and [a.pdf#page=1] end.",
    );
  });

  it("drops a citation cut off by the end of the stream", () => {
    expect(run(["The deductible is $1,500 [a.pdf#pa"]).text).toBe("The deductible is $1,500 ");
    expect(run(["Plan totals [a.p"]).text).toBe("Plan totals ");
  });

  it("treats an unclosed follow-up at the very end as a follow-up", () => {
    expect(run(["Done. <<What next?"])).toEqual({ text: "Done. ", followups: ["What next?"] });
  });
});

describe("streamPieces", () => {
  it("splits a written answer into pieces of a few words that join back to it exactly", () => {
    const answer = "The plan covers annual check-ups at no cost [Benefits Guide.pdf#page=3].\n\nDental care is separate [b.md].";
    const pieces = streamPieces(answer, 4);
    expect(pieces.join("")).toBe(answer);
    expect(pieces.length).toBeGreaterThan(3);
    // A citation with spaces in its file name stays in one piece.
    expect(pieces.some((p) => p.includes("[Benefits Guide.pdf#page=3]"))).toBe(true);
  });

  it("keeps a lone bracket and an empty text", () => {
    expect(streamPieces("x [ y").join("")).toBe("x [ y");
    expect(streamPieces("")).toEqual([]);
  });
});
