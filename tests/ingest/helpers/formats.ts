import * as XLSX from "@e965/xlsx";
import { crc32, deflateRawSync } from "node:zlib";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from "docx";
import ExcelJS from "exceljs";
import { PDFDocument } from "pdf-lib";
import PptxGenJS from "pptxgenjs";

/**
 * Every fixture of the format tests, made here with the libraries that write those formats
 * (no opaque binaries in the repository). Each carries words no other fixture uses, so a
 * search shows which file it came from.
 */

export async function makeDocx(): Promise<Uint8Array> {
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)], width: { size: 3000, type: WidthType.DXA } });
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: "Onboarding Guide", heading: HeadingLevel.TITLE }),
          new Paragraph({ text: "Laptop Setup", heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [
              new TextRun("New starters receive a laptop on their first day. "),
              new TextRun({ text: "The kiwifruit VPN profile must be installed before noon.", bold: true }),
            ],
          }),
          new Paragraph({ text: "Security Badges", heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ text: "Badges are collected from reception on the second floor.", alignment: AlignmentType.LEFT }),
          new Table({
            rows: [
              new TableRow({ children: [cell("Item"), cell("Owner")] }),
              new TableRow({ children: [cell("Marmalade badge"), cell("Facilities")] }),
            ],
          }),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

export async function makePptx(): Promise<Uint8Array> {
  const deck = new PptxGenJS();
  deck.defineSlideMaster({
    title: "TITLED",
    objects: [{ placeholder: { options: { name: "title", type: "title", x: 0.5, y: 0.3, w: 9, h: 1 }, text: "" } }],
  });
  const titled = (title: string, body: string, notes?: string) => {
    const slide = deck.addSlide({ masterName: "TITLED" });
    slide.addText(title, { placeholder: "title", x: 0.5, y: 0.3, w: 9, h: 1, fontSize: 28 });
    slide.addText(body, { x: 0.5, y: 1.5, w: 9, h: 3, fontSize: 18 });
    if (notes) slide.addNotes(notes);
    return slide;
  };
  titled("Quarterly Review", "Revenue grew in every region this quarter.");
  titled("Roadmap", "The zeppelin feature ships in the autumn release.", "Mention the pilot customers.");
  const third = deck.addSlide();
  third.addText("Open Questions", { x: 0.5, y: 0.3, w: 9, h: 1 });
  third.addTable(
    [
      [{ text: "Question" }, { text: "Owner" }],
      [{ text: "Budget for the tangerine project" }, { text: "Finance" }],
    ],
    { x: 0.5, y: 1.5, w: 9 },
  );
  return new Uint8Array((await deck.write({ outputType: "nodebuffer" })) as Buffer);
}

export async function makeXlsx(): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const budget = book.addWorksheet("Budget");
  budget.addRow(["Department", "Quarter", "Amount", "Approved"]);
  budget.addRow(["Marketing", "Q1", 12000, new Date(Date.UTC(2024, 2, 31))]);
  budget.addRow(["Engineering", "Q1", 48000, new Date(Date.UTC(2024, 2, 31))]);
  budget.addRow(["Gondola research", "Q2", { formula: "C2+C3", result: 60000 }, new Date(Date.UTC(2024, 5, 30))]);
  const staff = book.addWorksheet("Staff");
  staff.addRow(["Name", "Role"]);
  staff.addRow(["Ada", "Platypus wrangler"]);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** Invented segment names ("Karomin"), one word per data row of the ledger (i < 1000): a search for one finds its row alone. */
export function segmentName(i: number): string {
  const syllables = ["ka", "ro", "mi", "tu", "be", "lo", "sa", "ne", "vi", "do"];
  const word = `${syllables[Math.floor(i / 100) % 10]}${syllables[Math.floor(i / 10) % 10]}${syllables[i % 10]}n`;
  return word[0].toUpperCase() + word.slice(1);
}

