import { describe, expect, it } from "vitest";
import { samplePassages } from "@/lib/ingest/sample-pdf";
import { rehearseRows } from "@/lib/knowledge/lancedb/pipeline";
import { LocalHashEmbedder } from "@/lib/models/local-embedder";

describe("rehearseRows (the start-up warm-up of a file's rows)", () => {
  it("builds the rows of generated passages without writing them anywhere", async () => {
    const embedder = new LocalHashEmbedder();
    let embedded = 0;
    const counting = {
      ...embedder,
      model: embedder.model,
      dimensions: embedder.dimensions,
      embed: (texts: string[]) => ((embedded += texts.length), embedder.embed(texts)),
    };
    await expect(rehearseRows(samplePassages(8), counting)).resolves.toBeUndefined();
    expect(embedded).toBe(8);
  });
});
