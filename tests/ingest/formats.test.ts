import { mkdtempSync } from "node:fs";
import os from "node:os";
import { deflateRawSync } from "node:zlib";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chunkDocument } from "@/lib/ingest/chunk";
import { SUPPORTED_EXTENSIONS, isSupportedFile, mimeTypeFor, parseFile } from "@/lib/ingest/parse";
import { imageSize, sniffType } from "@/lib/ingest/sniff";
import { closeOcrPool } from "@/lib/ingest/workers/ocr-pool";
import { activeIngestor, activeRetriever, startWorker, stopWorker } from "@/lib/knowledge";
import { Chunk, type IngestionJobStatus } from "@/lib/knowledge/schemas";
import { GET as contentGet } from "@/app/v1/collections/[name]/documents/[file_id]/content/route";
import { GET as imageGet } from "@/app/v1/collections/[name]/documents/[file_id]/image/route";
import { resetConfig } from "@/lib/config";
import { freshDataDir } from "../helpers/env";
import { startFakeOpenAI, type FakeOpenAI } from "../helpers/fake-openai";
import { writeTemp } from "../helpers/files";
import { ingestAndWait } from "../helpers/jobs";
import { makePdf } from "./helpers/pdf";
import * as fixtures from "./helpers/formats";
import { ingestError } from "./helpers/errors";

/**
 * Every format a user may drop in, each fixture made in the test: parsing (structure kept),
 * type decided by content, hostile files failing alone, and retrieval finding each format's
 * words through the real ingestion pipeline, OCR included.
 */

const utf8 = (text: string) => new TextEncoder().encode(text);
const CHUNKS = { chunkTokens: 256, overlapTokens: 32 };

