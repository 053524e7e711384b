import { describe, expect, it } from "vitest";
import { chunkDocument } from "@/lib/ingest/chunk";
import { parseFile } from "@/lib/ingest/parse";
import { dropRunningLines } from "@/lib/ingest/running-lines";
import { makePdf } from "./helpers/pdf";

/** Running heads and feet of a PDF (title, notice, page numbers) are not part of every page's text. */

const HEAD = "Harbour Authority - Annual Safety Review";
const FOOT = "Confidential - internal use only";

describe("running heads and feet", () => {
  it("drops a PDF's repeated header and page-number footer from every page", async () => {
    const bodies = [
      ["Section 1. Cranes", "All cranes were inspected in March and two were", "taken out of service for cable wear."],
      ["The tugboat crews completed their winter drills and", "reported no injuries during the season."],
      ["Exceptions", "Pilot boats are exempt from the noise limits when", "answering a distress call."],
      ["Section 4. Lighting", "The breakwater lights were replaced with LED lamps."],
      ["Section 5. Budget", "Maintenance spending stayed within the plan."],
    ];
    const pdf = await makePdf(bodies.map((body, i) => [HEAD, ...body, FOOT, `Page ${i + 1} of ${bodies.length}`]));
    const doc = await parseFile(pdf, "review.pdf");
    const texts = doc.pages.map((p) => p.text);
    for (const text of texts) {
      expect(text).not.toContain("Harbour Authority");
      expect(text).not.toContain("Confidential");
      expect(text).not.toMatch(/Page \d of 5/);
    }
    // Content stays, a heading that opens one page included.
    expect(texts[2]).toMatch(/^Exceptions\n\nPilot boats are exempt/);
    expect(texts[1]).toBe("The tugboat crews completed their winter drills and reported no injuries during the season.");
    const chunks = chunkDocument(doc, { chunkTokens: 256, overlapTokens: 32 });
    expect(chunks.filter((c) => c.text.includes("Confidential") || c.heading?.includes("Page"))).toEqual([]);
  });

  it("keeps lines that recur on few pages, long repeated notices, and documents of two pages", () => {
    const pages = ["Exceptions\nA", "Exceptions\nB", "Other\nC", "Other\nD", "Other\nE", "Other\nF", "More\nG", "More\nH"];
    expect(dropRunningLines(pages)).toEqual(pages.map((p) => p.replace("Other\n", "")));
    const notice = "This notice is repeated on every page because the regulator requires that it is shown in full to readers";
    expect(dropRunningLines([`${notice}\nA`, `${notice}\nB`, `${notice}\nC`])).toEqual([`${notice}\nA`, `${notice}\nB`, `${notice}\nC`]);
    expect(dropRunningLines(["Title\nA", "Title\nB"])).toEqual(["Title\nA", "Title\nB"]);
  });
});
