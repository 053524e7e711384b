import { describe, expect, it } from "vitest";
import { parseQueryArguments, readArguments } from "@/lib/polymath/args";
import { jsonWithFloatSimilarities } from "@/lib/polymath/http";
import {
  applyOmit,
  decodeBase64,
  encodeVector,
  parseOmit,
  polymathModelName,
  PolymathError,
  takeWithinBudget,
  vectorFromBytes,
} from "@/lib/polymath/format";

/** The library format's pieces: embeddings, omit, budgets, argument parsing. */

const float64Base64 = (values: number[]) => Buffer.from(new Float64Array(values).buffer).toString("base64");
const float32Base64 = (values: number[]) => Buffer.from(new Float32Array(values).buffer).toString("base64");

describe("embeddings", () => {
  it("decodes float32 and float64 by byte length, and encodes float32 as the reference host does", () => {
    const values = [0.25, -1.5, 3, 0.125];
    const f32 = vectorFromBytes(decodeBase64(float32Base64(values)), 4)!;
    const f64 = vectorFromBytes(decodeBase64(float64Base64(values)), 4)!;
    expect(Array.from(f32)).toEqual(values);
    expect(Array.from(f64)).toEqual(values);
    // The JS recipe in the reference host's comments: btoa of the Float32Array's bytes.
    expect(encodeVector(values)).toBe(float32Base64(values));
    expect(vectorFromBytes(decodeBase64(encodeVector(values)), 4)).toEqual(f32);
  });

  it("accepts URL-safe base64 and missing padding; rejects anything else", () => {
    const bytes = new Uint8Array([251, 255, 191, 0, 1]);
    const standard = Buffer.from(bytes).toString("base64"); // "+/+/AAE=" style
    const urlSafe = standard.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    expect(Array.from(decodeBase64(standard))).toEqual(Array.from(bytes));
    expect(Array.from(decodeBase64(urlSafe))).toEqual(Array.from(bytes));
    for (const bad of ["abc$", "a", "AAAA=A", "%%%%"]) expect(() => decodeBase64(bad)).toThrow(PolymathError);
  });

  it("refuses a length that is neither float32 nor float64 of the dimensions", () => {
    expect(vectorFromBytes(new Uint8Array(12), 4)).toBeNull();
    expect(vectorFromBytes(new Uint8Array(16), 4)).not.toBeNull();
    expect(vectorFromBytes(new Uint8Array(32), 4)).not.toBeNull();
  });

  it("names models as Polymath does", () => {
    expect(polymathModelName("text-embedding-ada-002")).toBe("openai.com:text-embedding-ada-002");
    expect(polymathModelName("openai.com:text-embedding-ada-002")).toBe("openai.com:text-embedding-ada-002");
    expect(polymathModelName("local-hash-v1")).toBe("docchat:local-hash-v1");
  });
});

describe("the answer's JSON", () => {
  it("writes every similarity as a float, as Python's json must read it, and nothing else", () => {
    const bits = [{ text: '"similarity":1', similarity: 1, token_count: 3 }, { similarity: -2 }, { similarity: 0.25 }, { similarity: 0 }];
    const text = jsonWithFloatSimilarities({ bits, details: { counts: { bits: 4 } } });
    expect(text).toBe(
      '{"bits":[{"text":"\\"similarity\\":1","similarity":1.0,"token_count":3},{"similarity":-2.0},{"similarity":0.25},{"similarity":0.0}],"details":{"counts":{"bits":4}}}',
    );
    expect(JSON.parse(text)).toEqual({ bits, details: { counts: { bits: 4 } } });
  });
});

describe("omit", () => {
  const bit = { text: "t", embedding: "e", token_count: 3, similarity: 0.5, info: { url: "u" }, access_tag: "staff" };

  it("takes *, one key, a list or a comma string, and states it canonically", () => {
    expect(parseOmit().canonical).toBe("embedding");
    expect(parseOmit("*")).toMatchObject({ all: true, canonical: "*" });
    expect(parseOmit("")).toMatchObject({ all: false, canonical: "" });
    expect(parseOmit("info").canonical).toBe("info");
    // Several keys are stated as one comma string: the reference client asserts omit is a str.
    expect(parseOmit(["embedding", "info"]).canonical).toBe("embedding,info");
    expect(parseOmit("similarity,embedding").canonical).toBe("similarity,embedding");
    expect(parseOmit("embedding, info").canonical).toBe("embedding,info");
    expect(parseOmit("embeddings").canonical).toBe("embedding"); // the spec's own example
  });

  it("drops the keys (access_tag always), or every bit for *", () => {
    expect(applyOmit([bit], parseOmit("*"))).toEqual([]);
    expect(applyOmit([bit], parseOmit(""))).toEqual([{ text: "t", embedding: "e", token_count: 3, similarity: 0.5, info: { url: "u" } }]);
    expect(applyOmit([bit], parseOmit("embedding,similarity"))).toEqual([{ text: "t", token_count: 3, info: { url: "u" } }]);
    expect(applyOmit([bit], parseOmit(["info", "token_count"]))).toEqual([{ text: "t", embedding: "e", similarity: 0.5 }]);
  });

  it("refuses unknown keys, and * or '' alongside others", () => {
    expect(() => parseOmit("colour")).toThrow("Illegal omit key type: colour");
    expect(() => parseOmit("*,info")).toThrow("must be the only item");
    expect(() => parseOmit(["", "info"])).toThrow("must be the only item");
    expect(() => parseOmit(5)).toThrow("omit must be a string or a list of strings");
  });
});

