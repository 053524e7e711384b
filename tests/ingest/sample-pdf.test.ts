import { afterEach, describe, expect, it } from "vitest";
import { parseFile } from "@/lib/ingest/parse";
import { samplePassages, samplePdf } from "@/lib/ingest/sample-pdf";
import { setPdfWorkerPool } from "@/lib/ingest/workers/pdf-pool";

afterEach(() => setPdfWorkerPool(undefined));

describe("the warm-up's generated PDF", () => {
  it("reads back as its text in both fonts, page by page, with many distinct words", async () => {
    setPdfWorkerPool(null); // read on this thread
    const doc = await parseFile(samplePdf(3), "sample.pdf");
    expect(doc.pageCount).toBe(3);
    const text = doc.pages.map((p) => p.text).join("\n");
    // Kerned TJ arrays in the standard font, hex codes of the Type0 font through its ToUnicode map.
    expect(text).toContain("the out-of-pocket maximum limits what a member pays");
    expect(text).toContain("Members may choose any in-network provider for preventive care");
    expect(new Set(text.toLowerCase().match(/[a-z]+/g)).size).toBeGreaterThan(300);
    // Characters beyond ASCII, through both fonts (WinAnsiEncoding and the ToUnicode map).
    expect(text).toContain("• Emergency care – wherever it is received – is covered at the member’s “in-network” rate.");
    expect(text).toContain("• A plan’s “allowed amount” – the most it pays for a service – is listed in its schedule.");
  });

  it("makes the same document every time, and passages of chunk size", () => {
    expect(Buffer.from(samplePdf(2)).equals(Buffer.from(samplePdf(2)))).toBe(true);
    const passages = samplePassages(4);
    expect(passages).toHaveLength(4);
    expect(new Set(passages).size).toBe(4);
    for (const p of passages) expect(p.length).toBeGreaterThan(800);
    // Amounts, percentages and bulleted items besides words, as real documents have.
    const all = passages.join("\n");
    for (const shape of [/\$250|1,500/, /\d+%/, /^• /m, /\?/]) expect(all).toMatch(shape);
  });
});
