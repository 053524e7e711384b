import { describe, expect, it } from "vitest";
import { bm25Rank, bm25Terms, termCounts } from "@/lib/knowledge/ranking/bm25";
import { rerank, type Candidate } from "@/lib/knowledge/ranking/rerank";

const chunk = (file: string, page: number, content: string, score: number, heading: string | null = null): Candidate & { id: string } => ({
  id: `${file}#${page}:${content.slice(0, 12)}`,
  file_id: file,
  file_name: file,
  page_number: page,
  content,
  heading,
  score,
});
const pageOf = (c: Candidate) => `${c.file_name}#${c.page_number}`;
const filler = "The plan describes services, costs and the steps members follow when they need care.";

describe("page BM25", () => {
  it("ranks the document holding the rarer query word first and leaves out documents with none", () => {
    const docs = new Map([
      ["a", termCounts(bm25Terms("claims claims claims are filed by mail"))],
      ["b", termCounts(bm25Terms("gym memberships are reimbursed, claims too"))],
      ["c", termCounts(bm25Terms("nothing relevant here"))],
    ]);
    expect(bm25Rank(docs, bm25Terms("claim back my gym")).map((s) => s.key)).toEqual(["b", "a"]);
  });

  it("stems and drops stop words as the query side does", () => {
    expect(bm25Terms("What are the covered services?")).toEqual(["cover", "servic"]);
  });
});

describe("second stage", () => {
  // Features are checked with the pages' evidence weighted above the first stage's order
  // (by default it weighs half: two neighbouring pages swap only on a clear difference).
  const decisive = 2;

  it("lifts a page whose chunks together hold the question's words over one chunk matching one word", () => {
    const ranked = rerank(
      "acupuncture visits limit",
      [
        chunk("plus.pdf", 5, `Acupuncture acupuncture acupuncture is an ancient practice. ${filler}`, 0.9),
        chunk("plus.pdf", 17, `Acupuncture is covered. ${filler}`, 0.8),
        chunk("plus.pdf", 17, `Up to 12 visits a year; the limit resets each year. ${filler}`, 0.6),
      ],
      decisive,
    );
    expect(ranked.map(pageOf)).toEqual(["plus.pdf#17", "plus.pdf#5"]);
  });

  it("weighs the document title and section heading: the plan the question names comes first", () => {
    const text = `The calendar year deductible is $1,500 for in-network services. ${filler}`;
    const byTitle = rerank(
      "deductible on Health Plus",
      [chunk("Northwind_Standard.pdf", 13, text, 0.9), chunk("Northwind_Health_Plus.pdf", 13, text, 0.85)],
      decisive,
    );
    expect(byTitle.map(pageOf)).toEqual(["Northwind_Health_Plus.pdf#13", "Northwind_Standard.pdf#13"]);
    const devices = `Devices are limited to one every three years. ${filler}`;
    const byHeading = rerank(
      "hearing aids",
      [chunk("plan.pdf", 3, devices, 0.9, "Vision"), chunk("plan.pdf", 30, devices, 0.85, "Hearing aids")],
      decisive,
    );
    expect(byHeading.map(pageOf)).toEqual(["plan.pdf#30", "plan.pdf#3"]);
  });

  it("by default, sinks pages the question's words miss below a page they match", () => {
    const missing = Array.from({ length: 3 }, (_, i) => chunk("other.pdf", 50 + i, `Coverage in general. ${filler}`, 0.95 - i * 0.01));
    const ranked = rerank("hearing aids", [...missing, chunk("plan.pdf", 30, `Hearing aids are covered. ${filler}`, 0.8)]);
    expect(ranked.map(pageOf)[0]).toBe("plan.pdf#30");
  });

  it("keeps one chunk per page, the page's best, and hands the first stage's scores down the new order", () => {
    const candidates = [
      chunk("a.pdf", 1, `Unrelated text. ${filler}`, 0.9),
      chunk("a.pdf", 2, `Hearing aids are covered up to $500 per ear. ${filler}`, 0.7),
      chunk("a.pdf", 2, `Hearing aid repairs are covered as well. ${filler}`, 0.5),
      chunk("b.pdf", 1, `More unrelated text. ${filler}`, 0.4),
    ];
    const ranked = rerank("hearing aids per ear", candidates);
    expect(ranked.map((c) => c.id)).toEqual([candidates[1].id, candidates[0].id, candidates[3].id]);
    expect(ranked.map((c) => c.score)).toEqual([0.9, 0.7, 0.4]);
  });

  it("counts a query word's other forms and hyphenated compounds as the index does", () => {
    const ranked = rerank(
      "policies for out-of-network care",
      [
        chunk("a.pdf", 1, `In-network providers and the network. ${filler}`, 0.9),
        chunk("a.pdf", 2, `The policy on out-of-network providers. ${filler}`, 0.8),
      ],
      decisive,
    );
    expect(ranked.map(pageOf)).toEqual(["a.pdf#2", "a.pdf#1"]);
  });

  it("leaves the first stage's order alone when no candidate holds a query word", () => {
    const candidates = [chunk("a.pdf", 1, filler, 0.9), chunk("a.pdf", 2, filler, 0.8), chunk("a.pdf", 3, filler, 0.7)];
    expect(rerank("zzzz", candidates).map((c) => c.id)).toEqual(candidates.map((c) => c.id));
  });
});
