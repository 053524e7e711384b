import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readOriginalInTurn } from "@/lib/knowledge/storage";

describe("originals read in turn", () => {
  it("ends reads in the order they were asked for, a large file before a small one asked after it", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "docchat-in-turn-"));
    const large = path.join(dir, "large.pdf");
    const small = path.join(dir, "small.pdf");
    writeFileSync(large, Buffer.alloc(32 * 2 ** 20, 1));
    writeFileSync(small, "%PDF-1.7");
    const ended: string[] = [];
    const reads = [large, small, path.join(dir, "missing.pdf"), small].map((file, i) =>
      readOriginalInTurn(file).then(
        (data) => ended.push(`${i}:${data.byteLength}`),
        () => ended.push(`${i}:failed`),
      ),
    );
    await Promise.all(reads);
    // A failed read does not stop the ones after it.
    expect(ended).toEqual([`0:${32 * 2 ** 20}`, "1:8", "2:failed", "3:8"]);
  });
});
