import { describe, expect, it } from "vitest";
import {
  FACT_TYPES,
  FactItem,
  factInPassages,
  gradeAnswer,
  loadFacts,
  missKinds,
  normalizeAnswer,
  scoreTable,
  sentences,
  SPLITS,
} from "@/scripts/lib/facts";

const item = (fields: Record<string, unknown>) =>
  FactItem.parse({
    id: "x",
    split: "dev",
    type: "amount",
    turns: ["How much?"],
    fact: ["\\$ ?1500\\b"],
    pages: ["Plan.pdf#page=13"],
    ...fields,
  });

const grade = (fields: Record<string, unknown>, answer: string) => {
  const it = item(fields);
  return { item: it, answer, grade: gradeAnswer(it, answer) };
};

describe("fact grading", () => {
  it("reads amounts whatever their thousands separator, and ignores citation text", () => {
    expect(normalizeAnswer("It is $1,500 [Plan.pdf#page=13], or 3.000 € or 4 500")).toBe("It is $1500 , or 3000 € or 4500");
    const amount = item({});
    for (const answer of ["The deductible is $1,500 [Plan.pdf#page=13].", "Deductible: $1500 [Plan.pdf#page=13]"]) {
      expect(gradeAnswer(amount, answer)).toMatchObject({ stated: true, pageCited: true, accurate: true, clean: true });
    }
    // The number inside a citation is not the fact.
    expect(gradeAnswer(item({ fact: ["\\b13\\b"] }), "See [Plan.pdf#page=13].").stated).toBe(false);
  });

  it("needs the fact and a reference page; clean only when every citation is a reference page", () => {
    const amount = item({});
    expect(gradeAnswer(amount, "It is $2,000 [Plan.pdf#page=13].")).toMatchObject({ stated: false, pageCited: true, accurate: false });
    expect(gradeAnswer(amount, "It is $1,500 [Plan.pdf#page=108].")).toMatchObject({
      stated: true,
      pageCited: false,
      accurate: false,
      clean: false,
    });
    const padded = gradeAnswer(amount, "It is $1,500 [Plan.pdf#page=13]. Subrogation is a process [Other.pdf#page=2].");
    expect(padded).toMatchObject({ accurate: true, clean: false, sentences: 2 });
    expect(padded.cited).toEqual(["Plan.pdf#page=13", "Other.pdf#page=2"]);
    // A collection prefix on a label does not change the page it names.
    expect(gradeAnswer(amount, "It is $1,500 [northwind/Plan.pdf#page=13].").accurate).toBe(true);
    expect(gradeAnswer(amount, "It is $1,500.").clean).toBe(false);
  });

  it("an all-of matcher needs every part", () => {
    const comparison = item({ fact: [["\\$ ?1500\\b", "\\$ ?2000\\b"]] });
    expect(gradeAnswer(comparison, "Plus: $1,500; Standard: $2,000 [Plan.pdf#page=13].").stated).toBe(true);
    expect(gradeAnswer(comparison, "Plus: $1,500 [Plan.pdf#page=13].").stated).toBe(false);
  });

  it("a yes/no item must open with the expected word, in English or the question's language", () => {
    const no = item({ type: "yesno", yes_no: "no", fact: ["food and supplements"] });
    expect(gradeAnswer(no, "No. Food and supplements are not covered [Plan.pdf#page=13].").accurate).toBe(true);
    expect(gradeAnswer(no, "**No**, food and supplements are not covered [Plan.pdf#page=13].").accurate).toBe(true);
    expect(gradeAnswer(no, "Food and supplements are not covered [Plan.pdf#page=13].").stated).toBe(false);
    expect(gradeAnswer(no, "Yes, food and supplements [Plan.pdf#page=13].").stated).toBe(false);
    const german = item({ type: "yesno", yes_no: "yes", lang: "de", fact: ["yoga"] });
    expect(gradeAnswer(german, "Ja, Yoga-Kurse sind abgedeckt [Plan.pdf#page=13].").accurate).toBe(true);
  });

  it("a not-found item passes only when the first sentence says the documents do not answer it", () => {
    const missing = item({ type: "not_found", expect: "not_found", fact: [], pages: [] });
    expect(gradeAnswer(missing, "The selected documents never mention “vacation”.")).toMatchObject({ accurate: true, clean: null });
    expect(gradeAnswer(missing, "I could not find anything about that in the selected documents.").accurate).toBe(true);
    // The app's own line for a question nothing matches, in each language of the set.
    for (const line of [
      "Nothing in the selected documents matches the question; these passages come closest.",
      "Nichts in den ausgewählten Dokumenten passt zur Frage; diese Passagen kommen ihr am nächsten.",
      "Rien dans les documents sélectionnés ne correspond à la question ; voici les passages les plus proches.",
      "Nada en los documentos seleccionados responde a la pregunta; estos son los pasajes más cercanos.",
    ])
      expect(gradeAnswer(missing, line).accurate, line).toBe(true);
    expect(gradeAnswer(missing, "Nothing in the plan covers cosmetic surgery.").accurate).toBe(false);
    expect(gradeAnswer(missing, "Ich habe dazu in den Dokumenten nichts gefunden.").accurate).toBe(true);
    expect(gradeAnswer(missing, "No encontré información sobre eso.").accurate).toBe(true);
    // Quoting first and admitting it later is pretending.
    expect(
      gradeAnswer(missing, "Claims are due within 90 days [Plan.pdf#page=83]. Vacation is not mentioned in the documents.").accurate,
    ).toBe(false);
  });

  it("tells whether a reply opens in the question's language", () => {
    const french = item({ type: "multilingual", lang: "fr", fact: ["\\b20 ?%"] });
    expect(gradeAnswer(french, "Vous payez 20 % des frais une fois la franchise atteinte [Plan.pdf#page=13].").ownLanguage).toBe(true);
    expect(gradeAnswer(french, "The co-insurance is 20% of the remaining cost [Plan.pdf#page=13].").ownLanguage).toBe(false);
  });

  it("splits sentences at their ends and at line breaks, not inside numbers", () => {
    expect(sentences("It costs $1.50 a day. Call 1-800-123-4567 [a.pdf#page=1].\n- A list item\nNext one")).toEqual([
      "It costs $1.50 a day.",
      "Call 1-800-123-4567.",
      "- A list item",
      "Next one",
    ]);
  });

  it("scores per split and type, then the split's total", () => {
    const rows = scoreTable([
      grade({}, "It is $1,500 [Plan.pdf#page=13]."),
      grade({}, "It is $2,000 [Plan.pdf#page=13]. More [Other.pdf#page=1]."),
      grade({ type: "not_found", expect: "not_found", fact: [], pages: [] }, "I could not find that."),
    ]);
    expect(rows.map((r) => [r.split, r.type, r.n, r.accurate, r.stated, r.pageCited, r.clean, r.medianSentences])).toEqual([
      ["dev", "amount", 2, 0.5, 0.5, 1, 0.5, 1],
      ["dev", "not_found", 1, 1, 1, 1, null, 1],
      ["dev", "all", 3, 2 / 3, 2 / 3, 1, 0.5, 1],
    ]);
  });

  it("finds the key fact in a passage sent only on a reference page", () => {
    const amount = item({});
    expect(factInPassages(amount, ["Plan.pdf#page=2: a deductible", "Plan.pdf#page=13: The deductible is $1,500 a year."])).toBe(true);
    // A collection prefix on the passage's label does not change its page.
    expect(factInPassages(amount, ["northwind/Plan.pdf#page=13: The deductible is $1,500."])).toBe(true);
    // The same words on another page, or the reference page without them, do not count.
    expect(factInPassages(amount, ["Plan.pdf#page=108: The deductible is $1,500.", "Plan.pdf#page=13: The deductible is $2,000."])).toBe(
      false,
    );
    // Both sides of a comparison, each on its own page.
    const both = item({
      type: "comparison",
      fact: [["Standard[^.]*\\$ ?1500", "Plus[^.]*\\$ ?2000"]],
      pages: ["S.pdf#page=1", "P.pdf#page=2"],
    });
    expect(factInPassages(both, ["S.pdf#page=1: Standard: $1,500.", "P.pdf#page=2: Plus: $2,000."])).toBe(true);
    expect(factInPassages(both, ["S.pdf#page=1: Standard: $1,500."])).toBe(false);
    expect(factInPassages(item({ type: "not_found", expect: "not_found", fact: [], pages: [] }), [])).toBeNull();
    const rows = scoreTable([
      { ...grade({}, "It is $2,000 [Plan.pdf#page=13]."), inPassages: true },
      { ...grade({}, "I could not find that."), inPassages: false },
      grade({ type: "not_found", expect: "not_found", fact: [], pages: [] }, "I could not find that."),
    ]);
    expect(rows.map((r) => [r.type, r.inPassages])).toEqual([
      ["amount", 0.5],
      ["not_found", null],
      ["all", 0.5],
    ]);
  });

  it("tells a miss saying the documents do not answer from one answering wrongly", () => {
    const notFound = { type: "not_found", expect: "not_found", fact: [], pages: [] };
    expect(
      missKinds([
        grade({}, "It is $1,500 [Plan.pdf#page=13]."),
        grade({}, "It is $2,000 [Plan.pdf#page=13]."),
        grade({}, "I could not find a direct answer to that in the selected documents. The closest passages: …"),
        grade(notFound, "It is $2,000 [Plan.pdf#page=13]."),
        grade(notFound, "I could not find that."),
      ]),
    ).toEqual({ misses: 3, saidNotFound: 1, answeredWrongly: 2 });
  });
});

describe("the committed fact set", () => {
  const items = loadFacts();

  it("covers every type in both splits, with regexes that compile", () => {
    for (const split of SPLITS)
      for (const type of FACT_TYPES)
        expect(items.filter((i) => i.split === split && i.type === type).length, `${split}/${type}`).toBeGreaterThanOrEqual(3);
    for (const i of items) for (const m of i.fact.flat()) expect(() => new RegExp(m, "iu")).not.toThrow();
  });

  it("has multi-turn chats and questions in German, French and Spanish in both splits", () => {
    for (const split of SPLITS) {
      const own = items.filter((i) => i.split === split);
      expect(own.filter((i) => i.turns.length > 1).length).toBeGreaterThanOrEqual(6);
      expect(new Set(own.map((i) => i.lang))).toEqual(new Set(["en", "de", "fr", "es"]));
    }
  });
});
