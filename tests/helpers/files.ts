import { writeFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";

/** A real PDF with one string of text per page, wrapped to the page width. */
export async function makePdf(pages: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = doc.addPage([612, 792]);
    let y = 740;
    for (const paragraph of text.split("\n")) {
      let line = "";
      for (const word of paragraph.split(" ")) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, 11) > 500) {
          page.drawText(line, { x: 50, y, size: 11, font });
          y -= 15;
          line = word;
        } else line = candidate;
      }
      if (line) page.drawText(line, { x: 50, y, size: 11, font });
      y -= 22;
    }
  }
  return doc.save();
}

/** A multipart POST as a browser sends it: the form encoded once, its length declared (uploads refuse a body without one). */
export async function formRequest(url: string, form: FormData): Promise<Request> {
  const probe = new Request(url, { method: "POST", body: form });
  const body = new Uint8Array(await probe.arrayBuffer());
  return new Request(url, {
    method: "POST",
    body,
    headers: { "content-type": probe.headers.get("content-type")!, "content-length": String(body.byteLength) },
  });
}

export function writeTemp(dir: string, name: string, data: Uint8Array | string): { path: string; fileName: string; size: number } {
  const file = path.join(dir, `${Date.now()}-${Math.random().toString(36).slice(2)}-${name}`);
  writeFileSync(file, data);
  return { path: file, fileName: name, size: typeof data === "string" ? Buffer.byteLength(data) : data.byteLength };
}

export const HANDBOOK_PAGES = [
  "Vacation Policy\nEmployees receive twenty days of paid vacation each year. Vacation requests must be approved by a manager two weeks in advance.",
  "Remote Work\nStaff may work remotely up to three days per week. A stipend of 500 dollars covers home office equipment.",
  "Health Benefits\nThe annual deductible for in-network care is 1,500 dollars per person. Out-of-network care has a deductible of 3,000 dollars.",
];

export const TRAVEL_TEXT =
  "Travel Guidelines\n\nBook flights at least fourteen days ahead. Economy class is required for flights shorter than six hours. " +
  "Hotel stays are reimbursed up to 200 dollars per night in most cities.";