/**
 * A report as finance teams write it: a merged title above the header, a note row, a header
 * split over two rows (a merged "Sales" over its years), and `rows` data rows below.
 */
export async function makeLedgerXlsx(rows = 400): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Segments");
  sheet.addRow(["3. Analyses by segment"]);
  sheet.mergeCells("A1:E1");
  sheet.addRow(["in thousands of euros"]);
  sheet.addRow([]);
  sheet.addRow(["Segment", "Sales", null, "Margin", null]);
  sheet.mergeCells("B4:C4");
  sheet.mergeCells("D4:E4");
  sheet.addRow([null, "2023", "2024", "2023", "2024"]);
  for (let i = 0; i < rows; i++) sheet.addRow([segmentName(i), 1000 + i, 2000 + i, `${(i % 30) + 1}%`, `${(i % 20) + 5}%`]);
  const notes = book.addWorksheet("Notes");
  notes.addRow(["Topic", "Note"]);
  notes.addRow(["Currency", "All figures are converted at the average quokka rate"]);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

export const HTML_PAGE = `<!doctype html>
<html><head><title>Cafeteria News</title></head>
<body>
  <nav><a href="/">Home</a> <a href="/menu">Menu</a> <a href="/contact">Contact the walrus desk</a></nav>
  <header role="banner"><p>Site banner with the cormorant logo</p></header>
  <main><article>
    <h1>Cafeteria News</h1>
    <p>The cafeteria on the ground floor now serves a pumpernickel sandwich every Friday. Staff can
    pay with their badge or by card, and the kitchen keeps vegetarian options on the menu all week.</p>
    <h2>Opening Hours</h2>
    <p>The cafeteria opens at seven in the morning and closes at three in the afternoon, including
    public holidays, when a smaller menu is served from the counter near the lifts.</p>
    <table><thead><tr><th>Day</th><th>Special</th></tr></thead>
      <tbody><tr><td>Monday</td><td>Lentil soup</td></tr><tr><td>Friday</td><td>Pumpernickel sandwich</td></tr></tbody></table>
  </article></main>
  <aside>Related: the cormorant newsletter archive</aside>
  <footer>© The walrus desk. All rights reserved.</footer>
</body></html>`;

export const CSV_TEXT = `City,Country,Population\nReykjavik,Iceland,139875\nNuuk,Greenland,19872\n"Tórshavn, Streymoy",Faroe Islands,14000\n`;
export const TSV_TEXT = `Species\tHabitat\tStatus\nQuokka\tRottnest Island\tVulnerable\nAxolotl\tLake Xochimilco\tCritically endangered\n`;
export const JSON_TEXT = JSON.stringify({
  service: "payroll-gateway",
  version: "2.4.1",
  owners: { team: "Treasury", contact: "flamingo@example.com" },
  endpoints: [
    { path: "/salaries", method: "GET" },
    { path: "/bonus", method: "POST" },
  ],
});
export const MARKDOWN_TEXT = `# Release Notes\n\nThis document lists what changed.\n\n## Version 3\n\nThe hedgehog importer reads larger files.\n\n## Version 2\n\nThe badger exporter writes CSV.\n`;

/** Text drawn black on white, like a screenshot or a scanned page, as PNG (or JPEG/WebP). */
export async function makeTextImage(
  lines: string[],
  options: { width?: number; fontSize?: number; format?: "png" | "jpeg" | "webp" } = {},
): Promise<Uint8Array> {
  const fontSize = options.fontSize ?? 28;
  const width = options.width ?? 1400;
  const height = Math.round(fontSize * 1.8 * lines.length + fontSize * 3);
  const canvas = createCanvas(width, height);
  const g = canvas.getContext("2d");
  g.fillStyle = "white";
  g.fillRect(0, 0, width, height);
  g.fillStyle = "black";
  g.font = `${fontSize}px DejaVu Sans, Liberation Sans, sans-serif`;
  lines.forEach((line, i) => g.fillText(line, fontSize * 1.5, fontSize * 2 + i * fontSize * 1.8));
  const format = options.format ?? "png";
  return new Uint8Array(
    format === "png" ? await canvas.encode("png") : format === "jpeg" ? await canvas.encode("jpeg", 90) : await canvas.encode("webp", 90),
  );
}

