import { describe, expect, it } from "vitest";
import { getDocumentProxy } from "unpdf";
import { SUPPORTED_EXTENSIONS, SUPPORTED_LABELS, isSupportedFile, mimeTypeFor, parseFile } from "@/lib/ingest/parse";
import { isPasswordError } from "@/lib/ingest/parsers/pdf";
import { makeCjkPdf, makeEncryptedPdf, makePdf, wrap } from "./helpers/pdf";
import { ingestError } from "./helpers/errors";

const utf8 = (text: string) => new TextEncoder().encode(text);

describe("file types", () => {
  it("lists supported extensions and MIME types, case-insensitively", () => {
    for (const ext of [
      ".pdf",
      ".docx",
      ".docm",
      ".doc",
      ".odt",
      ".rtf",
      ".pptx",
      ".pptm",
      ".odp",
      ".xlsx",
      ".xlsm",
      ".xls",
      ".ods",
      ".epub",
      ".eml",
      ".msg",
      ".tif",
      ".tiff",
      ".html",
      ".htm",
      ".md",
      ".markdown",
      ".txt",
      ".csv",
      ".tsv",
      ".tab",
      ".json",
      ".png",
      ".jpg",
      ".jpeg",
      ".webp",
    ]) {
      expect(SUPPORTED_EXTENSIONS).toContain(ext);
    }
    expect(isSupportedFile("Report.PDF")).toBe(true);
    expect(isSupportedFile("notes.markdown")).toBe(true);
    expect(isSupportedFile("archive.zip")).toBe(false);
    expect(isSupportedFile("README")).toBe(false);
    expect(mimeTypeFor("a.pdf")).toBe("application/pdf");
    expect(mimeTypeFor("a.txt")).toBe("text/plain");
    expect(mimeTypeFor("dir.v2/a.md")).toBe("text/markdown");
    expect(mimeTypeFor("a.xyz")).toBe("application/octet-stream");
  });

  it("rejects an unsupported extension naming it, what to save it as, and the supported types", async () => {
    const error = await ingestError(parseFile(utf8("hello"), "data.xyz"));
    expect(SUPPORTED_LABELS).toMatch(/^PDF, Word \(DOCX\), .*Excel \(XLSX\), .*JSON, PNG, JPEG, WebP/);
    expect(error.message).toBe(`Unsupported file type .xyz. Supported: ${SUPPORTED_LABELS}`);
    const noExtension = await ingestError(parseFile(utf8("hello"), "Makefile"));
    expect(noExtension.message).toBe(`Unsupported file type (the file name has no extension). Supported: ${SUPPORTED_LABELS}`);
    const slides = await ingestError(parseFile(utf8("hello"), "Old Deck.PPT"));
    expect(slides.message).toBe(
      `Unsupported file type .ppt (save it as PowerPoint (PPTX), .pptx, and upload it again). Supported: ${SUPPORTED_LABELS}`,
    );
  });

  it("rejects empty files", async () => {
    for (const name of ["empty.pdf", "empty.txt", "empty.md"]) {
      expect((await ingestError(parseFile(new Uint8Array(0), name))).message).toBe("The file is empty");
    }
    expect((await ingestError(parseFile(utf8("  \n\n\t \r\n"), "blank.txt"))).message).toBe("The file is empty");
  });
});

