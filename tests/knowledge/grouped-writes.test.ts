import * as lancedb from "@lancedb/lancedb";
import { beforeAll, describe, expect, it } from "vitest";
import { config } from "@/lib/config";
import { addChunks, createChunkTable, type ChunkRow } from "@/lib/knowledge/lancedb/store";
import { freshDataDir } from "../helpers/env";

const DIMS = 8;

function fileRows(fileId: string, count: number, dims = DIMS): ChunkRow[] {
  return Array.from({ length: count }, (_, i) => ({
    chunk_id: `${fileId}:${i}`,
    file_id: fileId,
    file_name: `${fileId}.pdf`,
    page_number: 1 + i,
    chunk_index: i,
    heading: null,
    content: `passage ${i} of ${fileId}`,
    search_text: `passage ${i} of ${fileId}`,
    content_type: "text",
    token_count: 4,
    vector: Float32Array.from({ length: dims }, (_, k) => Math.sin(i + k)),
  }));
}

async function stored(name: string) {
  const t = await (await lancedb.connect(config().lancedbUri)).openTable(name);
  const rows = (await t.query().select(["chunk_id", "file_id"]).toArray()) as { chunk_id: string; file_id: string }[];
  return { rows, version: await t.version() };
}

describe("adding the rows of files that end together", () => {
  beforeAll(async () => {
    await freshDataDir();
  });

  it("writes them in fewer table versions than files, every row once", async () => {
    await createChunkTable("grouped", DIMS);
    const before = (await stored("grouped")).version;
    const files = ["a", "b", "c", "d", "e"];
    await Promise.all(files.map((f, i) => addChunks("grouped", fileRows(f, 3 + i))));
    const { rows, version } = await stored("grouped");
    expect(rows.map((r) => r.chunk_id).sort()).toEqual(files.flatMap((f, i) => fileRows(f, 3 + i).map((r) => r.chunk_id)).sort());
    // The first write starts at once; the four files that came meanwhile share the next one.
    expect(version - before).toBe(2);
  });

  it("fails only the file whose rows cannot be written", async () => {
    await createChunkTable("one_bad", DIMS);
    const results = await Promise.allSettled([
      addChunks("one_bad", fileRows("first", 2)),
      addChunks("one_bad", fileRows("good", 2)),
      addChunks("one_bad", fileRows("bad", 2, DIMS + 1)),
      addChunks("one_bad", fileRows("also_good", 2)),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    const ids = new Set((await stored("one_bad")).rows.map((r) => r.file_id));
    expect([...ids].sort()).toEqual(["also_good", "first", "good"]);
  });
});
