import { createHash } from "node:crypto";
import {
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFString,
  StandardFonts,
  beginText,
  endText,
  moveText,
  setFontAndSize,
  showText,
} from "pdf-lib";

/** A PDF with one page per entry; each string is drawn as its own line (top to bottom). */
export async function makePdf(pages: string[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 16, size: 11, font }));
  }
  return doc.save();
}

/**
 * A PDF whose text is set in a CJK font that is not embedded, as Japanese office software writes
 * them: the font is only named (KozMinPr6N), with Adobe-Japan1 glyphs and the predefined CMap
 * UniJIS-UTF16-H, so a reader needs that CMap's data to get the characters back. With
 * `glyphIds`, the font maps raw glyph ids through Identity-H to no known collection: no reader
 * can get characters from it.
 */
export async function makeCjkPdf(pages: string[], options: { glyphIds?: boolean } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const ctx = doc.context;
  const name = options.glyphIds ? "MysteryGothic" : "KozMinPr6N-Regular";
  const descriptor = ctx.register(
    ctx.obj({
      Type: "FontDescriptor",
      FontName: name,
      Flags: 4,
      FontBBox: [-437, -340, 1147, 1317],
      ItalicAngle: 0,
      Ascent: 1317,
      Descent: -349,
      CapHeight: 742,
      StemV: 80,
    }),
  );
  const ordering = options.glyphIds ? "Identity" : "Japan1";
  const cidFont = ctx.register(
    ctx.obj({
      Type: "Font",
      Subtype: "CIDFontType0",
      BaseFont: name,
      CIDSystemInfo: { Registry: PDFString.of("Adobe"), Ordering: PDFString.of(ordering), Supplement: 6 },
      FontDescriptor: descriptor,
      DW: 1000,
    }),
  );
  const font = ctx.register(
    ctx.obj({
      Type: "Font",
      Subtype: "Type0",
      BaseFont: name,
      Encoding: options.glyphIds ? "Identity-H" : "UniJIS-UTF16-H",
      DescendantFonts: [cidFont],
    }),
  );
  for (const text of pages) {
    const page = doc.addPage([595, 842]);
    page.node.setFontDictionary(PDFName.of("F1"), font);
    // UTF-16BE code units are the codes UniJIS-UTF16-H maps; with Identity-H they are glyph ids.
    const hex = Buffer.from(text, "utf16le").swap16().toString("hex");
    page.pushOperators(beginText(), setFontAndSize("F1", 18), moveText(50, 780), showText(PDFHexString.of(hex)), endText());
  }
  return doc.save();
}

/** Wrap prose into lines of at most `width` characters, like a PDF page layout does. */
export function wrap(text: string, width = 90): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/*
 * pdf-lib cannot encrypt, so this writes a one-page PDF by hand and encrypts it with the PDF
 * Standard security handler, revision 2 (40-bit RC4; PDF 1.7 spec §7.6.3, algorithms 1-4).
 * With a user password, pdf.js cannot open it without one; with an empty user password (owner
 * password only, i.e. "restrictions"), pdf.js opens and decrypts it, which proves the encryption
 * below is real rather than a malformed file.
 */
const PASSWORD_PAD = Buffer.from("28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a", "hex");
const PERMISSIONS = -4; // all permissions

export function makeEncryptedPdf(options: { text: string; userPassword: string; ownerPassword: string }): Uint8Array {
  const fileId = createHash("md5").update(options.text).digest();
  const ownerEntry = computeOwnerEntry(options.ownerPassword || options.userPassword, options.userPassword);
  const fileKey = computeFileKey(options.userPassword, ownerEntry, fileId);
  const userEntry = rc4(fileKey, PASSWORD_PAD);

  const contentObject = 5;
  const content = Buffer.from(`BT /F1 18 Tf 72 700 Td (${options.text}) Tj ET`, "latin1");
  const encryptedContent = rc4(objectKey(fileKey, contentObject), content);

  const objects: Buffer[] = [
    Buffer.from("<< /Type /Catalog /Pages 2 0 R >>"),
    Buffer.from("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
    Buffer.from("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>"),
    Buffer.from("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"),
    Buffer.concat([Buffer.from(`<< /Length ${encryptedContent.length} >>\nstream\n`), encryptedContent, Buffer.from("\nendstream")]),
    Buffer.from(`<< /Filter /Standard /V 1 /R 2 /O <${ownerEntry.toString("hex")}> /U <${userEntry.toString("hex")}> /P ${PERMISSIONS} >>`),
  ];
  return writePdf(objects, `/Root 1 0 R /Encrypt 6 0 R /ID [<${fileId.toString("hex")}> <${fileId.toString("hex")}>]`);
}

/** Serialise numbered objects (1..n) with a correct cross-reference table. */
function writePdf(objects: Buffer[], trailerEntries: string): Uint8Array {
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let offset = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from("\nendobj\n")]);
    parts.push(part);
    offset += part.length;
  });
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f \n" + offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join(""),
  ].join("\n");
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} ${trailerEntries} >>\nstartxref\n${offset}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(parts));
}

function padPassword(password: string): Buffer {
  return Buffer.concat([Buffer.from(password, "latin1"), PASSWORD_PAD]).subarray(0, 32);
}

/** Algorithm 3 (R2): RC4 of the padded user password under a key from the owner password. */
function computeOwnerEntry(ownerPassword: string, userPassword: string): Buffer {
  const key = createHash("md5").update(padPassword(ownerPassword)).digest().subarray(0, 5);
  return rc4(key, padPassword(userPassword));
}

/** Algorithm 2 (R2): 5-byte file key from the user password, /O, /P and the first /ID. */
function computeFileKey(userPassword: string, ownerEntry: Buffer, fileId: Buffer): Buffer {
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(PERMISSIONS);
  return createHash("md5")
    .update(Buffer.concat([padPassword(userPassword), ownerEntry, permissions, fileId]))
    .digest()
    .subarray(0, 5);
}

/** Algorithm 1: per-object key = MD5(file key, object number, generation), 10 bytes for R2. */
function objectKey(fileKey: Buffer, objectNumber: number): Buffer {
  const suffix = Buffer.from([objectNumber & 0xff, (objectNumber >> 8) & 0xff, (objectNumber >> 16) & 0xff, 0, 0]);
  return createHash("md5")
    .update(Buffer.concat([fileKey, suffix]))
    .digest()
    .subarray(0, fileKey.length + 5);
}

function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) & 0xff;
    [s[i], s[j]] = [s[j], s[i]];
  }
  const out = Buffer.alloc(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]) & 0xff;
    [s[i], s[j]] = [s[j], s[i]];
    out[k] = data[k] ^ s[(s[i] + s[j]) & 0xff];
  }
  return out;
}
