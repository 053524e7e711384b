import { describe, expect, it } from "vitest";
import { chunkDocument } from "@/lib/ingest/chunk";
import { parseFile } from "@/lib/ingest/parse";
import { countTokens } from "@/lib/ingest/tokens";
import type { ParsedDocument, TextChunk } from "@/lib/ingest/types";
import { makePdf, wrap } from "./helpers/pdf";

const WORDS = "plan member claim provider coverage benefit deductible premium network service visit care".split(" ");

/** Deterministic prose: `count` sentences of 8-20 words, numbered so each sentence is unique. */
function prose(count: number, seed = 1): string {
  const sentences: string[] = [];
  let x = seed;
  for (let i = 0; i < count; i++) {
    const words: string[] = [];
    const length = 8 + (i % 13);
    for (let w = 0; w < length; w++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      words.push(WORDS[x % WORDS.length]);
    }
    sentences.push(`Sentence ${seed}-${i} says ${words.join(" ")}.`);
  }
  return sentences.join(" ");
}

const textDoc = (text: string, mimeType = "text/plain"): ParsedDocument => ({
  pages: [{ pageNumber: null, text }],
  pageCount: null,
  mimeType,
});

/** Chunk text without the repeated heading line. */
const body = (chunk: TextChunk) =>
  chunk.heading && chunk.text.startsWith(`${chunk.heading}\n\n`) ? chunk.text.slice(chunk.heading.length + 2) : chunk.text;

