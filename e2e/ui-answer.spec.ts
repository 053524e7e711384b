import { expect, test } from "@playwright/test";
import { citationNumber, parseAnswer, withoutOpenBracket } from "../components/chat/answer";

// Pure functions of the chat UI (no browser needed): how answer text becomes citation links.
test.describe("answer citations", () => {
  const known = ["travel.pdf#page=2", "notes.md"];

  test("only brackets that match a data point become numbered links", () => {
    const { markdown, citations } = parseAnswer("Hotels cost 180 [travel.pdf#page=2]. See [notes.md] and [made-up.pdf].", known, false);
    expect(citations).toEqual(["travel.pdf#page=2", "notes.md"]);
    expect(markdown).toBe("Hotels cost 180 [1](#cite-1). See [2](#cite-2) and [made-up.pdf].");
  });

  test("a repeated citation keeps its number", () => {
    const { markdown } = parseAnswer("A [notes.md]. B [travel.pdf#page=2]. C [notes.md].", known, false);
    expect(markdown).toBe("A [1](#cite-1). B [2](#cite-2). C [1](#cite-1).");
  });

  test("a half-written bracket is hidden while streaming, shown when done", () => {
    expect(parseAnswer("Hotels cost 180 [travel.pdf#pa", known, true).markdown).toBe("Hotels cost 180");
    expect(parseAnswer("Hotels cost 180 [travel.pdf#pa", known, false).markdown).toBe("Hotels cost 180 [travel.pdf#pa");
    expect(withoutOpenBracket("done [a] and [b")).toBe("done [a] and");
    expect(withoutOpenBracket("done [a]")).toBe("done [a]");
  });

  test("the model path's unsupported marker becomes a warning link, unless a source is named so", () => {
    expect(parseAnswer("Dental is free [unsupported]. Hotels cost 180 [travel.pdf#page=2].", known, false).markdown).toBe(
      "Dental is free [unsupported](#unsupported). Hotels cost 180 [1](#cite-1).",
    );
    expect(parseAnswer("A [unsupported]", ["unsupported"], false).markdown).toBe("A [1](#cite-1)");
  });

  test("markdown links are left alone", () => {
    expect(parseAnswer("[notes.md](https://example.com)", known, false).markdown).toBe("[notes.md](https://example.com)");
    expect(citationNumber("#cite-3")).toBe(3);
    expect(citationNumber("https://example.com")).toBeNull();
  });
});
