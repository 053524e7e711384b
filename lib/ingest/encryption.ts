/**
 * Password protection told from a file's structure, not from a library's error message: a PDF's
 * trailer names an /Encrypt dictionary; an encrypted Office 2007+ file is a compound file (CFB)
 * holding the streams "EncryptionInfo" and "EncryptedPackage" instead of a ZIP package.
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

const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const END_OF_CHAIN = 0xfffffffe;
/** Directory sectors read at most (a sector holds 4 or 32 entries): a loop in a damaged FAT ends. */
const MAX_DIRECTORY_SECTORS = 4096;

/**
 * The names of the entries in a compound file's directory (storages and streams), read through
 * its header and FAT; empty when the bytes are not a readable compound file.
 */
export function cfbEntryNames(data: Uint8Array): string[] {
  if (data.byteLength < 512 || CFB_SIGNATURE.some((byte, i) => data[i] !== byte)) return [];
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const sectorShift = view.getUint16(30, true);
  if (sectorShift !== 9 && sectorShift !== 12) return [];
  const sectorSize = 1 << sectorShift;
  const sectorAt = (sector: number) => (sector + 1) * sectorSize;
  // The FAT's own sectors: the first 109 are listed in the header (enough for a 7 MB file with
  // 512-byte sectors, 448 MB with 4096); a larger file's directory still starts early in its FAT.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) {
    const sector = view.getUint32(76 + 4 * i, true);
    if (sector >= END_OF_CHAIN - 2) break;
    fatSectors.push(sector);
  }
  const next = (sector: number): number => {
    const perSector = sectorSize / 4;
    const fatSector = fatSectors[Math.floor(sector / perSector)];
    const at = fatSector === undefined ? -1 : sectorAt(fatSector) + 4 * (sector % perSector);
    return at < 0 || at + 4 > data.byteLength ? END_OF_CHAIN : view.getUint32(at, true);
  };
  const names: string[] = [];
  let sector = view.getUint32(48, true);
  for (let read = 0; sector < END_OF_CHAIN - 2 && read < MAX_DIRECTORY_SECTORS; read++, sector = next(sector)) {
    const start = sectorAt(sector);
    if (start + sectorSize > data.byteLength) break;
    for (let entry = start; entry < start + sectorSize; entry += 128) {
      const type = data[entry + 66];
      const length = view.getUint16(entry + 64, true);
      if (type === 0 || length < 2 || length > 64) continue;
      names.push(Buffer.from(data.buffer, data.byteOffset + entry, length - 2).toString("utf16le"));
    }
  }
  return names;
}

/** Office 2007+ saved with a password: a compound file holding its encryption info and the encrypted package. */
export function isEncryptedOffice(data: Uint8Array): boolean {
  const names = new Set(cfbEntryNames(data));
  return names.has("EncryptionInfo") && names.has("EncryptedPackage");
}