describe("file types", () => {
  it("accepts every format by extension, with its MIME type", () => {
    for (const ext of [
      ".pdf",
      ".docx",
      ".pptx",
      ".xlsx",
      ".html",
      ".htm",
      ".md",
      ".txt",
      ".csv",
      ".tsv",
      ".json",
      ".png",
      ".jpg",
      ".jpeg",
      ".webp",
    ]) {
      expect(SUPPORTED_EXTENSIONS).toContain(ext);
      expect(isSupportedFile(`file${ext.toUpperCase()}`)).toBe(true);
    }
    expect(mimeTypeFor("a.docx")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(mimeTypeFor("a.xlsx")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(mimeTypeFor("a.jpeg")).toBe("image/jpeg");
    expect(mimeTypeFor("a.csv")).toBe("text/csv");
    expect(mimeTypeFor("old.doc")).toBe("application/msword");
    expect(mimeTypeFor("mail.eml")).toBe("message/rfc822");
    expect(isSupportedFile("old.ppt")).toBe(false);
  });

  it("decides the type from the content: a lying extension gets a clear error", async () => {
    const pdf = await makePdf([["A real PDF."]]);
    expect((await ingestError(parseFile(pdf, "report.docx"))).message).toBe(
      "The file is named .docx but its content is a PDF, not a Word document (DOCX); rename it or upload the right file",
    );
    const png = await fixtures.makeTextImage(["hello"]);
    expect((await ingestError(parseFile(png, "notes.txt"))).message).toMatch(/named \.txt but its content is a PNG image/);
    expect((await ingestError(parseFile(await fixtures.makeDocx(), "numbers.xlsx"))).message).toMatch(
      /content is a Word document \(DOCX\), not an Excel workbook/,
    );
    expect((await ingestError(parseFile(utf8("just words"), "photo.png"))).message).toMatch(/^This PNG image is damaged/);
    expect((await ingestError(parseFile(png, "scan.jpg"))).message).toMatch(/content is a PNG image, not a JPEG image/);
  });

  it("reads the size of PNG, JPEG and WebP images from their headers", async () => {
    for (const format of ["png", "jpeg", "webp"] as const) {
      const image = await fixtures.makeTextImage(["size check"], { width: 640, format });
      const type = await sniffType(image);
      expect(type).toBe(format === "jpeg" ? "jpg" : format);
      expect(imageSize(image, type!)).toEqual({ width: 640, height: expect.any(Number) });
    }
  });
});

describe("JPEG and WebP", () => {
  it("are read by OCR like PNG", async () => {
    for (const [format, name] of [
      ["jpeg", "log.jpg"],
      ["webp", "log.webp"],
    ] as const) {
      const doc = await parseFile(await fixtures.makeTextImage(["Lighthouse keeper logbook entry"], { width: 700, format }), name);
      expect(doc.pages[0]).toMatchObject({
        text: "Lighthouse keeper logbook entry",
        contentType: "image",
        contentSubtype: name.slice(-4).replace(".", ""),
      });
    }
  });
});

describe("hostile files fail with a message", () => {
  it("refuses a zip bomb before inflating it", async () => {
    const started = Date.now();
    expect((await ingestError(parseFile(fixtures.makeZipBomb(), "bomb.docx"))).message).toMatch(
      /expands to more than 300 MB when unpacked \(a zip bomb\?\)/,
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await ingestError(parseFile(fixtures.makeLyingZip(), "liar.docx"))).message).toMatch(/unpacks to more than it declares/);
    // A bomb in the very part that names the file's type: still a bomb, found before anything inflates it.
    const types = new TextEncoder().encode(`<Types><Override PartName="/word/document.xml"/>${" ".repeat(2 * 1024 * 1024)}</Types>`);
    const typesBomb = fixtures.makeZip([{ name: "[Content_Types].xml", raw: { compressed: deflateRawSync(types), size: 100, crc: 0 } }]);
    expect((await ingestError(parseFile(typesBomb, "types.docx"))).message).toMatch(/zip bomb/);
  });

  it("says when an Office file is password-protected", async () => {
    expect((await ingestError(parseFile(fixtures.makeCompoundFile(), "secret.xlsx"))).message).toBe(
      "This Excel (XLSX) file is password-protected; remove the password and upload it again",
    );
    expect((await ingestError(parseFile(fixtures.makePasswordZip(), "zipped.docx"))).message).toMatch(/password-protected/);
  });

  it("refuses an image too large to read", async () => {
    expect((await ingestError(parseFile(fixtures.makeHugePngHeader(), "poster.png"))).message).toMatch(
      /30000 × 30000 pixels, more than the 40 megapixels/,
    );
  });

  it("reports damaged Office files", async () => {
    const docx = await fixtures.makeDocx();
    expect((await ingestError(parseFile(docx.subarray(0, docx.byteLength - 40), "cut.docx"))).message).toMatch(/damaged|content is/);
    expect((await ingestError(parseFile(utf8("{ not json"), "broken.json"))).message).toMatch(/^This file is not valid JSON/);
  });
});

describe("structure of each format", () => {
  it("DOCX: headings are each chunk's context, tables are tables", async () => {
    const doc = await parseFile(await fixtures.makeDocx(), "guide.docx");
    const chunks = chunkDocument(doc, CHUNKS);
    const laptop = chunks.find((c) => c.text.includes("kiwifruit"))!;
    expect(laptop.heading).toBe("Laptop Setup");
    const table = chunks.find((c) => c.contentType === "table")!;
    expect(table.heading).toBe("Security Badges");
    expect(JSON.parse(table.structuredData!)).toEqual({ columns: ["Item", "Owner"], rows: [["Marmalade badge", "Facilities"]] });
    expect(chunks.some((c) => c.text.trim() === "Onboarding Guide")).toBe(false);
  });

  it("PPTX: one page per slide, titled, with notes and tables", async () => {
    const doc = await parseFile(await fixtures.makePptx(), "deck.pptx");
    expect(doc.pageCount).toBe(3);
    expect(doc.pages.map((p) => [p.pageNumber, p.locator, p.heading ?? null])).toEqual([
      [1, "slide 1", "Quarterly Review"],
      [2, "slide 2", "Roadmap"],
      [3, "slide 3", null],
      [3, "slide 3", "Open Questions"],
    ]);
    expect(doc.pages[1].text).toContain("Notes: Mention the pilot customers.");
    // A slide's table is a table page of that slide, rows under their header.
    expect(doc.pages[3]).toMatchObject({
      pageNumber: 3,
      locator: "slide 3",
      contentType: "table",
      table: { columns: ["Question", "Owner"], rows: [["Budget for the tangerine project", "Finance"]] },
    });
    expect(doc.pages[3].text).toBe("Question: Budget for the tangerine project; Owner: Finance.");
    // A slide without a title does not carry the previous slide's: its table is headed by its own first line.
    expect(chunkDocument(doc, CHUNKS).at(-1)).toMatchObject({
      heading: "Open Questions",
      pageNumber: 3,
      locator: "slide 3",
      contentType: "table",
    });
  });

  it("XLSX: one table page per sheet, formulas as values, dates as dates", async () => {
    const doc = await parseFile(await fixtures.makeXlsx(), "book.xlsx");
    expect(doc.pageCount).toBe(2);
    // Sheets are cited by name and rows, not by a page number (each row group stands alone).
    expect(doc.pages.map((p) => [p.pageNumber, p.locator, p.contentType])).toEqual([
      [null, "sheet Budget", "table"],
      [null, "sheet Staff", "table"],
    ]);
    expect(doc.pages[0].table!.rows).toContainEqual(["Gondola research", "Q2", "60000", "2024-06-30"]);
    expect(doc.pages[0].text.split("\n")[0]).toBe("Department: Marketing; Quarter: Q1; Amount: 12000; Approved: 2024-03-31.");
  });

  it("HTML: the main content only, not navigation, banner, sidebar or footer", async () => {
    const doc = await parseFile(utf8(fixtures.HTML_PAGE), "news.html");
    const text = doc.pages.map((p) => p.text).join("\n");
    expect(text).toContain("pumpernickel sandwich every Friday");
    expect(text).toContain("## Opening Hours");
    for (const chrome of ["walrus", "cormorant", "Contact"]) expect(text).not.toContain(chrome);
    expect(doc.pages.find((p) => p.contentType === "table")?.table).toEqual({
      columns: ["Day", "Special"],
      rows: [
        ["Monday", "Lentil soup"],
        ["Friday", "Pumpernickel sandwich"],
      ],
    });
    expect(chunkDocument(doc, CHUNKS).find((c) => c.text.includes("seven in the morning"))?.heading).toBe("Opening Hours");
  });

  it("CSV and TSV: tables whose rows are structured data", async () => {
    const csv = await parseFile(utf8(fixtures.CSV_TEXT), "cities.csv");
    expect(csv.pages[0].table).toEqual({
      columns: ["City", "Country", "Population"],
      rows: [
        ["Reykjavik", "Iceland", "139875"],
        ["Nuuk", "Greenland", "19872"],
        ["Tórshavn, Streymoy", "Faroe Islands", "14000"],
      ],
      rowNumbers: [2, 3, 4],
    });
    const tsv = await parseFile(utf8(fixtures.TSV_TEXT), "species.tsv");
    expect(tsv.pages[0].table?.rows[1]).toEqual(["Axolotl", "Lake Xochimilco", "Critically endangered"]);
  });

  it("splits a large table into row groups that repeat the header", async () => {
    const rows = Array.from({ length: 300 }, (_, i) => `item-${i},warehouse ${i % 7},${i * 3}`);
    const doc = await parseFile(utf8(`Item,Location,Stock\n${rows.join("\n")}\n`), "stock.csv");
    const chunks = chunkDocument(doc, CHUNKS);
    expect(chunks.length).toBeGreaterThan(5);
    let total = 0;
    for (const chunk of chunks) {
      for (const line of chunk.text.split("\n")) expect(line).toMatch(/^Item: item-\d+; Location: warehouse \d; Stock: \d+\.$/);
      expect(chunk.tokenCount).toBeLessThanOrEqual(256);
      const data = JSON.parse(chunk.structuredData!) as { columns: string[]; rows: string[][] };
      expect(data.columns).toEqual(["Item", "Location", "Stock"]);
      total += data.rows.length;
    }
    expect(total).toBe(300);
  });

  it("JSON: readable lines per section with the section as structured data; records as a table", async () => {
    const doc = await parseFile(utf8(fixtures.JSON_TEXT), "service.json");
    expect(doc.pages.map((p) => p.heading ?? null)).toEqual([null, "owners", "endpoints"]);
    expect(doc.pages[1].text).toBe("owners.team: Treasury\nowners.contact: flamingo@example.com");
    expect(JSON.parse(doc.pages[1].structuredData!)).toEqual({ owners: { team: "Treasury", contact: "flamingo@example.com" } });
    const records = await parseFile(
      utf8(
        JSON.stringify([
          { sku: "A1", name: "Anchor" },
          { sku: "B2", name: "Buoy", colour: "red" },
        ]),
      ),
      "items.json",
    );
    expect(records.pages[0]).toMatchObject({
      contentType: "table",
      table: {
        columns: ["sku", "name", "colour"],
        rows: [
          ["A1", "Anchor", ""],
          ["B2", "Buoy", "red"],
        ],
      },
    });
    // Records under a key (as in Debian's iso-codes) are a table too, headed by the key.
    expect(doc.pages[2]).toMatchObject({
      heading: "endpoints",
      contentType: "table",
      table: {
        columns: ["path", "method"],
        rows: [
          ["/salaries", "GET"],
          ["/bonus", "POST"],
        ],
      },
    });
  });

  it("JSON: records under a key, however many, each a whole row of a table chunk", async () => {
    const countries = Array.from({ length: 250 }, (_, i) => ({
      alpha_2: `C${i}`,
      name: `Republic of ${fixtures.segmentName(i)}`,
      numeric: String(i).padStart(3, "0"),
      capital: { city: `${fixtures.segmentName(i)} City`, since: 1900 + (i % 100) },
      languages: ["en", "fr"],
    }));
    const doc = await parseFile(utf8(JSON.stringify({ "3166-1": countries, source: "generated" })), "iso_3166-1.json");
    expect(doc.pages.map((p) => [p.heading ?? null, p.contentType ?? "text"])).toEqual([
      [null, "text"],
      ["3166-1", "table"],
    ]);
    expect(doc.pages[1].table!.columns).toEqual(["alpha_2", "name", "numeric", "capital.city", "capital.since", "languages"]);
    const chunks = chunkDocument(doc, CHUNKS).filter((c) => c.contentType === "table");
    expect(chunks.length).toBeGreaterThan(5);
    const lines = chunks.flatMap((c) => c.text.split("\n"));
    expect(lines).toHaveLength(250);
    expect(lines[68]).toBe(
      `alpha_2: C68; name: Republic of ${fixtures.segmentName(68)}; numeric: 068; capital.city: ${fixtures.segmentName(68)} City; capital.since: 1968; languages: en, fr.`,
    );
    for (const chunk of chunks) expect(chunk.heading).toBe("3166-1");
  });

  it("Markdown: chunked along its headings", async () => {
    const chunks = chunkDocument(await parseFile(utf8(fixtures.MARKDOWN_TEXT), "notes.md"), { chunkTokens: 64, overlapTokens: 0 });
    expect(chunks.find((c) => c.text.includes("hedgehog"))?.heading).toBe("Version 3");
    expect(chunks.find((c) => c.text.includes("badger"))?.heading).toBe("Version 2");
  });
});

describe("image captions", () => {
  let fake: FakeOpenAI;
  const saved = { ...process.env };
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    Object.assign(process.env, { OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_API_KEY: "test", VISION_MODEL: "vision-test" });
    resetConfig();
  });
  afterAll(async () => {
    process.env = saved;
    resetConfig();
    await fake.close();
  });

  it("puts a vision model's caption before the OCR text when one is configured", async () => {
    fake.script.push({ kind: "json", content: "A bar chart of monthly sales." });
    const doc = await parseFile(await fixtures.makeTextImage(["Sales by month"], { width: 600 }), "chart.png");
    expect(doc.pages[0]).toMatchObject({ contentType: "image", contentSubtype: "png" });
    expect(doc.pages[0].text).toMatch(/^Image: A bar chart of monthly sales\.\n\nSales by month$/);
    const sent = JSON.stringify(fake.requests[0].body);
    expect(sent).toContain('"model":"vision-test"');
    expect(sent).toContain('"url":"data:image/png;base64,iVBOR');
  });

  it("keeps the OCR text when the vision model fails", async () => {
    fake.script.push({ kind: "status", status: 500, message: "down" });
    const doc = await parseFile(await fixtures.makeTextImage(["Sales by month"], { width: 600 }), "chart.png");
    expect(doc.pages[0].text).toBe("Sales by month");
  });
});