describe("budgets", () => {
  const items = [{ t: 10 }, { t: 20 }, { t: 30 }];
  const tokens = (i: { t: number }) => i.t;

  it("token budgets stop before the first bit that would exceed them, at the exact boundary", () => {
    expect(takeWithinBudget(items, { count: 30, countType: "token" }, tokens).kept).toEqual([{ t: 10 }, { t: 20 }]);
    expect(takeWithinBudget(items, { count: 29, countType: "token" }, tokens).kept).toEqual([{ t: 10 }]);
    expect(takeWithinBudget(items, { count: 60, countType: "token" }, tokens)).toMatchObject({ kept: items, full: false });
    expect(takeWithinBudget(items, { count: 9, countType: "token" }, tokens)).toMatchObject({ kept: [], full: true });
  });

  it("as the reference host's slice(): a first bit over the whole budget comes shortened, a negative count takes all", () => {
    const shorten = (i: { t: number }, count: number) => ({ t: count });
    expect(takeWithinBudget(items, { count: 9, countType: "token" }, tokens, { shorten })).toMatchObject({ kept: [{ t: 9 }], full: true });
    expect(takeWithinBudget(items, { count: 15, countType: "token" }, tokens, { shorten }).kept).toEqual([{ t: 10 }]);
    expect(takeWithinBudget(items, { count: -1, countType: "token" }, tokens).kept).toEqual(items);
    expect(takeWithinBudget(items, { count: -1, countType: "bit" }, tokens)).toMatchObject({ kept: items, full: false });
  });

  it("bit budgets keep that many bits", () => {
    expect(takeWithinBudget(items, { count: 2, countType: "bit" }, tokens)).toMatchObject({ kept: [{ t: 10 }, { t: 20 }], full: true });
  });

  it("restricted items are skipped and counted only before the budget runs out", () => {
    const restricted = (i: { t: number }) => i.t === 20;
    expect(takeWithinBudget(items, { count: 40, countType: "token" }, tokens, { isRestricted: restricted })).toMatchObject({
      kept: [{ t: 10 }, { t: 30 }],
      restricted: 1,
    });
    expect(takeWithinBudget(items, { count: 1, countType: "bit" }, tokens, { isRestricted: (i) => i.t === 30 })).toMatchObject({
      kept: [{ t: 10 }],
      restricted: 0,
    });
  });
});

describe("arguments", () => {
  const post = (body: BodyInit, type?: string) =>
    new Request("http://host.test/api/polymath", { method: "POST", body, headers: type ? { "content-type": type } : {} });

  it("reads JSON, urlencoded and multipart bodies alike", async () => {
    const json = await readArguments(post(JSON.stringify({ version: 1, count: 5, omit: ["embedding", "info"] }), "application/json"));
    const urlencoded = await readArguments(post("version=1&count=5&omit=embedding&omit=info", "application/x-www-form-urlencoded"));
    const form = new FormData();
    form.append("version", "1");
    form.append("count", "5");
    form.append("omit", "embedding,info");
    const multipart = await readArguments(new Request("http://host.test/api/polymath", { method: "POST", body: form }));
    for (const args of [json, urlencoded, multipart]) {
      const parsed = parseQueryArguments(args);
      expect(parsed).toMatchObject({ version: 1, count: 5, countType: "token", queryEmbedding: null, accessToken: null });
      expect(parsed.omit.canonical).toBe("embedding,info");
    }
    expect(parseQueryArguments(await readArguments(post("version=1")))).toMatchObject({ count: 1000, countType: "token" });
  });

  it("has the reference host's defaults and errors", () => {
    expect(parseQueryArguments({ version: "1" })).toMatchObject({ count: 1000, countType: "token", omit: { canonical: "embedding" } });
    expect(parseQueryArguments({ version: 2 }).version).toBe(2); // a newer client reads version 1
    expect(() => parseQueryArguments({})).toThrow("version must be at least 1");
    expect(() => parseQueryArguments({ version: 0 })).toThrow("version must be at least 1");
    expect(() => parseQueryArguments({ version: "one" })).toThrow("version must be a whole number");
    expect(() => parseQueryArguments({ version: 1, count: 0 })).toThrow("count must be greater than 0");
    expect(parseQueryArguments({ version: 1, count: "-1" }).count).toBe(-1); // every bit, as the reference host reads it
    expect(() => parseQueryArguments({ version: 1, count: "2.5" })).toThrow("count must be a whole number");
    expect(() => parseQueryArguments({ version: 1, count_type: "word" })).toThrow(
      "count_type word is not one of the legal options: token, bit",
    );
    expect(() => parseQueryArguments({ version: 1, query_embedding: 5 })).toThrow("query_embedding must be a string");
  });

  it("refuses a body that is not JSON when it says it is", async () => {
    await expect(readArguments(post("{nope", "application/json"))).rejects.toThrow("not valid JSON");
    await expect(readArguments(post("[1]", "application/json"))).rejects.toThrow("must be an object");
  });
});
