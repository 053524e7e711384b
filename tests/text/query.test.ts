import { describe, expect, it } from "vitest";
import { offlineSearchQuery } from "@/lib/text/query";

const turns = (...questions: string[]) => questions.flatMap((content) => [{ role: "user" as const, content }, { role: "assistant" as const, content: "…" }]).slice(0, -1);

describe("offline search query of a follow-up", () => {
  it("borrows the previous question's subject", () => {
    expect(offlineSearchQuery(turns("What is the hotel limit for Zurich?", "how much is it?"))).toBe("how much is it? hotel limit zurich");
  });

  it("puts what 'and for …' names in the place of the previous question's last word", () => {
    expect(offlineSearchQuery(turns("Does Northwind Standard cover vision?", "and for dental?"))).toBe("and for dental? northwind standard cover");
    expect(offlineSearchQuery(turns("What is the deductible for Northwind Health Plus?", "What about Standard?"))).toBe(
      "What about Standard? deductible northwind health",
    );
  });

  it("leaves a question that stands alone as it is", () => {
    expect(offlineSearchQuery(turns("Does Northwind Standard cover vision?", "Which dental services does Northwind Standard cover?"))).toBe(
      "Which dental services does Northwind Standard cover?",
    );
  });
});
