import { PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { isEncryptedOffice, pdfTrailerEncrypted } from "@/lib/ingest/encryption";
import { parseFile } from "@/lib/ingest/parse";
import { IngestError } from "@/lib/errors";
import { makeCompoundFile, wordDocumentStream, workbookStream } from "./helpers/formats";
import { makeEncryptedPdf } from "./helpers/pdf";

/** A one-page PDF whose text is `text`; `encrypt`: its trailer names an /Encrypt dictionary (an unknown security handler). */
async function pdfWith(text: string, options: { encrypt?: boolean; xrefStream?: boolean } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([300, 200]).drawText(text, { x: 20, y: 100, size: 12, font });
  if (options.encrypt) {
    const handler = doc.context.obj({ Filter: PDFName.of("PubSec"), V: 4 });
    doc.context.trailerInfo.Encrypt = doc.context.register(handler);
  }
  return doc.save({ useObjectStreams: options.xrefStream ?? false });
}

describe("password protection told from the file's structure", () => {
  it("finds /Encrypt in a PDF's trailer, classic or xref stream, not in its text", async () => {
    expect(pdfTrailerEncrypted(await pdfWith("Quarterly figures", { encrypt: true }))).toBe(true);
    expect(pdfTrailerEncrypted(await pdfWith("Quarterly figures", { encrypt: true, xrefStream: true }))).toBe(true);
    expect(pdfTrailerEncrypted(await pdfWith("The key /Encrypt names the dictionary"))).toBe(false);
    expect(pdfTrailerEncrypted(await pdfWith("Plain", { xrefStream: true }))).toBe(false);
    expect(pdfTrailerEncrypted(makeEncryptedPdf({ text: "Top secret plan", userPassword: "secret", ownerPassword: "owner" }))).toBe(true);
    expect(pdfTrailerEncrypted(new TextEncoder().encode("not a PDF at all"))).toBe(false);
  });

  it("says a PDF with a security handler the reader cannot open is password-protected", async () => {
    const error = await parseFile(await pdfWith("Certificate security", { encrypt: true }), "sealed.pdf").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestError);
    expect((error as IngestError).message).toBe("This PDF is password-protected");
  });

  it("reads a compound file: Office 2007+ encryption streams, and Word and Excel 97–2003 marked encrypted", async () => {
    expect(isEncryptedOffice(makeCompoundFile())).toBe(true);
    expect(isEncryptedOffice(makeCompoundFile({ WordDocument: wordDocumentStream(true), "1Table": new Uint8Array(16) }))).toBe(true);
    expect(isEncryptedOffice(makeCompoundFile({ WordDocument: wordDocumentStream(false), "1Table": new Uint8Array(16) }))).toBe(false);
    expect(isEncryptedOffice(makeCompoundFile({ Workbook: workbookStream(true) }))).toBe(true);
    expect(isEncryptedOffice(makeCompoundFile({ Workbook: workbookStream(false) }))).toBe(false);
    // The stream names written anywhere else (a document's text) are no directory entries.
    const text = new Uint8Array(4096);
    text.set(Buffer.from("EncryptionInfo EncryptedPackage", "utf16le"), 1024);
    expect(isEncryptedOffice(text)).toBe(false);
    // Uploaded as .doc or .xls, the file is refused as password-protected before its parser runs.
    const word = makeCompoundFile({ WordDocument: wordDocumentStream(true), "1Table": new Uint8Array(16) });
    await expect(parseFile(word, "minutes.doc")).rejects.toThrow(/password-protected/);
    await expect(parseFile(makeCompoundFile({ Workbook: workbookStream(true) }), "budget.xls")).rejects.toThrow(/password-protected/);
  });
});
