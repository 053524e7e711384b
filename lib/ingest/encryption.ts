import * as XLSX from "@e965/xlsx";

/**
 * Password protection told from a file's structure, not from a library's error message: a PDF's
 * trailer names an /Encrypt dictionary; an encrypted Office file is a compound file (CFB) holding
 * "EncryptionInfo" and "EncryptedPackage" (2007+), or a Word or Excel 97–2003 stream marked
 * encrypted.
 */

const latin1 = new TextDecoder("latin1");

/** Bytes at the end of a PDF searched for its last `startxref` (the spec puts it in the last 1024). */
const PDF_TAIL = 2048;

/**
 * Whether the PDF's trailer (the newest one: an incremental update repeats /Encrypt) names an
 * encryption dictionary. The trailer is found through `startxref`: a classic `trailer` dictionary
 * after an xref table, or the dictionary of an xref stream. Text that merely contains "/Encrypt"
 * (in a page's content) does not count.
 */
export function pdfTrailerEncrypted(data: Uint8Array): boolean {
  const tail = latin1.decode(data.subarray(Math.max(0, data.byteLength - PDF_TAIL)));
  const at = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail) ?? [...tail.matchAll(/startxref\s+(\d+)/g)].at(-1);
  const offset = at ? Number(at[1]) : NaN;
  if (!Number.isInteger(offset) || offset >= data.byteLength) return false;
  const from = latin1.decode(data.subarray(offset, Math.min(data.byteLength, offset + 64 * 1024)));
  let dict: string | null = null;
  if (from.startsWith("xref")) {
    const trailer = from.indexOf("trailer");
    dict = trailer < 0 ? null : dictionaryAt(from, from.indexOf("<<", trailer));
  } else if (/^\d+\s+\d+\s+obj\s*<</.test(from)) {
    dict = dictionaryAt(from, from.indexOf("<<"));
  }
  return dict !== null && /\/Encrypt[\s/<[\d]/.test(topLevel(dict));
}

/** The dictionary `<< … >>` starting at `start`, nested dictionaries included; null when unterminated. */
function dictionaryAt(text: string, start: number): string | null {
  if (start < 0) return null;
  let depth = 0;
  for (let i = start; i < text.length - 1; i++) {
    if (text[i] === "<" && text[i + 1] === "<") {
      depth++;
      i++;
    } else if (text[i] === ">" && text[i + 1] === ">") {
      depth--;
      i++;
      if (depth === 0) return text.slice(start, i + 1);
    } else if (text[i] === "(") i = skipString(text, i);
  }
  return null;
}

/** The index of the `)` closing the literal string opened at `open` (escapes and nesting kept). */
function skipString(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return i;
  }
  return text.length;
}

/** The dictionary's own keys and values with nested dictionaries and strings left out. */
function topLevel(dict: string): string {
  let out = "";
  let depth = 0;
  for (let i = 0; i < dict.length; i++) {
    if (dict[i] === "(") {
      i = skipString(dict, i);
      continue;
    }
    if (dict[i] === "<" && dict[i + 1] === "<") depth++;
    if (depth === 1) out += dict[i];
    if (dict[i] === ">" && dict[i + 1] === ">") depth--;
  }
  return out;
}

/** Entries of a compound file (CFB) by name, read by SheetJS's CFB reader; null when the bytes are not one. */
function compoundFile(data: Uint8Array): Map<string, Uint8Array> | null {
  try {
    const container = XLSX.CFB.read(data, { type: "array" });
    const entries: { name: string; content?: ArrayLike<number> }[] = container.FileIndex;
    return new Map(entries.map((entry) => [entry.name, Uint8Array.from(entry.content ?? [])]));
  } catch {
    return null;
  }
}

/** FibBase.fEncrypted: the document stream of an encrypted Word 97–2003 file ([MS-DOC] 2.5.2). */
const FIB_FLAGS_OFFSET = 10;
const FIB_ENCRYPTED = 0x0100;
/** BIFF records ([MS-XLS] 2.3): FilePass follows the workbook's BOF when it is encrypted. */
const BIFF_FILEPASS = 0x002f;
const BIFF_EOF = 0x000a;
/** Records read at most before the workbook globals' EOF: FilePass comes right after the BOF. */
const MAX_BIFF_RECORDS = 64;

function wordEncrypted(stream: Uint8Array | undefined): boolean {
  if (!stream || stream.byteLength < FIB_FLAGS_OFFSET + 2) return false;
  return (new DataView(stream.buffer, stream.byteOffset).getUint16(FIB_FLAGS_OFFSET, true) & FIB_ENCRYPTED) !== 0;
}

function workbookEncrypted(stream: Uint8Array | undefined): boolean {
  if (!stream) return false;
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  for (let at = 0, read = 0; at + 4 <= stream.byteLength && read < MAX_BIFF_RECORDS; read++) {
    const type = view.getUint16(at, true);
    if (type === BIFF_FILEPASS) return true;
    if (type === BIFF_EOF) return false;
    at += 4 + view.getUint16(at + 2, true);
  }
  return false;
}

/**
 * An Office file saved with a password: Office 2007+ holds its encryption info and the encrypted
 * package in a compound file; a Word 97–2003 file sets its FIB's encrypted flag; an Excel 97–2003
 * workbook starts with a FilePass record.
 */
export function isEncryptedOffice(data: Uint8Array): boolean {
  const entries = compoundFile(data);
  if (!entries) return false;
  if (entries.has("EncryptionInfo") && entries.has("EncryptedPackage")) return true;
  return wordEncrypted(entries.get("WordDocument")) || workbookEncrypted(entries.get("Workbook") ?? entries.get("Book"));
}