/** The image turned clockwise by `degrees` (90, 180 or 270), its canvas with it: a page fed into the scanner sideways. */
export async function turnImage(png: Uint8Array, degrees: 90 | 180 | 270, format: "png" | "jpeg" | "webp" = "png"): Promise<Uint8Array> {
  const image = await loadImage(Buffer.from(png));
  const sideways = degrees !== 180;
  const canvas = createCanvas(sideways ? image.height : image.width, sideways ? image.width : image.height);
  const g = canvas.getContext("2d");
  g.translate(canvas.width / 2, canvas.height / 2);
  g.rotate((degrees * Math.PI) / 180);
  g.drawImage(image, -image.width / 2, -image.height / 2);
  return new Uint8Array(
    format === "png" ? await canvas.encode("png") : format === "jpeg" ? await canvas.encode("jpeg", 90) : await canvas.encode("webp", 90),
  );
}

/** A page of text blocks, each drawn at (x, y) line under line: columns, titles, tables as a scan shows them. */
export async function makeLayoutImage(
  blocks: { x: number; y: number; lines: string[] }[],
  options: { width?: number; height?: number; fontSize?: number } = {},
): Promise<Uint8Array> {
  const fontSize = options.fontSize ?? 26;
  const canvas = createCanvas(options.width ?? 1400, options.height ?? 1000);
  const g = canvas.getContext("2d");
  g.fillStyle = "white";
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = "black";
  g.font = `${fontSize}px DejaVu Sans, Liberation Sans, sans-serif`;
  for (const block of blocks) block.lines.forEach((line, i) => g.fillText(line, block.x, block.y + i * fontSize * 1.5));
  return new Uint8Array(await canvas.encode("png"));
}

/** A PDF whose pages are pictures of text only (no text layer), as a scanner makes them: lines, or a PNG. */
export async function makeScannedPdf(pages: (string[] | Uint8Array)[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const lines of pages) {
    const png = lines instanceof Uint8Array ? lines : await makeTextImage(lines, { width: 1275, fontSize: 30 });
    const image = await doc.embedPng(png);
    const page = doc.addPage([612, 792]);
    const height = (image.height / image.width) * 612;
    page.drawImage(image, { x: 0, y: 792 - height, width: 612, height });
  }
  return doc.save();
}

interface ZipPart {
  name: string;
  data?: Uint8Array;
  /** Write these compressed bytes and declare this size instead of compressing `data`. */
  raw?: { compressed: Uint8Array; size: number; crc: number };
  encrypted?: boolean;
}

