import { readFileSync } from "node:fs";
import path from "node:path";
import { Document, Packer, Paragraph, Table, TableCell, TableRow } from "docx";
import { strToU8 } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { chunkDocument } from "@/lib/ingest/chunk";
import { parseFile } from "@/lib/ingest/parse";
import { sniffType } from "@/lib/ingest/sniff";
import { closeOcrPool } from "@/lib/ingest/workers/ocr-pool";
import { ingestError } from "./helpers/errors";
import { CSV_TEXT, makeDocx, makePptx, makeTextImage, wordAccuracy } from "./helpers/formats";
import { makeEml, makeEpub, makeMsg, makeOdp, makeOdt, makeTiff, RTF_TEXT, withMacroContentType } from "./helpers/more-formats";
import { makePdf } from "./helpers/pdf";

/** The formats real document sets hold besides the common ones: OpenDocument, RTF, EPUB, mail, TIFF scans, macro-enabled Office. */

const CHUNKS = { chunkTokens: 256, overlapTokens: 32 };
const allText = (doc: { pages: { text: string }[] }) => doc.pages.map((p) => p.text).join("\n\n");

afterAll(async () => {
  await closeOcrPool();
});

describe("OpenDocument", () => {
  it("ODT: headings, paragraphs, lists and tables", async () => {
    const data = makeOdt();
    expect(await sniffType(data)).toBe("odt");
    const doc = await parseFile(data, "harbour.odt");
    expect(doc.markdownHeadings).toBe(true);
    expect(allText(doc)).toContain("# Harbour Rules\n\nBoats moor at the eastern pier. The narwhal buoy marks the channel.");
    expect(allText(doc)).toContain("## Fees\n\n- Day berth: 12 euros\n\n- Week berth: 60 euros");
    const table = doc.pages.find((p) => p.contentType === "table");
    expect(table).toMatchObject({ heading: "Fees", table: { columns: ["Day", "High tide"], rows: [["Monday", "06:40"]] } });
  });

  it("ODP: one page per slide, titled, with notes", async () => {
    const doc = await parseFile(makeOdp(), "survey.odp");
    expect(doc.pages.map((p) => [p.pageNumber, p.locator, p.heading])).toEqual([
      [1, "slide 1", "Lighthouse Survey"],
      [2, "slide 2", "Budget"],
    ]);
    expect(doc.pages[1].text).toBe("Budget\n\nThe cormorant fund pays for the repairs.\n\nNotes: Ask the council about the grant.");
  });
});

describe("RTF", () => {
  it("reads paragraphs, code-page and Unicode characters and table rows, not the font table or document info", async () => {
    const doc = await parseFile(strToU8(RTF_TEXT), "cafe.rtf");
    expect(doc.pages[0].text).toBe(
      "Café opening hours\n\nThe espresso machine is descaled every Tuesday—by the barista on duty.\n\nPrice in yen: ¥500 and €4.\n\nItem | Price\nFlat white | 3.20",
    );
  });

  it("says when an .rtf file is not RTF", async () => {
    expect((await ingestError(parseFile(strToU8("just text"), "notes.rtf"))).message).toBe(
      "This file is damaged or is not an RTF document",
    );
  });
});

describe("EPUB", () => {
  it("reads chapters in spine order with their headings", async () => {
    const doc = await parseFile(makeEpub(), "voyage.epub");
    const chunks = chunkDocument(doc, CHUNKS);
    expect(allText(doc).indexOf("schooner")).toBeLessThan(allText(doc).indexOf("squall"));
    expect(chunks.find((c) => c.text.includes("squall"))?.heading).toBe("The Storm");
  });
});

