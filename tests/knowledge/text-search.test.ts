import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as lancedb from "@lancedb/lancedb";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { config } from "@/lib/config";
import { activeIngestor, activeRetriever } from "@/lib/knowledge";
import { startWorker, stopWorker } from "@/lib/knowledge";
import { freshDataDir } from "../helpers/env";
import { ingestAndWait } from "../helpers/jobs";
import { writeTemp } from "../helpers/files";
import { OPERATOR } from "@/lib/security/principal";

/** Full-text search details that plain BM25 gets wrong: hyphenated compounds and typos. */

const IN_NETWORK = "Visits\n\nFor in-network visits the deductible is 500 dollars. In-network providers bill the plan directly.";
const OUT_OF_NETWORK =
  "Visits\n\nFor out-of-network visits the deductible is 2,000 dollars. Out-of-network providers may bill you directly.";

beforeAll(async () => {
  await freshDataDir();
  const tmp = mkdtempSync(path.join(os.tmpdir(), "docchat-text-"));
  startWorker();
  await activeIngestor().createCollection("plans");
  await ingestAndWait("plans", [writeTemp(tmp, "in_network.md", IN_NETWORK), writeTemp(tmp, "out_of_network.md", OUT_OF_NETWORK)]);
});
afterAll(() => stopWorker());

