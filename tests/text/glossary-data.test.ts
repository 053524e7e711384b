import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The cross-language glossaries are data: German, French and Spanish words mapped to the English
 * words a workplace document would use. Their shape is checked here, not what they say.
 */
const LANGS = ["de", "fr", "es"] as const;

function glossary(lang: string): unknown {
  return JSON.parse(readFileSync(path.join(import.meta.dirname, "../../lib/text/glossary", `${lang}.json`), "utf8"));
}

describe.each(LANGS)("glossary %s", (lang) => {
  const data = glossary(lang) as { about: unknown; words: Record<string, unknown> };
  const entries = Object.entries(data.words);

  it("parses, with an about paragraph and a words object", () => {
    expect(typeof data.about).toBe("string");
    expect((data.about as string).length).toBeGreaterThan(0);
    expect(data.words && typeof data.words === "object" && !Array.isArray(data.words)).toBe(true);
  });

  it("has at least 2,400 keys, all lowercase", () => {
    expect(entries.length).toBeGreaterThanOrEqual(2400);
    expect(entries.map(([key]) => key).filter((key) => key !== key.toLowerCase() || key.trim() === "")).toEqual([]);
  });

  it("maps each key to 1 to 4 English strings of at most 3 words", () => {
    const bad = entries.filter(
      ([, values]) =>
        !Array.isArray(values) ||
        values.length < 1 ||
        values.length > 4 ||
        values.some((v) => typeof v !== "string" || v.trim() === "" || v.trim().split(/\s+/).length > 3),
    );
    expect(bad).toEqual([]);
  });
});
