import { inflateRawSync } from "node:zlib";
import { IngestError } from "@/lib/errors";

/**
 * Office files (DOCX, PPTX, XLSX) are ZIP archives; a crafted one can inflate to gigabytes
 * (a zip bomb) or hide its parts behind a password. This reads the archive's central directory
 * and inflates every part with a hard output cap before any Office parser sees the file, so
 * such a file fails alone, with a message, instead of exhausting the server's memory.
 */

/** Most bytes an Office file's parts may inflate to in total. */
export const MAX_UNZIPPED_BYTES = 300 * 1024 * 1024;
/** Most parts an Office file may have (a real deck or workbook has a few hundred). */
const MAX_ENTRIES = 10_000;
/** Deflate tops out near 1032:1; a part above this ratio (and 1 MB) is crafted. */
const MAX_RATIO = 1000;
const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  encrypted: boolean;
}

/** The central directory's entries; an IngestError when the archive is damaged. */
export function zipEntries(data: Uint8Array, label: string): ZipEntry[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  // The end record sits in the last 22 bytes plus a comment of up to 64 KiB.
  let eocd = -1;
  for (let i = data.byteLength - 22; i >= Math.max(0, data.byteLength - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new IngestError(`This ${label} file is damaged (its ZIP directory is missing)`);
  const count = view.getUint16(eocd + 10, true);
  const dirOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || dirOffset === 0xffffffff) throw tooLarge(label);
  if (count > MAX_ENTRIES)
    throw new IngestError(`This ${label} file holds ${count} parts, more than the ${MAX_ENTRIES} allowed; it is not a normal document`);
  const entries: ZipEntry[] = [];
  let at = dirOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.byteLength || view.getUint32(at, true) !== CENTRAL_SIGNATURE) {
      throw new IngestError(`This ${label} file is damaged (its ZIP directory is unreadable)`);
    }
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    entries.push({
      name: new TextDecoder().decode(data.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
      encrypted: (flags & 1) === 1,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Throws an IngestError for an encrypted, oversized or bomb-like archive. Every deflated part
 * is inflated with its declared size as the cap, so a part that lies about its size fails too.
 */
export function assertSafeZip(data: Uint8Array, label: string, maxBytes = MAX_UNZIPPED_BYTES): ZipEntry[] {
  const entries = zipEntries(data, label);
  if (entries.some((e) => e.encrypted))
    throw new IngestError(`This ${label} file is password-protected; remove the password and upload it again`);
  let total = 0;
  for (const entry of entries) {
    if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) throw tooLarge(label);
    total += entry.size;
    if (total > maxBytes) throw bomb(label, maxBytes);
    if (entry.size > 1024 * 1024 && entry.size / Math.max(1, entry.compressedSize) > MAX_RATIO) throw bomb(label, maxBytes);
  }
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (const entry of entries) {
    if (entry.method === 0 || entry.size === 0) continue;
    if (entry.method !== 8) throw new IngestError(`This ${label} file uses an unsupported ZIP compression (method ${entry.method})`);
    const local = entry.localOffset;
    if (local + 30 > data.byteLength || view.getUint32(local, true) !== LOCAL_SIGNATURE) {
      throw new IngestError(`This ${label} file is damaged (a part is missing)`);
    }
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    try {
      // One byte over the declared size is enough to prove the declaration false.
      inflateRawSync(data.subarray(start, start + entry.compressedSize), { maxOutputLength: entry.size + 1 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") {
        throw new IngestError(`This ${label} file unpacks to more than it declares (a zip bomb?); it was not read`);
      }
      throw Object.assign(new IngestError(`This ${label} file is damaged (a part cannot be decompressed)`), { cause: error });
    }
  }
  return entries;
}

function bomb(label: string, maxBytes: number): IngestError {
  return new IngestError(
    `This ${label} file expands to more than ${Math.round(maxBytes / 1024 / 1024)} MB when unpacked (a zip bomb?); it was not read`,
  );
}

function tooLarge(label: string): IngestError {
  return new IngestError(`This ${label} file is too large to read (over 4 GB unpacked)`);
}
