import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { chunkDocument } from "@/lib/ingest/chunk";
import { parseFile } from "@/lib/ingest/parse";
import { findHeader } from "@/lib/ingest/parsers/table-header";
import { makeLedgerXlsx, segmentName } from "./helpers/formats";

/** Tables as people write them: titles above the header, headers over two rows, sheets of thousands of rows. */

const CHUNKS = { chunkTokens: 256, overlapTokens: 32 };
const utf8 = (text: string) => new TextEncoder().encode(text);

describe("finding a table's header", () => {
  it("takes a plain first row as the header", () => {
    expect(
      findHeader([
        ["Name", "Role"],
        ["Ada", "Engineer"],
      ]),
    ).toEqual({ caption: "", columns: ["Name", "Role"], bodyStart: 1 });
  });

  it("skips title and note rows above the header and keeps them as the caption", () => {
    const grid = [
      ["Annual report", "Annual report", "Annual report"],
      ["in € million", "", ""],
      ["Segment", "Sales", "Margin"],
      ["PetCare", "9373", "12%"],
    ];
    expect(findHeader(grid)).toEqual({ caption: "Annual report — in € million", columns: ["Segment", "Sales", "Margin"], bodyStart: 3 });
  });

  it("joins a header split over two rows, carrying a group label over its columns", () => {
    const grid = [
      ["Segment", "Sales", "", "Margin", ""],
      ["", "2023", "2024", "2023", "2024"],
      ["PetCare", "9373", "9500", "12%", "13%"],
    ];
    expect(findHeader(grid).columns).toEqual(["Segment", "Sales 2023", "Sales 2024", "Margin 2023", "Margin 2024"]);
  });

  it("does not take a row of text data for a second header row", () => {
    const grid = [
      ["Name", "Role"],
      ["Ada", "Engineer"],
      ["Grace", "Admiral"],
    ];
    expect(findHeader(grid)).toMatchObject({ columns: ["Name", "Role"], bodyStart: 1 });
    // A blank header cell with text data filling it is still data.
    expect(
      findHeader([
        ["Name", "", "City"],
        ["Ada", "Engineer", "London"],
        ["Grace", "Admiral", "Arlington"],
      ]),
    ).toMatchObject({ columns: ["Name", "", "City"], bodyStart: 1 });
  });

  it("joins two header rows under merged group labels with no row-label column", () => {
    const grid = [
      ["Sales", "Sales", "Margin", "Margin"],
      ["2023", "2024", "2023", "2024"],
      ["9373", "9500", "12%", "13%"],
    ];
    expect(findHeader(grid)).toMatchObject({ columns: ["Sales 2023", "Sales 2024", "Margin 2023", "Margin 2024"], bodyStart: 2 });
  });

  it("names no columns when the first row is data", () => {
    expect(
      findHeader([
        ["12", "4.5", "2024-01-02"],
        ["13", "4.7", "2024-01-03"],
      ]),
    ).toEqual({ caption: "", columns: [], bodyStart: 0 });
  });

  it("reads years as column names", () => {
    expect(
      findHeader([
        ["Country", "2022", "2023"],
        ["Chad", "17.2", "17.7"],
      ]).columns,
    ).toEqual(["Country", "2022", "2023"]);
  });
});

describe("spreadsheets", () => {
  it("reads rows under the real header, the title in the heading, every row cited by sheet and row", async () => {
    const doc = await parseFile(await makeLedgerXlsx(400), "ledger.xlsx");
    const [segments, notes] = doc.pages;
    expect(segments).toMatchObject({
      pageNumber: null,
      heading: "Segments — 3. Analyses by segment — in thousands of euros",
      locator: "sheet Segments",
    });
    expect(segments.table!.columns).toEqual(["Segment", "Sales 2023", "Sales 2024", "Margin 2023", "Margin 2024"]);
    expect(segments.table!.rows).toHaveLength(400);
    expect(segments.text.split("\n")[0]).toBe("Segment: Kakakan; Sales 2023: 1000; Sales 2024: 2000; Margin 2023: 1%; Margin 2024: 5%.");
    expect(notes.table!.rows).toEqual([["Currency", "All figures are converted at the average quokka rate"]]);

    const chunks = chunkDocument(doc, CHUNKS).filter((c) => c.locator?.startsWith("sheet Segments"));
    expect(chunks.length).toBeGreaterThan(10);
    // Row groups cover every row once, in order, each group citing its rows as the sheet numbers them (data from row 6).
    let next = 6;
    for (const chunk of chunks) {
      const rows = (JSON.parse(chunk.structuredData!) as { rows: string[][] }).rows;
      expect(chunk.locator).toBe(`sheet Segments, rows ${next}–${next + rows.length - 1}`);
      expect(chunk.heading).toBe(segments.heading);
      expect(chunk.tokenCount).toBeLessThanOrEqual(CHUNKS.chunkTokens);
      for (const line of chunk.text.split("\n"))
        expect(line).toMatch(/^Segment: [A-Z][a-z]+; Sales 2023: \d+; Sales 2024: \d+; Margin 2023: \d+%; Margin 2024: \d+%\.$/);
      next += rows.length;
    }
    expect(next).toBe(6 + 400);
    expect(chunks.find((c) => c.text.includes(`${segmentName(317)};`))?.locator).toMatch(/^sheet Segments, rows \d+–\d+$/);
  });

  it.each([
    ["xls", "biff8"],
    ["ods", "ods"],
    ["xlsm", "xlsm"],
  ] as const)("reads .%s workbooks (SheetJS %s)", async (ext, bookType) => {
    const book = XLSX.utils.book_new();
    const sheet = XLSX.utils.aoa_to_sheet(
      [
        ["Fleet register"],
        ["Vessel", "Tonnage", "Commissioned"],
        ["Albatross", 1200, new Date(Date.UTC(2019, 4, 2))],
        ["Petrel", 800, new Date(Date.UTC(2021, 8, 9))],
      ],
      { cellDates: true },
    );
    XLSX.utils.book_append_sheet(book, sheet, "Fleet");
    const data = new Uint8Array(XLSX.write(book, { type: "array", bookType }) as ArrayBuffer);
    const doc = await parseFile(data, `fleet.${ext}`);
    expect(doc.pages[0]).toMatchObject({
      heading: "Fleet — Fleet register",
      locator: "sheet Fleet",
      table: { columns: ["Vessel", "Tonnage", "Commissioned"], rowNumbers: [3, 4] },
    });
    expect(doc.pages[0].table!.rows[0].slice(0, 2)).toEqual(["Albatross", "1200"]);
    expect(doc.pages[0].table!.rows[0][2]).toMatch(/^2019-05-0[12]/);
  });

  it("finds the header of a CSV export with a title line", async () => {
    const doc = await parseFile(
      utf8("Export of stations,,\nStation,Line,Opened\nAlder Road,Green,1998\nBirch Lane,Green,2004\n"),
      "stations.csv",
    );
    expect(doc.pages[0]).toMatchObject({
      heading: "Export of stations",
      table: { columns: ["Station", "Line", "Opened"], rowNumbers: [3, 4] },
    });
    expect(chunkDocument(doc, CHUNKS)[0].locator).toBe("rows 3–4");
  });
});
