import { existsSync } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chunkDocument } from "@/lib/ingest/chunk";
import { parseFile } from "@/lib/ingest/parse";
import type { ParsedDocument } from "@/lib/ingest/types";

// The shared evaluation PDFs (read-only, not part of the repo); skipped where they are absent.
const DIR = process.env.NORTHWIND_DIR ?? "/work/shared/eval/northwind";

describe.skipIf(!existsSync(DIR))("Northwind sample PDFs", () => {
  it("parses all 263 pages, with page numbers matching the ground-truth citations", async () => {
    const names = (await readdir(DIR)).filter((n) => n.endsWith(".pdf")).sort();
    const docs = new Map<string, ParsedDocument>();
    for (const name of names) docs.set(name, await parseFile(new Uint8Array(await readFile(path.join(DIR, name))), name));
    expect([...docs.values()].reduce((n, d) => n + (d.pageCount ?? 0), 0)).toBe(263);

    // "[Northwind_Standard_Benefits_Details.pdf#page=10]" answers with this sentence.
    const standard = docs.get("Northwind_Standard_Benefits_Details.pdf")!;
    expect(standard.pages[9].pageNumber).toBe(10);
    expect(standard.pages[9].text).toContain(
      "If you choose an out-of-network provider, you may be responsible for the entire cost of services",
    );
    // Compounds broken at a line-end hyphen stay compounds.
    expect(standard.pages[9].text).not.toMatch(/\bout-of- network\b|\bout-of-\n/);

    for (const [name, doc] of docs) {
      const chunks = chunkDocument(doc, { chunkTokens: 512, overlapTokens: 64 });
      expect(chunks.length, name).toBeGreaterThan(0);
      for (const chunk of chunks) {
        expect(chunk.tokenCount).toBeLessThanOrEqual(512);
        expect(chunk.pageNumber).toBeGreaterThanOrEqual(1);
        expect(chunk.pageNumber).toBeLessThanOrEqual(doc.pageCount!);
      }
      const cited = chunks.find((c) => c.text.includes("you may be responsible for the entire cost of services"));
      if (name === "Northwind_Standard_Benefits_Details.pdf") expect(cited?.pageNumber).toBe(10);
    }
  });
});