describe("ingestion and retrieval of every format", () => {
  const OCR_LINES = [
    "Quarterly maintenance report for the northern pumping station.",
    "Inspectors found corrosion on valve seven and replaced the gasket.",
    "The backup generator passed its load test on the third attempt.",
    "Next inspection is scheduled for the first week of October.",
  ];
  const SCANNED_PAGES = [
    ["Scanned contract, page one.", "The tenant pays rent monthly in advance."],
    ["Scanned contract, page two.", "Pets are allowed only with written consent", "from the landlord and a deposit of 300 euros."],
  ];
  let status: IngestionJobStatus;
  let ids: Record<string, string> = {};
  const collection = "formats";

  beforeAll(async () => {
    await freshDataDir();
    const tmp = mkdtempSync(path.join(os.tmpdir(), "docchat-formats-"));
    startWorker();
    await activeIngestor().createCollection(collection);
    const files: [string, Uint8Array | string][] = [
      ["guide.docx", await fixtures.makeDocx()],
      ["deck.pptx", await fixtures.makePptx()],
      ["book.xlsx", await fixtures.makeXlsx()],
      ["ledger.xlsx", await fixtures.makeLedgerXlsx()],
      ["news.html", fixtures.HTML_PAGE],
      ["cities.csv", fixtures.CSV_TEXT],
      ["species.tsv", fixtures.TSV_TEXT],
      ["service.json", fixtures.JSON_TEXT],
      ["notes.md", fixtures.MARKDOWN_TEXT],
      ["report.png", await fixtures.makeTextImage(OCR_LINES)],
      ["contract.pdf", await fixtures.makeScannedPdf(SCANNED_PAGES)],
      // These fail, each alone: the rest of the upload still ingests.
      ["bomb.docx", fixtures.makeZipBomb()],
      ["secret.xlsx", fixtures.makeCompoundFile()],
      ["poster.png", fixtures.makeHugePngHeader()],
      ["liar.pptx", await makePdf([["Not a deck."]])],
    ];
    const submitted = files.map(([name, data]) => writeTemp(tmp, name, data));
    const result = await ingestAndWait(collection, submitted);
    status = result.status;
    ids = Object.fromEntries(files.map(([name], i) => [name, result.fileIds[i]]));
  }, 180_000);
  afterAll(async () => {
    await stopWorker();
    await closeOcrPool();
  });

  const search = async (query: string, top = 3) =>
    (await activeRetriever().retrieve(query, collection, top, null, { mode: "hybrid" })).chunks.map((c) => Chunk.parse(c));

  it("ingests every good file and fails each hostile one alone, saying why", () => {
    const byName = Object.fromEntries(status.file_details.map((f) => [f.file_name, f]));
    for (const name of [
      "guide.docx",
      "deck.pptx",
      "book.xlsx",
      "ledger.xlsx",
      "news.html",
      "cities.csv",
      "species.tsv",
      "service.json",
      "notes.md",
      "report.png",
      "contract.pdf",
    ]) {
      expect(byName[name], name).toMatchObject({ status: "success" });
    }
    expect(byName["bomb.docx"]).toMatchObject({ status: "failed", error_message: expect.stringMatching(/zip bomb/) });
    expect(byName["secret.xlsx"]).toMatchObject({ status: "failed", error_message: expect.stringMatching(/password-protected/) });
    expect(byName["poster.png"]).toMatchObject({ status: "failed", error_message: expect.stringMatching(/megapixels/) });
    expect(byName["liar.pptx"]).toMatchObject({
      status: "failed",
      error_message: expect.stringMatching(/named \.pptx but its content is a PDF/),
    });
    expect(status.status).toBe("completed");
  });

  it.each([
    ["kiwifruit VPN profile", "guide.docx", "text"],
    ["zeppelin feature autumn", "deck.pptx", "text"],
    ["Gondola research budget", "book.xlsx", "table"],
    ["pay with their badge or by card", "news.html", "text"],
    ["Reykjavik population", "cities.csv", "table"],
    ["Axolotl habitat", "species.tsv", "table"],
    ["flamingo contact", "service.json", "text"],
    ["hedgehog importer", "notes.md", "text"],
    ["corrosion valve gasket", "report.png", "image"],
    ["pets written consent deposit", "contract.pdf", "text"],
  ])("finds %j in %s", async (query, fileName, contentType) => {
    const [best] = await search(query);
    expect(best?.file_name).toBe(fileName);
    expect(best.content_type).toBe(contentType);
  });

  it("cites slides as slides and sheets by name", async () => {
    expect((await search("zeppelin feature"))[0].display_citation).toBe("deck.pptx, slide 2");
    const [sheet] = await search("Platypus wrangler");
    expect(sheet).toMatchObject({ display_citation: "book.xlsx, sheet Staff, row 2", page_number: null, content_subtype: "xlsx" });
    expect(JSON.parse(sheet.structured_data!)).toEqual({ columns: ["Name", "Role"], rows: [["Ada", "Platypus wrangler"]] });
  });

  it("finds any row of a large sheet, read under its real header and cited by sheet and rows", async () => {
    for (const i of [3, 211, 398]) {
      const [row] = await search(`${fixtures.segmentName(i)} sales 2024`);
      expect(row.file_name).toBe("ledger.xlsx");
      expect(row.display_citation).toMatch(/^ledger\.xlsx, sheet Segments, rows \d+–\d+$/);
      expect(row.content).toContain(`Segment: ${fixtures.segmentName(i)}; Sales 2023: ${1000 + i}; Sales 2024: ${2000 + i};`);
    }
  });

  it("gives an image passage an image URL the browser can load", async () => {
    const [image] = await search("backup generator load test");
    expect(image).toMatchObject({ content_type: "image", content_subtype: "png" });
    expect(image.image_url).toBe(`/v1/collections/${collection}/documents/${ids["report.png"]}/image`);
  });

  it("serves an image passage's picture, and no other document, from the image route", async () => {
    const get = (fileId: string) =>
      imageGet(new Request(`http://localhost/v1/collections/${collection}/documents/${fileId}/image`), {
        params: Promise.resolve({ name: collection, file_id: fileId }),
      });
    const image = await get(ids["report.png"]);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await get(ids["book.xlsx"])).status).toBe(404);
  });

  it("opens an uploaded web page sandboxed: its scripts never run on this origin", async () => {
    const page = await contentGet(new Request("http://localhost/"), {
      params: Promise.resolve({ name: collection, file_id: ids["news.html"] }),
    });
    expect(page.headers.get("content-type")).toBe("text/html");
    expect(page.headers.get("content-security-policy")).toMatch(/^sandbox; default-src 'none'/);
  });

  it("reads a generated page of known text with at least 95% word accuracy", async () => {
    const [image] = await search("northern pumping station maintenance");
    const accuracy = fixtures.wordAccuracy(OCR_LINES.join(" "), image.content);
    expect(accuracy).toBeGreaterThanOrEqual(0.95);
  });

  it("makes a scanned PDF searchable and citable by page", async () => {
    const [page] = await search("landlord deposit 300 euros");
    expect(page).toMatchObject({
      file_name: "contract.pdf",
      page_number: 2,
      display_citation: "contract.pdf, p.2",
      content_subtype: "ocr",
    });
    expect(fixtures.wordAccuracy(SCANNED_PAGES[1].join(" "), page.content)).toBeGreaterThanOrEqual(0.95);
  });
});
