import { describe, expect, it } from "vitest";
import type { ScoredChunk } from "@/lib/knowledge/lancedb/store";
import { fuse } from "@/lib/knowledge/ranking/fusion";

const chunk = (id: string, score: number): ScoredChunk => ({
  chunk_id: id,
  file_id: "f",
  file_name: "f.pdf",
  page_number: 1,
  chunk_index: 0,
  heading: null,
  content: id,
  content_type: "text",
  token_count: 1,
  score,
});

describe("hybrid fusion", () => {
  it("orders by reciprocal rank and keeps scores monotone within 0..1", () => {
    const fused = fuse(
      [
        [chunk("a", 0.9), chunk("b", 0.5)],
        [chunk("b", 0.8), chunk("c", 0.7)],
      ],
      [1, 0.5],
    );
    expect(fused.map((c) => c.chunk_id)).toEqual(["b", "a", "c"]); // b is found by both searches
    for (let i = 1; i < fused.length; i++) expect(fused[i].score).toBeLessThanOrEqual(fused[i - 1].score);
    for (const c of fused) expect(c.score).toBeGreaterThanOrEqual(0);
    expect(fused[0].score).toBeLessThanOrEqual(1);
  });

  it("scores a collection with only weak matches below one with a strong match", () => {
    const strong = fuse([[chunk("s", 0.9)], [chunk("s", 0.8)]], [1, 0.5]);
    const weak = fuse([[chunk("w", 0.1)], [chunk("w", 0.2)]], [1, 0.5]);
    expect(weak[0].score).toBeLessThan(strong[0].score);
    expect(strong[0].score).toBeCloseTo((0.9 + 0.5 * 0.8) / 1.5);
  });
});
