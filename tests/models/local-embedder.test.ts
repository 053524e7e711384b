import { describe, expect, it } from "vitest";
import { EMPTY_TEXT_DIMENSION, LOCAL_HASH_DEFAULT_DIMENSIONS, LOCAL_HASH_MODEL, LocalHashEmbedder } from "@/lib/models/local-embedder";
import { stem } from "@/lib/models/local-hash/stem";

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i], 0);
const norm = (a: Float32Array) => Math.sqrt(dot(a, a));

const DEDUCTIBLE =
  "Northwind Standard has an annual deductible of $2,000 per person for in-network services. " +
  "The deductible must be met before the plan pays for covered services, except preventive care.";
const VACATION =
  "Employees accrue vacation days based on years of service. Full-time staff receive fifteen paid " +
  "days off per year, and unused vacation may be carried over.";
const PRESCRIPTIONS =
  "Prescription drugs are covered through the pharmacy benefit. Generic medications have a $10 copay " +
  "and specialty drugs require prior authorization.";

describe("LocalHashEmbedder", () => {
  const embedder = new LocalHashEmbedder();

  it("names its model and size", () => {
    expect(embedder.model).toBe(LOCAL_HASH_MODEL);
    expect(embedder.dimensions).toBe(LOCAL_HASH_DEFAULT_DIMENSIONS);
    expect(new LocalHashEmbedder({ dimensions: 128 }).dimensions).toBe(128);
    expect(() => new LocalHashEmbedder({ dimensions: 0 })).toThrow(/dimensions/);
  });

  it("is deterministic across calls and instances", async () => {
    const [a] = await embedder.embed([DEDUCTIBLE]);
    const [b] = await new LocalHashEmbedder().embed([DEDUCTIBLE]);
    expect(Array.from(a)).toEqual(Array.from(b));
    // Scratch buffers are reused: a text embedded after another must not be affected by it.
    const [, c] = await embedder.embed([VACATION, DEDUCTIBLE]);
    expect(Array.from(c)).toEqual(Array.from(a));
  });

  it("returns unit-length Float32Arrays of the configured size", async () => {
    const vectors = await new LocalHashEmbedder({ dimensions: 256 }).embed([DEDUCTIBLE, VACATION, "x"]);
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v.length).toBe(256);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
  });

  it("scores a relevant passage above unrelated ones", async () => {
    const [query, deductible, vacation, prescriptions] = await embedder.embed([
      "annual deductible for in-network care",
      DEDUCTIBLE,
      VACATION,
      PRESCRIPTIONS,
    ]);
    expect(dot(query, deductible)).toBeGreaterThan(dot(query, vacation) + 0.1);
    expect(dot(query, deductible)).toBeGreaterThan(dot(query, prescriptions) + 0.1);

    const [question] = await embedder.embed(["How many vacation days do I get per year?"]);
    expect(dot(question, vacation)).toBeGreaterThan(dot(question, deductible));
  });

  it("matches inflections, case, punctuation and PDF ligatures", () => {
    const base = embedder.embedOne("covered deductibles for dependents");
    const variant = embedder.embedOne("Covering the DEDUCTIBLE, for dependent!");
    expect(dot(base, variant)).toBeGreaterThan(0.9);
    // "ﬁ" (U+FB01) is how many PDFs encode "fi".
    expect(dot(embedder.embedOne("ﬁling a claim"), embedder.embedOne("filing a claim"))).toBeCloseTo(1, 5);
    expect(dot(embedder.embedOne("café résumé"), embedder.embedOne("cafe resume"))).toBeCloseTo(1, 5);
    expect(dot(embedder.embedOne("$1,500 copay"), embedder.embedOne("1500 copay"))).toBeCloseTo(1, 5);
  });

  it("gives empty and word-less texts the documented fixed unit vector", () => {
    for (const text of ["", "   ", "?!…", "—"]) {
      const v = embedder.embedOne(text);
      expect(v[EMPTY_TEXT_DIMENSION]).toBe(1);
      expect(norm(v)).toBeCloseTo(1, 6);
    }
  });

  it("falls back to stop words when a text has nothing else", () => {
    const v = embedder.embedOne("what is it?");
    expect(norm(v)).toBeCloseTo(1, 5);
    expect(v[EMPTY_TEXT_DIMENSION]).not.toBe(1);
    expect(dot(v, embedder.embedOne("What is it"))).toBeCloseTo(1, 5);
  });

  it("handles non-Latin scripts and emoji", () => {
    const ja = embedder.embedOne("年間の免責金額はいくらですか");
    const ru = embedder.embedOne("Годовая франшиза для сети");
    const mixed = embedder.embedOne("deductible 🙂 😀 ");
    for (const v of [ja, ru, mixed]) {
      expect(norm(v)).toBeCloseTo(1, 5);
      expect(v.every(Number.isFinite)).toBe(true);
    }
    expect(dot(ru, embedder.embedOne("годовая франшиза"))).toBeGreaterThan(0.5);
    expect(dot(mixed, embedder.embedOne("deductible"))).toBeCloseTo(1, 5);
  });

  it("embeds 1,000 chunks of ~400 words quickly", () => {
    const words = DEDUCTIBLE.concat(" ", VACATION, " ", PRESCRIPTIONS).split(" ");
    const chunks = Array.from({ length: 1000 }, (_, i) =>
      Array.from({ length: 400 }, (_, j) => words[(i * 7 + j * 13) % words.length]).join(" "),
    );
    const start = performance.now();
    embedder.embedSync(chunks);
    // Generous bound for slow CI machines; typically ~100 ms (see bench-local-embedder.ts).
    expect(performance.now() - start).toBeLessThan(3000);
  });
});

describe("stem", () => {
  const s = (word: string) => {
    const buf = Uint16Array.from(word, (c) => c.charCodeAt(0));
    return String.fromCharCode(...buf.subarray(0, stem(buf, buf.length)));
  };

  it("conflates common English inflections", () => {
    expect(s("deductibles")).toBe(s("deductible"));
    expect(s("policies")).toBe("policy");
    expect(s("covered")).toBe("cover");
    expect(s("covering")).toBe("cover");
    expect(s("covers")).toBe("cover");
    expect(s("planned")).toBe("plan");
    expect(s("billing")).toBe("bill");
    expect(s("requires")).toBe(s("required"));
  });

  it("leaves short words, -ss/-us/-is words and numbers alone", () => {
    expect(s("bus")).toBe("bus");
    expect(s("class")).toBe("class");
    expect(s("status")).toBe("status");
    expect(s("analysis")).toBe("analysis");
    expect(s("2024")).toBe("2024");
  });
});