describe("PDF", () => {
  it("returns text per page, 1-based, in page order", async () => {
    const pdf = await makePdf([["Alpha page one text."], ["Bravo page two text."], ["Charlie page three text."]]);
    const doc = await parseFile(pdf, "three.pdf");
    expect(doc.mimeType).toBe("application/pdf");
    expect(doc.pageCount).toBe(3);
    expect(doc.pages.map((p) => p.pageNumber)).toEqual([1, 2, 3]);
    expect(doc.pages.map((p) => p.text)).toEqual(["Alpha page one text.", "Bravo page two text.", "Charlie page three text."]);
  });

  it("keeps pages without text as empty pages so numbering holds", async () => {
    const pdf = await makePdf([["First page."], [], ["Third page."]]);
    const doc = await parseFile(pdf, "gap.pdf");
    expect(doc.pages).toEqual([
      { pageNumber: 1, text: "First page." },
      { pageNumber: 2, text: "" },
      { pageNumber: 3, text: "Third page." },
    ]);
  });

  it("rejoins wrapped lines into paragraphs and puts headings on their own line", async () => {
    const body =
      "Choosing in-network providers is the most cost-effective option when it comes to your plan. " +
      "In-network providers have agreed to accept a discounted rate on services, which means they are often " +
      "less expensive than out-of-network providers.";
    const pdf = await makePdf([["In-Network Providers", ...wrap(body, 80), "Exceptions", ...wrap(body, 80)]]);
    const [page] = (await parseFile(pdf, "wrapped.pdf")).pages;
    expect(page.text).toBe(`In-Network Providers\n\n${body}\n\nExceptions\n\n${body}`);
  });

  it("rejoins a word hyphenated at a line end, judged by the words of the whole document", async () => {
    const pdf = await makePdf([
      ["Existing members keep their cover.", "The in-network rate applies."],
      ["All Ex-", "isting claims stay open at the in-", "network rate for the whole year."],
    ]);
    const doc = await parseFile(pdf, "hyphens.pdf");
    expect(doc.pages[1].text).toBe("All Existing claims stay open at the in-network rate for the whole year.");
  });

  it("reads Japanese text set in a font that is not embedded (CMap data shipped, never fetched)", async () => {
    const pages = ["東京都の図書館は月曜日に休館します。", "貸出期間は二週間です。"];
    const doc = await parseFile(await makeCjkPdf(pages), "library.pdf");
    expect(doc.pages.map((p) => p.text)).toEqual(pages);
  });

  it("refuses a PDF whose fonts decode to glyph ids, rather than index them as text", async () => {
    const garbled = await makeCjkPdf(["\u0c8a\u0f3b\u10a2\u052e\u0b1c\u0e4f\u0d2a\u0c8b\u0f3c\u10a3\u052f\u0b1d"], { glyphIds: true });
    expect((await ingestError(parseFile(garbled, "garbled.pdf"))).message).toMatch(
      /^The text of this PDF cannot be decoded: its fonts are not embedded/,
    );
  });

  it("does not detach or modify the caller's buffer", async () => {
    const pdf = await makePdf([["Some text."]]);
    const copy = pdf.slice();
    await parseFile(pdf, "a.pdf");
    expect(pdf.byteLength).toBe(copy.byteLength);
    expect(Buffer.from(pdf).equals(Buffer.from(copy))).toBe(true);
  });

  it("says when no text can be extracted, even by OCR (e.g. blank scanned pages)", async () => {
    const pdf = await makePdf([[], []]);
    const error = await ingestError(parseFile(pdf, "scan.pdf"));
    expect(error.message).toBe("No text could be extracted from this PDF (it may be scanned images without legible text)");
  });

  it("reports random bytes named .pdf as damaged", async () => {
    const bytes = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 251);
    expect((await ingestError(parseFile(bytes, "random.pdf"))).message).toBe("This PDF is damaged or not a PDF");
    expect((await ingestError(parseFile(utf8("just some text"), "fake.pdf"))).message).toBe("This PDF is damaged or not a PDF");
  });

  it("reports a PDF with a user password as password-protected (pdf.js PasswordException)", async () => {
    const pdf = makeEncryptedPdf({ text: "Top secret plan", userPassword: "secret", ownerPassword: "owner" });
    // The fixture really is what pdf.js calls password-protected...
    const raw = await getDocumentProxy(pdf.slice(), { verbosity: 0 }).then(
      () => null,
      (e: unknown) => e as { name?: string },
    );
    expect(raw?.name).toBe("PasswordException");
    // ...and parseFile turns that into a readable message.
    expect((await ingestError(parseFile(pdf, "locked.pdf"))).message).toBe("This PDF is password-protected");
  });

  it("opens an encrypted PDF that has only an owner password (restrictions, no password to open)", async () => {
    const pdf = makeEncryptedPdf({ text: "Readable but restricted", userPassword: "", ownerPassword: "owner" });
    const doc = await parseFile(pdf, "restricted.pdf");
    expect(doc.pages).toEqual([{ pageNumber: 1, text: "Readable but restricted" }]);
  });

  it("recognises password errors by their name, not their message", () => {
    expect(isPasswordError(Object.assign(new Error("No password given"), { name: "PasswordException" }))).toBe(true);
    expect(isPasswordError(new Error("Incorrect Password"))).toBe(false);
    expect(isPasswordError(new Error("Invalid PDF structure."))).toBe(false);
    expect(isPasswordError(undefined)).toBe(false);
  });
});

describe("text and Markdown", () => {
  it("decodes UTF-8, strips the BOM and normalises whitespace but keeps paragraph breaks", async () => {
    const raw = "\uFEFFTitle\r\n\r\n\r\n\r\nFirst   paragraph\twith  spaces.  \r\nSecond line.\r\n\n\n\nCafé ünïcode.";
    const doc = await parseFile(utf8(raw), "notes.txt");
    expect(doc).toEqual({
      pages: [{ pageNumber: null, text: "Title\n\nFirst paragraph with spaces.\nSecond line.\n\nCafé ünïcode." }],
      pageCount: null,
      mimeType: "text/plain",
    });
  });

  it("keeps Markdown indentation (code blocks, nested lists)", async () => {
    const doc = await parseFile(utf8("# Title\n\n- item\n    - nested   item\n"), "readme.md");
    expect(doc.mimeType).toBe("text/markdown");
    expect(doc.pages[0].text).toBe("# Title\n\n- item\n    - nested item");
  });

  it("reads UTF-16 with a BOM and legacy Windows-1252 text", async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Hello UTF-16", "utf16le")]);
    expect((await parseFile(new Uint8Array(utf16), "u16.txt")).pages[0].text).toBe("Hello UTF-16");
    const cp1252 = new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x93, 0x6f, 0x6b, 0x94]); // Café “ok”
    expect((await parseFile(cp1252, "old.txt")).pages[0].text).toBe("Café “ok”");
  });

  it("rejects binary data named .txt as damaged", async () => {
    const binary = new Uint8Array(2000).map((_, i) => (i % 3 === 0 ? 0 : 65 + (i % 26)));
    expect((await ingestError(parseFile(binary, "data.txt"))).message).toBe("This file is damaged or is not a text file");
  });
});