describe("full-text search", () => {
  it.each([
    ["out-of-network deductible", "out_of_network.md"],
    ["in-network deductible", "in_network.md"],
  ])("tells hyphenated compounds apart: %s", async (query, file) => {
    const result = await activeRetriever().retrieve(query, "plans", 2, null, { mode: "text" });
    expect(result.chunks.map((c) => c.file_name)).toEqual([file, expect.any(String)]);
    expect(result.chunks[0].score).toBeGreaterThan(result.chunks[1].score);
  });

  it("counts a word the query repeats once, in any of its forms", async () => {
    const scores = async (query: string) =>
      (await activeRetriever().retrieve(query, "plans", 2, null, { mode: "text", correctSpelling: false })).chunks.map((c) => [
        c.file_name,
        c.score,
      ]);
    const once = await scores("out-of-network providers bill");
    expect(once).toHaveLength(2);
    expect(await scores("Out-of-network providers bill? Which out-of-network provider bills?")).toEqual(once);
  });

  it("corrects a typo to the collection's own word, and stops once the collection uses the word", async () => {
    const retriever = activeRetriever();
    expect(await retriever.correctSpelling!("Which netwrk providrs bill directly?", "plans")).toEqual({
      query: "Which network providers bill directly?",
      corrections: { netwrk: "network", providrs: "providers" },
      unknown: [],
    });
    expect((await retriever.correctSpelling!("Is the dog allowed?", "plans")).unknown).toEqual(["dog", "allowed"]);
    // A real word the collection lacks is no typo of one it has: "plane" is not "plan".
    expect(await retriever.correctSpelling!("Is the plane covered?", "plans")).toMatchObject({
      corrections: {},
      unknown: ["plane", "covered"],
    });
    // A word of asking is no typo, even one edit from a word the collection uses ("may").
    expect(await retriever.correctSpelling!("How many providers bill directly?", "plans")).toEqual({
      query: "How many providers bill directly?",
      corrections: {},
      unknown: [],
    });
    await ingestAndWait("plans", [
      writeTemp(
        mkdtempSync(path.join(os.tmpdir(), "docchat-text-")),
        "netwrk.md",
        "Netwrk is our provider portal. Health spas are covered.",
      ),
    ]);
    // A plural the stemmer keeps whole ("spas") is found from its singular: no typo, the word itself.
    expect(await retriever.correctSpelling!("Are spa visits covered?", "plans")).toMatchObject({
      query: "Are spas visits covered?",
      corrections: {},
      forms: { spa: "spas" },
      unknown: [],
    });
    expect((await retriever.correctSpelling!("Which netwrk providrs bill directly?", "plans")).corrections).toEqual({
      providrs: "providers",
    });
  });

  it("looks a typo up once, and again once rows are added", async () => {
    const retriever = activeRetriever();
    const question = "Do providrs bill directly?";
    const first = await retriever.correctSpelling!(question, "plans");
    expect(first.corrections).toEqual({ providrs: "providers" });
    const table = await (await lancedb.connect(config().lancedbUri)).openTable("plans");
    const queries = vi.spyOn(Object.getPrototypeOf(table) as lancedb.Table, "query");
    try {
      expect(await retriever.correctSpelling!(question, "plans")).toEqual(first);
      expect(queries).not.toHaveBeenCalled();
      await ingestAndWait("plans", [
        writeTemp(mkdtempSync(path.join(os.tmpdir(), "docchat-text-")), "claims.md", "Claims are paid within 30 days."),
      ]);
      queries.mockClear();
      expect(await retriever.correctSpelling!(question, "plans")).toEqual(first);
      expect(queries).toHaveBeenCalled();
    } finally {
      queries.mockRestore();
    }
  });

  it("takes no word the index drops for unknown (its stop words are the NLTK list)", async () => {
    const nltk =
      "i me my myself we our ours ourselves you you're you've you'll you'd your yours yourself yourselves he him his himself she she's her hers herself it it's its itself they them their theirs themselves what which who whom this that that'll these those am is are was were be been being have has had having do does did doing a an the and but if or because as until while of at by for with about against between into through during before after above below to from up down in out on off over under again further then once here there when where why how all any both each few more most other some such no nor not only own same so than too very s t can will just don don't should should've now d ll m o re ve y ain aren aren't couldn couldn't didn didn't doesn doesn't hadn hadn't hasn hasn't haven haven't isn isn't ma mightn mightn't mustn mustn't needn needn't shan shan't shouldn shouldn't wasn wasn't weren weren't won won't wouldn wouldn't";
    expect((await activeRetriever().correctSpelling!(nltk, "plans")).unknown).toEqual([]);
  });

  it("checks no spelling before the collection has its full-text index", async () => {
    const { createChunkTable, addChunks, spellCheck } = await import("@/lib/knowledge/lancedb/store");
    await createChunkTable("unindexed", 4);
    const text = "Hotel allowances follow the travel policy.";
    await addChunks("unindexed", [
      {
        chunk_id: "c1",
        file_id: "f1",
        file_name: "t.md",
        page_number: null,
        chunk_index: 0,
        heading: null,
        content: text,
        search_text: text,
        content_type: "text",
        token_count: 8,
        vector: new Float32Array(4).fill(0.5),
      },
    ]);
    expect(await spellCheck("unindexed", "What hotel allowances does the travel policy give?")).toEqual({
      query: "What hotel allowances does the travel policy give?",
      corrections: {},
      unknown: [],
    });
  });
});

describe("the read door", () => {
  it("searches each part of a compound question: the part with more matching words does not crowd out the other", async () => {
    const { searchKnowledge } = await import("@/lib/knowledge/search");
    const office =
      "Office\n\nThe office opens at eight. Visitors sign in at the front desk and wear a badge. The kitchen is on the second floor. Bikes go in the garage.";
    await ingestAndWait("plans", [writeTemp(mkdtempSync(path.join(os.tmpdir(), "docchat-text-")), "office.md", office)]);
    // The new rows folded into the BM25 index: its statistics, not a scan's, rank them.
    await (await import("@/lib/knowledge/lancedb/store")).optimizeTable("plans");
    const compound = "Which providers bill the plan directly for visits, and where do bikes go?";
    const files = async (query: string | string[]) =>
      (await searchKnowledge({ principal: OPERATOR, query, top: 2, collections: ["plans"], mode: "text" })).chunks.map((c) => c.file_name);
    expect(await files(compound)).toContain("office.md");
    // Asked as one search, the passages about providers take both places.
    expect(await files([compound])).not.toContain("office.md");
  });
});