describe("e-mail", () => {
  it("EML: headers and body, then each attachment's pages cited as the attachment", async () => {
    const pdf = await makePdf([["Walrus count for the north colony: 412."], ["Walrus count for the south colony: 388."]]);
    const eml = makeEml([
      { name: "colonies.pdf", type: "application/pdf", data: pdf },
      { name: "tusks.csv", type: "text/csv", data: strToU8(CSV_TEXT) },
      { name: "backup.zip", type: "application/zip", data: new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]) },
    ]);
    const doc = await parseFile(eml, "audit.eml");
    const [mail, ...attachments] = doc.pages;
    expect(mail).toMatchObject({ heading: "Walrus inventory audit", pageNumber: null });
    expect(mail.text).toMatch(
      /^From: Ingrid Berg <ingrid@example.com>\nTo: Audit Team <audit@example.com>\nDate: 2026-03-10 09:15\nSubject: Walrus inventory audit\n\nHi team,/,
    );
    expect(mail.text).toContain(
      "Attachment: colonies.pdf\nAttachment: tusks.csv\nAttachment backup.zip was not read: Unsupported file type .zip.",
    );
    expect(attachments.map((p) => [p.locator, p.heading])).toEqual([
      ["attachment colonies.pdf, p.1", "colonies.pdf"],
      ["attachment colonies.pdf, p.2", "colonies.pdf"],
      ["attachment tusks.csv", "tusks.csv"],
    ]);
    expect(attachments[1].text).toBe("Walrus count for the south colony: 388.");
    const csvChunk = chunkDocument(doc, CHUNKS).find((c) => c.contentType === "table");
    expect(csvChunk).toMatchObject({ locator: "attachment tusks.csv, rows 2–4", pageNumber: null });
  });

  it("MSG: subject, sender, body and attachments of an Outlook message", async () => {
    const msg = makeMsg({ name: "sightings.csv", data: strToU8("Time,Place\n12:00,Northern breakwater\n") });
    expect(await sniffType(msg)).toBe("cfb");
    const doc = await parseFile(msg, "narwhal.msg");
    expect(doc.pages[0]).toMatchObject({ heading: "Narwhal sighting report" });
    expect(doc.pages[0].text).toContain("From: Harbour Master");
    expect(doc.pages[0].text).toContain("Two narwhals were seen off the northern breakwater at noon.");
    expect(doc.pages[1]).toMatchObject({
      locator: "attachment sightings.csv",
      table: { columns: ["Time", "Place"], rows: [["12:00", "Northern breakwater"]] },
    });
  });
});

describe("Word 97–2003", () => {
  it("reads a real .doc (tests/fixtures/word97.doc, see NOTICE there)", async () => {
    const doc = await parseFile(new Uint8Array(readFileSync(path.join(__dirname, "../fixtures/word97.doc"))), "word97.doc");
    expect(doc.pages[0].text).toBe("这是一个用来测试nodejs解析Word文档.doccccc\nThis is a test for parsing the Word file in node.");
  });

  it("says a .doc that is not one is damaged", async () => {
    expect((await ingestError(parseFile(makeMsg({ name: "a.txt", data: strToU8("x") }), "letter.doc"))).message).toBe(
      "This Word document is damaged and cannot be read",
    );
  });
});

describe("macro-enabled Office files", () => {
  it("reads .docm and .pptm as their macro-free kinds (macros are never run)", async () => {
    const docm = withMacroContentType(
      await makeDocx(),
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
      "application/vnd.ms-word.document.macroEnabled.main+xml",
    );
    expect(await sniffType(docm)).toBe("docm");
    expect(allText(await parseFile(docm, "guide.docm"))).toContain("kiwifruit VPN profile");
    const pptm = withMacroContentType(
      await makePptx(),
      "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
      "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml",
    );
    expect(await sniffType(pptm)).toBe("pptm");
    expect((await parseFile(pptm, "deck.pptm")).pages[1]).toMatchObject({ locator: "slide 2", heading: "Roadmap" });
  });
});

describe("TIFF", () => {
  it("OCRs each page of a multi-page scan, cited by page", async () => {
    const lines = [
      ["Fax page one.", "The harbour dues rose by four percent."],
      ["Fax page two.", "Pilots must report to the tower before entering."],
    ];
    const tiff = makeTiff(await Promise.all(lines.map((l) => makeTextImage(l, { width: 1100, fontSize: 30 }))));
    expect(await sniffType(tiff)).toBe("tif");
    const doc = await parseFile(tiff, "fax.tiff");
    expect(doc.pageCount).toBe(2);
    expect(doc.pages.map((p) => [p.pageNumber, p.contentSubtype])).toEqual([
      [1, "ocr"],
      [2, "ocr"],
    ]);
    expect(wordAccuracy(lines[1].join(" "), doc.pages[1].text)).toBeGreaterThanOrEqual(0.9);
  }, 60_000);
});

