import { describe, expect, it } from "vitest";
import { OCR_LANGUAGES, OcrPool, langPath } from "@/lib/ingest/workers/ocr-pool";
import { existsSync } from "node:fs";
import path from "node:path";

/** The OCR pool's limits, without OCR itself (formats.test.ts reads real text once and shares it). */
describe("OCR worker pool", () => {
  it("loads the English, French, German and Spanish models from node_modules, never from the network", () => {
    expect(OCR_LANGUAGES).toEqual(["eng", "fra", "deu", "spa"]);
    for (const lang of OCR_LANGUAGES) {
      const folder = langPath(lang);
      expect(folder).toContain(`node_modules${path.sep}@tesseract.js-data${path.sep}${lang}`);
      expect(existsSync(path.join(folder, `${lang}.traineddata.gz`))).toBe(true);
    }
  });

  it("fails a page that takes longer than the limit, ends its worker, and takes the next page", async () => {
    const pool = new OcrPool(1, 1);
    const pages = [pool.recognize(new Uint8Array([1, 2, 3])), pool.recognize(new Uint8Array([4, 5, 6]))];
    for (const page of pages)
      await expect(page).rejects.toMatchObject({ name: "OcrTimeoutError", message: "OCR of one page took longer than 0 s" });
    expect(pool.stats()).toMatchObject({ threads: 0, busy: 0, queued: 0 });
    await pool.close();
    await expect(pool.recognize(new Uint8Array([1]))).rejects.toMatchObject({ name: "OcrUnavailableError" });
  });

  it("refuses a size that is not a positive integer", () => {
    expect(() => new OcrPool(0, 1000)).toThrow(RangeError);
  });
});
