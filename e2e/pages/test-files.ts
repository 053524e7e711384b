import type { Locator } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";

/** Files the UI tests upload, generated here with text the tests write (no third-party files). */
export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A PDF with one page per entry of `pages`; each page's lines are drawn as real text. */
export async function makePdf(name: string, pages: string[][]): Promise<TestFile> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (const lines of pages) {
    const page = pdf.addPage([595, 842]); // A4 in points
    // The first line of a page is its heading (bold, larger), the rest body text.
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 24, size: i === 0 ? 16 : 12, font: i === 0 ? bold : font }));
  }
  return { name, mimeType: "application/pdf", buffer: Buffer.from(await pdf.save()) };
}

/** Named .pdf but not a PDF at all: passes the browser's type check, fails ingestion. */
export function brokenPdf(name = "broken.pdf"): TestFile {
  return { name, mimeType: "application/pdf", buffer: Buffer.from("This is not a PDF file, just some bytes pretending to be one.\n") };
}

/** Drops files the way a browser does: a DataTransfer carried by dragenter/dragover/drop. */
export async function dropFilesOn(target: Locator, files: TestFile[]) {
  const payload = files.map((f) => ({ name: f.name, mimeType: f.mimeType, base64: f.buffer.toString("base64") }));
  const dataTransfer = await target.page().evaluateHandle((items) => {
    const dt = new DataTransfer();
    for (const item of items) {
      const bytes = Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], item.name, { type: item.mimeType }));
    }
    return dt;
  }, payload);
  for (const type of ["dragenter", "dragover", "drop"]) await target.dispatchEvent(type, { dataTransfer });
}
