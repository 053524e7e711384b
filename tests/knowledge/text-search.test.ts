import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeIngestor, activeRetriever } from "@/lib/knowledge";
import { startWorker, stopWorker } from "@/lib/knowledge/jobs/worker";
import { freshDataDir } from "../helpers/env";
import { ingestAndWait } from "../helpers/jobs";
import { writeTemp } from "../helpers/files";

/** Full-text search details that plain BM25 gets wrong: hyphenated compounds and typos. */

const IN_NETWORK = "Visits\n\nFor in-network visits the deductible is 500 dollars. In-network providers bill the plan directly.";
const OUT_OF_NETWORK = "Visits\n\nFor out-of-network visits the deductible is 2,000 dollars. Out-of-network providers may bill you directly.";

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

  it("corrects a typo to the collection's own word, and stops once the collection uses the word", async () => {
    const retriever = activeRetriever();
    expect(await retriever.correctSpelling!("Which netwrk providrs bill directly?", "plans")).toEqual({
      query: "Which network providers bill directly?",
      corrections: { netwrk: "network", providrs: "providers" },
      unknown: [],
    });
    expect((await retriever.correctSpelling!("Is the dog allowed?", "plans")).unknown).toEqual(["dog", "allowed"]);
    await ingestAndWait("plans", [writeTemp(mkdtempSync(path.join(os.tmpdir(), "docchat-text-")), "netwrk.md", "Netwrk is our provider portal.")]);
    expect((await retriever.correctSpelling!("Which netwrk providrs bill directly?", "plans")).corrections).toEqual({ providrs: "providers" });
  });
});