/** A ZIP archive written by hand, so tests can make ones no library would: bombs, encrypted parts. */
export function makeZip(parts: ZipPart[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const compressed = part.raw?.compressed ?? deflateRawSync(part.data ?? new Uint8Array());
    const size = part.raw?.size ?? part.data?.byteLength ?? 0;
    const crc = part.raw?.crc ?? crc32(part.data ?? new Uint8Array());
    const flags = part.encrypted ? 1 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.byteLength, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.byteLength, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(compressed));
    centrals.push(central, name);
    offset += 30 + name.length + compressed.byteLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const WORD_CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;

/** A "DOCX" whose parts inflate to 400 MB of zeros from a few hundred KB: a zip bomb. */
export function makeZipBomb(): Uint8Array {
  const megabyte = new Uint8Array(1024 * 1024);
  const raw = { compressed: deflateRawSync(megabyte, { level: 9 }), size: megabyte.byteLength, crc: crc32(megabyte) };
  const parts: ZipPart[] = [{ name: "[Content_Types].xml", data: new TextEncoder().encode(WORD_CONTENT_TYPES) }];
  for (let i = 0; i < 400; i++) parts.push({ name: `word/media/zeros${i}.bin`, raw });
  return makeZip(parts);
}

/** A "DOCX" whose one part says it is 100 bytes but inflates to a megabyte (sizes that lie). */
export function makeLyingZip(): Uint8Array {
  const megabyte = new Uint8Array(1024 * 1024);
  return makeZip([
    { name: "[Content_Types].xml", data: new TextEncoder().encode(WORD_CONTENT_TYPES) },
    { name: "word/document.xml", raw: { compressed: deflateRawSync(megabyte), size: 100, crc: 0 } },
  ]);
}

/** A "DOCX" whose parts are encrypted with a ZIP password. */
export function makePasswordZip(): Uint8Array {
  return makeZip([
    { name: "[Content_Types].xml", data: new TextEncoder().encode(WORD_CONTENT_TYPES) },
    { name: "word/document.xml", data: new TextEncoder().encode("<w:document/>"), encrypted: true },
  ]);
}

/**
 * A compound file (CFB) holding these streams, written by SheetJS's CFB writer: Office 2007+
 * saved with a password is one holding "EncryptionInfo" and "EncryptedPackage".
 */
export function makeCompoundFile(
  streams: Record<string, Uint8Array> = { EncryptionInfo: new Uint8Array(8), EncryptedPackage: new Uint8Array(8) },
): Uint8Array {
  const container = XLSX.CFB.utils.cfb_new();
  for (const [name, content] of Object.entries(streams)) XLSX.CFB.utils.cfb_add(container, `/${name}`, Buffer.from(content));
  return new Uint8Array(XLSX.CFB.write(container, { type: "buffer" }) as Buffer);
}

/** A Word 97–2003 document stream whose FIB says it is encrypted ([MS-DOC] FibBase.fEncrypted) or not. */
export function wordDocumentStream(encrypted: boolean): Uint8Array {
  const fib = Buffer.alloc(4096);
  fib.writeUInt16LE(0xa5ec, 0); // wIdent
  fib.writeUInt16LE(0x00c1, 2); // nFib: Word 97
  fib.writeUInt16LE(encrypted ? 0x0100 : 0, 10);
  return new Uint8Array(fib);
}

/** An Excel 97–2003 workbook stream: BOF, then FilePass when encrypted, then EOF. */
export function workbookStream(encrypted: boolean): Uint8Array {
  const record = (type: number, body: number[]) =>
    Buffer.concat([Buffer.from([type & 0xff, type >> 8, body.length & 0xff, body.length >> 8]), Buffer.from(body)]);
  return new Uint8Array(
    Buffer.concat([
      record(0x0809, [0x00, 0x06, 0x05, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      ...(encrypted ? [record(0x002f, [0x01, 0x00, 0x01, 0x00, 0x01, 0x00])] : []),
      record(0x000a, []),
      Buffer.alloc(4096),
    ]),
  );
}

/** A PNG header claiming 30000 × 30000 pixels (a decompression bomb's calling card). */
export function makeHugePngHeader(): Uint8Array {
  const png = Buffer.alloc(64);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png, 0);
  png.writeUInt32BE(13, 8);
  png.write("IHDR", 12, "ascii");
  png.writeUInt32BE(30000, 16);
  png.writeUInt32BE(30000, 20);
  png.writeUInt8(8, 24);
  png.writeUInt8(2, 25);
  return new Uint8Array(png);
}

/** Words of `expected` found, in order, in `actual` (a longest common subsequence of words), as a share. */
export function wordAccuracy(expected: string, actual: string): number {
  const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const a = words(expected);
  const b = words(actual);
  let prev = new Array<number>(b.length + 1).fill(0);
  for (const word of a) {
    const row = [0];
    for (let j = 1; j <= b.length; j++) row[j] = word === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], row[j - 1]);
    prev = row;
  }
  return a.length ? prev[b.length] / a.length : 1;
}
