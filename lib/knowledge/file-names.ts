/** File names as the app stores and shows them. */

/**
 * C0/C1 controls and the invisible bidi marks and overrides (with U+202E, "report\u202Efdp.exe"
 * displays as "reportexe.pdf"): never part of a stored name.
 */
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** The per-name limit of common file systems (ext4, btrfs, APFS), in UTF-8 bytes. */
export const MAX_NAME_BYTES = 255;
/** Longest suffix still treated as an extension worth keeping when a name is shortened. */
const MAX_EXTENSION_BYTES = 16;

/**
 * A file name safe to use on disk, in headers and as the displayed name: no directories, no
 * control or bidi characters, at most MAX_NAME_BYTES of UTF-8 (shortened at a character
 * boundary, keeping the extension).
 */
export function safeFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "").normalize("NFC").replace(UNSAFE_CHARS, "").trim();
  const cleaned = truncateName(base, MAX_NAME_BYTES);
  return cleaned && cleaned !== "." && cleaned !== ".." ? cleaned : "file";
}

const utf8Bytes = (text: string) => Buffer.byteLength(text, "utf8");

/** Cuts the stem by whole characters (grapheme clusters: no half emoji, no orphaned accent). */
function truncateName(name: string, maxBytes: number): string {
  if (utf8Bytes(name) <= maxBytes) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 && utf8Bytes(name.slice(dot)) <= MAX_EXTENSION_BYTES ? name.slice(dot) : "";
  const budget = maxBytes - utf8Bytes(extension);
  let stem = "";
  let used = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(
    name.slice(0, name.length - extension.length),
  )) {
    used += utf8Bytes(segment);
    if (used > budget) break;
    stem += segment;
  }
  return `${stem.trimEnd() || "file"}${extension}`;
}