describe("chunkDocument", () => {
  it("splits a long text into several bounded chunks with consecutive indexes", () => {
    const text = prose(200);
    const chunks = chunkDocument(textDoc(text), { chunkTokens: 128, overlapTokens: 0 });
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
    for (const chunk of chunks) {
      expect(chunk.tokenCount).toBe(countTokens(chunk.text));
      expect(chunk.tokenCount).toBeLessThanOrEqual(128);
      expect(chunk.tokenCount).toBeGreaterThan(0);
      expect(chunk.pageNumber).toBeNull();
      // Ends at a sentence boundary, never mid-word.
      expect(chunk.text).toMatch(/\.$/);
    }
    // Without overlap, the chunks put back together are the text.
    expect(chunks.map((c) => c.text).join(" ")).toBe(text);
    // Greedy packing: chunks are reasonably full.
    const sizes = chunks.slice(0, -1).map((c) => c.tokenCount);
    expect(Math.min(...sizes)).toBeGreaterThan(128 * 0.6);
  });

  it("overlaps consecutive chunks by whole sentences within the overlap budget", () => {
    const text = prose(120);
    const chunks = chunkDocument(textDoc(text), { chunkTokens: 150, overlapTokens: 40 });
    expect(chunks.length).toBeGreaterThan(3);
    for (let i = 1; i < chunks.length; i++) {
      const previous = chunks[i - 1].text;
      const current = chunks[i].text;
      // The next chunk starts with a sentence that ends the previous one.
      const firstSentence = /^.*?\./.exec(current)![0];
      expect(previous).toContain(firstSentence);
      const shared = previous.slice(previous.indexOf(firstSentence));
      expect(current.startsWith(shared)).toBe(true);
      expect(countTokens(shared)).toBeLessThanOrEqual(40);
    }
    // Overlap never loses text: every sentence is in some chunk.
    for (const sentence of text.split(/(?<=\.) /)) expect(chunks.some((c) => c.text.includes(sentence))).toBe(true);
  });

  it("never lets a chunk span two pages and keeps 1-based page numbers (PDF)", async () => {
    const pageTexts = [prose(40, 1), prose(40, 2), prose(5, 3)];
    const pdf = await makePdf(pageTexts.map((t) => wrap(t, 95).slice(0, 45)));
    const doc = await parseFile(pdf, "multi.pdf");
    expect(doc.pages.map((p) => p.pageNumber)).toEqual([1, 2, 3]);

    const chunks = chunkDocument(doc, { chunkTokens: 120, overlapTokens: 20 });
    expect(new Set(chunks.map((c) => c.pageNumber))).toEqual(new Set([1, 2, 3]));
    for (const chunk of chunks) {
      const page = doc.pages[chunk.pageNumber! - 1];
      expect(page.text).toContain(body(chunk));
      // Each page's sentences are tagged with its seed, so a chunk holds one page's only.
      const seeds = new Set([...chunk.text.matchAll(/Sentence (\d+)-/g)].map((m) => Number(m[1])));
      expect([...seeds]).toEqual([chunk.pageNumber]);
    }
    // Pages come in order.
    const pageOrder = chunks.map((c) => c.pageNumber!);
    expect(pageOrder).toEqual([...pageOrder].sort((a, b) => a - b));
  });

  it("skips empty pages but keeps the numbering of the others", () => {
    const doc: ParsedDocument = {
      pages: [
        { pageNumber: 1, text: "Page one has words." },
        { pageNumber: 2, text: "" },
        { pageNumber: 3, text: "  \n\n " },
        { pageNumber: 4, text: "Page four has words." },
      ],
      pageCount: 4,
      mimeType: "application/pdf",
    };
    const chunks = chunkDocument(doc, { chunkTokens: 64, overlapTokens: 8 });
    expect(chunks.map((c) => [c.index, c.pageNumber, c.text])).toEqual([
      [0, 1, "Page one has words."],
      [1, 4, "Page four has words."],
    ]);
  });

  it("keeps Markdown headings with their chunks and carries the heading forward", () => {
    const md = [
      "# Guide",
      "",
      `Intro paragraph. ${prose(4, 4)}`,
      "",
      "## Install",
      "",
      prose(30, 5),
      "",
      "```bash",
      "# not a heading, a shell comment",
      "npm run build",
      "```",
      "",
      "Setext Heading",
      "==============",
      "",
      `Text under the setext heading. ${prose(8, 9)}`,
    ].join("\n");
    const chunks = chunkDocument(textDoc(md, "text/markdown"), { chunkTokens: 100, overlapTokens: 10 });
    expect(chunks[0].heading).toBe("Guide");
    expect(chunks[0].text.startsWith("# Guide\n\nIntro paragraph.")).toBe(true);
    // The intro fills over half a chunk, so the next section starts a new chunk.
    expect(chunks[0].text).not.toContain("Install");

    const install = chunks.filter((c) => c.heading === "Install");
    expect(install.length).toBeGreaterThan(1);
    // The first starts with the heading line itself; later ones get it as a prefix.
    expect(install[0].text.startsWith("## Install\n\n")).toBe(true);
    for (const chunk of install.slice(1)) expect(chunk.text.startsWith("Install\n\n")).toBe(true);

    expect(chunks.map((c) => c.heading)).not.toContain("not a heading, a shell comment");
    const last = chunks.at(-1)!;
    expect(last.heading).toBe("Setext Heading");
    expect(last.text.startsWith("Setext Heading\n\n")).toBe(true);
    expect(chunks.some((c) => c.text.includes("npm run build"))).toBe(true);
    for (const chunk of chunks) expect(chunk.tokenCount).toBeLessThanOrEqual(100);
  });

  it("starts a chunk at every Markdown heading, however small the section", () => {
    const [a, b] = ["## Short A\n\nOne line about A.", "## Short B\n\nOne line about B."];
    const chunks = chunkDocument(textDoc(`${a}\n\n${b}`, "text/markdown"), { chunkTokens: 100, overlapTokens: 10 });
    expect(chunks).toEqual([
      { index: 0, text: a, pageNumber: null, heading: "Short A", tokenCount: countTokens(a) },
      { index: 1, text: b, pageNumber: null, heading: "Short B", tokenCount: countTokens(b) },
    ]);
  });

  it("lets small sections with guessed headings (plain text, PDF) share a chunk, labelled with the heading at its start", () => {
    const text = "Short A\n\nOne line about A, long enough to be body text.\n\nShort B\n\nOne line about B, long enough to be body text.";
    const chunks = chunkDocument(textDoc(text, "text/plain"), { chunkTokens: 100, overlapTokens: 10 });
    expect(chunks).toEqual([{ index: 0, text, pageNumber: null, heading: "Short A", tokenCount: countTokens(text) }]);
  });

  it("detects Title Case and ALL CAPS headings in plain text and PDFs, across pages", () => {
    const para = prose(3, 7);
    const doc: ParsedDocument = {
      pages: [
        { pageNumber: 1, text: `COVERED SERVICES\n\n${para}\n\nOut-of-Network Providers\n\n${para}` },
        { pageNumber: 2, text: `${prose(3, 8)}\n\nThis line is a sentence without a title shape\n\n${para}` },
      ],
      pageCount: 2,
      mimeType: "application/pdf",
    };
    const chunks = chunkDocument(doc, { chunkTokens: 60, overlapTokens: 0 });
    expect(chunks[0].heading).toBe("COVERED SERVICES");
    const page2 = chunks.filter((c) => c.pageNumber === 2);
    expect(page2.length).toBeGreaterThan(0);
    for (const chunk of page2) {
      expect(chunk.heading).toBe("Out-of-Network Providers");
      expect(chunk.text.startsWith("Out-of-Network Providers\n\n")).toBe(true);
    }
  });

  it("applies a heading at the bottom of a page to the next page", () => {
    const doc: ParsedDocument = {
      pages: [
        { pageNumber: 1, text: "The previous section ends here with a full sentence.\n\nCovered Services" },
        { pageNumber: 2, text: "Acupuncture is covered when it is medically necessary." },
      ],
      pageCount: 2,
      mimeType: "application/pdf",
    };
    const chunks = chunkDocument(doc, { chunkTokens: 64, overlapTokens: 0 });
    expect(chunks.map((c) => [c.pageNumber, c.heading, c.text])).toEqual([
      [1, null, "The previous section ends here with a full sentence."],
      [2, "Covered Services", "Covered Services\n\nAcupuncture is covered when it is medically necessary."],
    ]);
  });

  it("hard-splits a giant sentence at word boundaries, and a giant word by characters", () => {
    const words = Array.from({ length: 3000 }, (_, i) => `word${i}`);
    const giant = words.join(" ");
    const chunks = chunkDocument(textDoc(giant), { chunkTokens: 200, overlapTokens: 0 });
    expect(chunks.length).toBeGreaterThan(10);
    const seen: string[] = [];
    for (const chunk of chunks) {
      expect(chunk.tokenCount).toBeLessThanOrEqual(200);
      seen.push(...chunk.text.split(" "));
    }
    expect(seen).toEqual(words);

    const blob = "QUJD".repeat(5000);
    const blobChunks = chunkDocument(textDoc(blob), { chunkTokens: 100, overlapTokens: 10 });
    for (const chunk of blobChunks) expect(chunk.tokenCount).toBeLessThanOrEqual(100);
    expect(blobChunks.map((c) => c.text).join("")).toBe(blob);
  });

  it("splits text without spaces (Chinese) at its sentence ends", () => {
    const sentence = "这是一个关于保险计划的句子，说明会员需要支付的费用。";
    const text = sentence.repeat(60);
    const chunks = chunkDocument(textDoc(text), { chunkTokens: 100, overlapTokens: 0 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(chunk.tokenCount).toBeLessThanOrEqual(100);
      expect(chunk.text.endsWith("。")).toBe(true);
    }
    expect(chunks.map((c) => c.text).join("")).toBe(text);
  });

  it("treats special-token text in documents as plain text", () => {
    const chunks = chunkDocument(textDoc("A document that mentions <|endoftext|> literally."), {
      chunkTokens: 64,
      overlapTokens: 0,
    });
    expect(chunks).toHaveLength(1);
    expect(chunks[0].text).toContain("<|endoftext|>");
  });

  it("chunks 263 pages in well under a second", () => {
    const pages = Array.from({ length: 263 }, (_, i) => ({
      pageNumber: i + 1,
      text: `Section Title ${i}\n\n${prose(22, i)}\n\n${prose(8, i + 1000)}`,
    }));
    const doc: ParsedDocument = { pages, pageCount: pages.length, mimeType: "application/pdf" };
    const started = performance.now();
    const chunks = chunkDocument(doc, { chunkTokens: 512, overlapTokens: 64 });
    const elapsed = performance.now() - started;
    expect(chunks.length).toBeGreaterThanOrEqual(263);
    expect(elapsed).toBeLessThan(1000);
  });

  it("rejects a nonsensical chunk size", () => {
    expect(() => chunkDocument(textDoc("x"), { chunkTokens: 0, overlapTokens: 0 })).toThrow(RangeError);
  });
});