describe("web pages and Word tables as people write them", () => {
  const DOCS_PAGE = `<!doctype html><html><head><title>Install - Guide</title></head><body>
    <div id="mdbook-help-container"><div id="mdbook-help-popup"><h2 class="mdbook-help-title">Keyboard shortcuts</h2>
      <p>Press <kbd>←</kbd> or <kbd>→</kbd> to navigate between chapters</p><p>Press <kbd>S</kbd> or <kbd>/</kbd> to search in the book</p></div></div>
    <div class="sidebar"><ol class="chapter"><li><a href="intro.html">Introduction</a></li><li><a href="install.html">Installation</a></li></ol></div>
    <div class="menu-bar"><button id="theme-toggle">Theme</button><h1 class="menu-title">The Otter Book</h1></div>
    <main><h1 id="install">Installation<a class="headerlink" href="#install">¶</a></h1>
      <p>The otter command line tool installs from the package registry in a few seconds, and needs no compiler on the machine.</p>
      <pre><code>npm install --global otter-cli
otter init my-project
  cd my-project # indented on purpose</code></pre>
      <p>After that, run the otter doctor command to check that the configuration file was written where the tool expects it.</p>
    </main>
    <nav class="nav-wrapper"><a rel="prev" href="intro.html">Previous chapter</a></nav>
  </body></html>`;

  it("drops documentation-site chrome and keeps code blocks line by line", async () => {
    const doc = await parseFile(strToU8(DOCS_PAGE), "install.html");
    const text = allText(doc);
    for (const chrome of ["Keyboard shortcuts", "navigate between chapters", "Theme", "Previous chapter", "¶", "Introduction"])
      expect(text).not.toContain(chrome);
    expect(text).toContain("```\nnpm install --global otter-cli\notter init my-project\n  cd my-project # indented on purpose\n```");
    const chunk = chunkDocument(doc, CHUNKS).find((c) => c.text.includes("otter init"));
    expect(chunk?.text).toContain("otter-cli\notter init my-project\n");
  });

  it("separates the cells of a table nested in a table cell, and finds an HTML table's header below its title row", async () => {
    const html = `<html><body><main><h2>Parts</h2><table>
      <tr><td colspan="2">Spare parts list</td></tr>
      <tr><th>Part</th><th>Contents</th></tr>
      <tr><td><p>Pump</p><p>Model 7</p></td><td><table><tr><th>Item</th><th>Count</th></tr><tr><td>Bolt</td><td>4</td></tr><tr><td>Gasket</td><td>2</td></tr></table></td></tr>
    </table></main></body></html>`;
    const table = (await parseFile(strToU8(html), "parts.html")).pages.find((p) => p.contentType === "table")!;
    expect(table.table).toEqual({
      columns: ["Part", "Contents"],
      rows: [["Pump Model 7", "Item: Bolt; Count: 4. Item: Gasket; Count: 2."]],
    });
  });

  it("separates the cells of a table nested in a Word table cell", async () => {
    const cell = (...children: (Paragraph | Table)[]) => new TableCell({ children });
    const row = (...cells: TableCell[]) => new TableRow({ children: cells });
    const nested = new Table({
      rows: [row(cell(new Paragraph("Item")), cell(new Paragraph("Count"))), row(cell(new Paragraph("Bolt")), cell(new Paragraph("4")))],
    });
    const outer = new Table({
      rows: [
        row(cell(new Paragraph("Part")), cell(new Paragraph("Contents"))),
        row(cell(new Paragraph("Pump"), new Paragraph("Model 7")), cell(nested)),
      ],
    });
    const docx = new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph("Spare parts"), outer] }] })));
    const table = (await parseFile(docx, "parts.docx")).pages.find((p) => p.contentType === "table")!;
    expect(table.table).toEqual({ columns: ["Part", "Contents"], rows: [["Pump Model 7", "Item: Bolt; Count: 4."]] });
  });
});
