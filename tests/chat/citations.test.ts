import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { citationId, citedDocument, toDataPoints } from "@/lib/chat/citations";
import { AnswerStreamFilter } from "@/lib/chat/stream-filter";
import { chunkDocument } from "@/lib/ingest/chunk";
import { parseFile } from "@/lib/ingest/parse";
import { Chunk } from "@/lib/knowledge/schemas";
import { makeEml } from "../ingest/helpers/more-formats";
import { makePdf } from "../ingest/helpers/pdf";

/** A workbook of two sheets, each a small table. */
function twoSheetBook(): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ["Region", "Sales"],
      ["North", 120],
      ["South", 80],
    ]),
    "Q1 Sales",
  );
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ["Name", "Role"],
      ["Ada", "Engineer"],
    ]),
    "Staff",
  );
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
}

/** The passages of a file as the retriever returns them (its locator in the metadata). */
async function passages(data: Uint8Array, fileName: string): Promise<Chunk[]> {
  const chunks = chunkDocument(await parseFile(data, fileName), { chunkTokens: 256, overlapTokens: 32 });
  return chunks.map((c, i) =>
    Chunk.parse({
      chunk_id: `f:${i}`,
      content: c.text,
      file_name: fileName,
      page_number: c.pageNumber,
      display_citation: fileName,
      content_type: c.contentType ?? "text",
      metadata: c.locator ? { locator: c.locator } : {},
    }),
  );
}

describe("citation ids", () => {
  it("gives each sheet of a workbook its own citation, and pages theirs", async () => {
    const chunks = await passages(twoSheetBook(), "book.xlsx");
    const { citations, sources } = toDataPoints(chunks);
    expect(citations).toEqual(["book.xlsx#sheet=Q1 Sales", "book.xlsx#sheet=Staff"]);
    expect(sources.find((s) => s.id === "book.xlsx#sheet=Staff")?.content).toContain("Ada");
    expect(citationId({ file_name: "a.pdf", page_number: 3, metadata: {} })).toBe("a.pdf#page=3");
    expect(citationId({ file_name: "notes.txt", page_number: null, metadata: {} })).toBe("notes.txt");
    // Rows of a large sheet are cited by the sheet.
    expect(citationId({ file_name: "b.xlsx", page_number: null, metadata: { locator: "sheet A, B, rows 12–40" } })).toBe(
      "b.xlsx#sheet=A, B",
    );
  });

  it("cites each attachment of an e-mail, and its pages and sheets, apart from the mail", async () => {
    const attachment = (locator: string) => citationId({ file_name: "m.eml", page_number: null, metadata: { locator } });
    expect(attachment("attachment b.xlsx, sheet A, B, rows 2–9")).toBe("m.eml#attachment=b.xlsx&sheet=A, B");
    expect(attachment("attachment report, final.pdf, p.2")).toBe("m.eml#attachment=report, final.pdf&page=2");
    expect(attachment("attachment deck.pptx, slide 3")).toBe("m.eml#attachment=deck.pptx&page=3");
    expect(attachment("attachment notes.txt")).toBe("m.eml#attachment=notes.txt");

    // Through the parser: a mail with a two-page PDF and a workbook attached.
    const pdf = await makePdf([["Invoice total is 420 euros."], ["Payment is due in thirty days."]]);
    const mail = makeEml([
      { name: "invoice.pdf", type: "application/pdf", data: pdf },
      { name: "book.xlsx", type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", data: twoSheetBook() },
    ]);
    const { citations } = toDataPoints(await passages(mail, "order.eml"));
    expect(citations).toEqual([
      "order.eml",
      "order.eml#attachment=invoice.pdf&page=1",
      "order.eml#attachment=invoice.pdf&page=2",
      "order.eml#attachment=book.xlsx&sheet=Q1 Sales",
      "order.eml#attachment=book.xlsx&sheet=Staff",
    ]);
    expect(citations.map(citedDocument)).toEqual(Array(5).fill("order.eml"));
    const filter = new AnswerStreamFilter(citations);
    expect(filter.push("Due in thirty days [order.eml#attachment=invoice.pdf&page=2].") + filter.flush()).toBe(
      "Due in thirty days [order.eml#attachment=invoice.pdf&page=2].",
    );
  });

  it("names the document of a page or sheet citation", () => {
    expect(["a.pdf#page=3", "book.xlsx#sheet=Q1 Sales", "notes.txt"].map(citedDocument)).toEqual(["a.pdf", "book.xlsx", "notes.txt"]);
  });

  it("keeps a sheet citation the answer was given and marks an invented one", () => {
    const filter = new AnswerStreamFilter(["book.xlsx#sheet=Staff"]);
    const text = filter.push("Ada is an engineer [book.xlsx#sheet=Staff]. Bob earns 5 [book.xlsx#sheet=Payroll].") + filter.flush();
    expect(text).toBe("Ada is an engineer [book.xlsx#sheet=Staff]. Bob earns 5 [unsupported].");
  });
});
