import { IngestError } from "@/lib/errors";
import type { ChunkOptions, ParsedDocument } from "./types";
import { isEncryptedOffice } from "./encryption";
import { describeType, sniffType } from "./sniff";
import { assertSafeZip } from "./zip-guard";
import { PDF_MIME_TYPE, parsePdf } from "./parsers/pdf";
import { MARKDOWN_MIME_TYPE, TEXT_MIME_TYPE, parseText } from "./parsers/text";
import { DOCM_MIME_TYPE, DOCX_MIME_TYPE, parseDocx } from "./parsers/docx";
import { DOC_MIME_TYPE, parseDoc } from "./parsers/doc";
import { ODP_MIME_TYPE, ODT_MIME_TYPE, parseOdp, parseOdt } from "./parsers/opendocument";
import { RTF_MIME_TYPE, parseRtf } from "./parsers/rtf";
import { EPUB_MIME_TYPE, parseEpub } from "./parsers/epub";
import { EML_MIME_TYPE, MSG_MIME_TYPE, parseEml, parseMsg } from "./parsers/mail";
import { TIFF_MIME_TYPE, parseTiff } from "./parsers/tiff";
import { PPTM_MIME_TYPE, PPTX_MIME_TYPE, parsePptx } from "./parsers/pptx";
import { ODS_MIME_TYPE, XLSM_MIME_TYPE, XLSX_MIME_TYPE, XLS_MIME_TYPE, parseSpreadsheet } from "./parsers/spreadsheet";
import { HTML_MIME_TYPE, parseHtml } from "./parsers/html";
import { JSON_MIME_TYPE, parseJson } from "./parsers/json";
import { CSV_MIME_TYPE, TSV_MIME_TYPE, parseDelimited } from "./parsers/table";
import { IMAGE_MIME_TYPES, parseImage } from "./parsers/image";
import { FILE_FORMATS, SUPPORTED_EXTENSIONS, SUPPORTED_LABELS, fileExtension, unsupportedMessage, type FileFormatId } from "./formats";

/**
 * One entry per format. The extension picks the entry; the content must then agree: binary
 * formats by their magic bytes (`signature`, as file-type names it), text formats by having
 * none (and by decoding as text in their parser). A file whose name and content disagree fails
 * with a message naming both, rather than being parsed as something it is not.
 */
interface FileFormat {
  /** Shown to users in "Supported: ..." messages. */
  label: string;
  extensions: readonly string[];
  mimeType: string;
  /** file-type's name for the content (e.g. "pdf", "docx", "png"); null for text formats. */
  signature: string | null;
  /**
   * The container: a ZIP archive (Office, OpenDocument, EPUB) is checked for zip bombs and
   * encryption before parsing; an OLE compound file (Office 97–2003, Outlook) for encryption.
   */
  container?: "zip" | "cfb";
  /** `chunk`: the caller's chunk options, for a parser that chunks as it reads (PDF). */
  parse(data: Uint8Array, chunk?: ChunkOptions): Promise<ParsedDocument>;
}

/** Each format's content check and parser; its label and extensions come from ./formats. */
const PARSING: { [id in FileFormatId]: Omit<FileFormat, "label" | "extensions"> } = {
  pdf: { mimeType: PDF_MIME_TYPE, signature: "pdf", parse: parsePdf },
  docx: { mimeType: DOCX_MIME_TYPE, signature: "docx", container: "zip", parse: parseDocx },
  docm: { mimeType: DOCM_MIME_TYPE, signature: "docm", container: "zip", parse: parseDocx },
  doc: { mimeType: DOC_MIME_TYPE, signature: "cfb", container: "cfb", parse: parseDoc },
  odt: { mimeType: ODT_MIME_TYPE, signature: "odt", container: "zip", parse: async (d) => parseOdt(d) },
  rtf: { mimeType: RTF_MIME_TYPE, signature: "rtf", parse: async (d) => parseRtf(d) },
  pptx: { mimeType: PPTX_MIME_TYPE, signature: "pptx", container: "zip", parse: parsePptx },
  pptm: { mimeType: PPTM_MIME_TYPE, signature: "pptm", container: "zip", parse: parsePptx },
  odp: { mimeType: ODP_MIME_TYPE, signature: "odp", container: "zip", parse: async (d) => parseOdp(d) },
  xlsx: { mimeType: XLSX_MIME_TYPE, signature: "xlsx", container: "zip", parse: async (d) => parseSpreadsheet(d, XLSX_MIME_TYPE, "Excel") },
  xlsm: { mimeType: XLSM_MIME_TYPE, signature: "xlsm", container: "zip", parse: async (d) => parseSpreadsheet(d, XLSM_MIME_TYPE, "Excel") },
  xls: { mimeType: XLS_MIME_TYPE, signature: "cfb", container: "cfb", parse: async (d) => parseSpreadsheet(d, XLS_MIME_TYPE, "Excel") },
  ods: {
    mimeType: ODS_MIME_TYPE,
    signature: "ods",
    container: "zip",
    parse: async (d) => parseSpreadsheet(d, ODS_MIME_TYPE, "OpenDocument spreadsheet"),
  },
  html: { mimeType: HTML_MIME_TYPE, signature: null, parse: async (d) => parseHtml(d) },
  epub: { mimeType: EPUB_MIME_TYPE, signature: "epub", container: "zip", parse: async (d) => parseEpub(d) },
  // Attachments are parsed as uploads are, by this module's parseFile.
  eml: { mimeType: EML_MIME_TYPE, signature: null, parse: (d) => parseEml(d, parseFile) },
  msg: { mimeType: MSG_MIME_TYPE, signature: "cfb", container: "cfb", parse: (d) => parseMsg(d, parseFile) },
  markdown: { mimeType: MARKDOWN_MIME_TYPE, signature: null, parse: async (d) => parseText(d, MARKDOWN_MIME_TYPE) },
  txt: { mimeType: TEXT_MIME_TYPE, signature: null, parse: async (d) => parseText(d, TEXT_MIME_TYPE) },
  csv: { mimeType: CSV_MIME_TYPE, signature: null, parse: async (d) => parseDelimited(d, "csv") },
  tsv: { mimeType: TSV_MIME_TYPE, signature: null, parse: async (d) => parseDelimited(d, "tsv") },
  // A .json that is a Polymath library is imported by the ingestion pipeline before parsing.
  json: { mimeType: JSON_MIME_TYPE, signature: null, parse: async (d) => parseJson(d) },
  png: { mimeType: IMAGE_MIME_TYPES.png, signature: "png", parse: (d) => parseImage(d, "png") },
  jpg: { mimeType: IMAGE_MIME_TYPES.jpg, signature: "jpg", parse: (d) => parseImage(d, "jpg") },
  webp: { mimeType: IMAGE_MIME_TYPES.webp, signature: "webp", parse: (d) => parseImage(d, "webp") },
  tiff: { mimeType: TIFF_MIME_TYPE, signature: "tif", parse: parseTiff },
};

const FORMATS: readonly FileFormat[] = (Object.keys(FILE_FORMATS) as FileFormatId[]).map((id) => ({ ...FILE_FORMATS[id], ...PARSING[id] }));

export { SUPPORTED_EXTENSIONS, SUPPORTED_LABELS, fileExtension };
export { isSupportedFile } from "./formats";

/**
 * Types whose signature is unmistakable (long magic numbers, or an archive's own structure).
 * Only these prove a name wrong: file-type also guesses from a byte or two (MP1, MPEG), which
 * legacy text can match by chance; such guesses, or none, leave the parser to judge the content.
 */
const CERTAIN_TYPES = new Set([
  "pdf",
  "zip",
  "docx",
  "pptx",
  "xlsx",
  "docm",
  "pptm",
  "xlsm",
  "rtf",
  "odt",
  "ods",
  "odp",
  "epub",
  "cfb",
  "png",
  "jpg",
  "webp",
  "gif",
  "tif",
  "bmp",
  "avif",
  "heic",
  "gz",
  "bz2",
  "7z",
  "rar",
  "xz",
  "zst",
  "tar",
  "exe",
  "elf",
  "mp4",
  "mov",
  "webm",
  "mkv",
  "wasm",
  "sqlite",
  "class",
  "ogg",
  "flac",
  "wav",
]);

/** What file-type calls a ZIP archive, generic or Office. */
const ZIP_TYPES = new Set(["zip", "docx", "pptx", "xlsx", "docm", "pptm", "xlsm", "odt", "ods", "odp", "epub"]);

/** ".pdf" for "Report.Final.PDF"; "" when the name has no extension. */

function formatFor(fileName: string): FileFormat | undefined {
  const ext = fileExtension(fileName);
  return FORMATS.find((f) => f.extensions.includes(ext));
}

/** MIME type by extension; "application/octet-stream" for unsupported files. */
export function mimeTypeFor(fileName: string): string {
  return formatFor(fileName)?.mimeType ?? "application/octet-stream";
}

/**
 * Parse an uploaded file. Every failure a user can fix is an IngestError with a readable message.
 * With `options.chunk`, the document may come chunked already (ParsedDocument.chunks).
 */
export async function parseFile(data: Uint8Array, fileName: string, options: { chunk?: ChunkOptions } = {}): Promise<ParsedDocument> {
  const format = formatFor(fileName);
  if (!format) {
    throw new IngestError(unsupportedMessage(fileName));
  }
  if (data.byteLength === 0) throw new IngestError("The file is empty");
  // A PDF that starts like one is handed to its parser at once (a worker thread picks it up).
  if (format.signature === "pdf" && startsWith(data, "%PDF-")) return format.parse(data, options.chunk);
  await checkContent(data, fileName, format);
  return format.parse(data);
}

function startsWith(data: Uint8Array, magic: string): boolean {
  return data.byteLength >= magic.length && [...magic].every((ch, i) => data[i] === ch.charCodeAt(0));
}

/** The content must be what the extension says (magic bytes), and an Office archive safe to open. */
async function checkContent(data: Uint8Array, fileName: string, format: FileFormat): Promise<void> {
  const sniffed = await sniffType(data);
  const ext = fileExtension(fileName);
  if (format.container && sniffed === "cfb") {
    // Office saves password-protected files as an encrypted package inside an old-style container.
    if (isEncryptedOffice(data))
      throw new IngestError(`This ${format.label} file is password-protected; remove the password and upload it again`);
    if (format.container === "zip")
      throw new IngestError(
        `This file is an old binary Office file, not ${format.label}: save it in the current format (${ext}) and upload it again`,
      );
  }
  // A ZIP-based file (or an unreadable one) is checked before anything else: a zip bomb or a
  // password says so, whatever file-type made of the archive's first part.
  if (format.container === "zip" && (sniffed === null || ZIP_TYPES.has(sniffed))) assertSafeZip(data, format.label);
  const certain = sniffed !== null && CERTAIN_TYPES.has(sniffed) ? sniffed : null;
  // Named as one type, certainly another. (Unknown content is left to the parser, which says "damaged".)
  if (certain !== null && certain !== format.signature) {
    const expected = format.signature === null ? `a ${format.label} file` : describeType(format.signature);
    throw new IngestError(
      `The file is named ${ext} but its content is ${describeType(certain)}, not ${expected}; rename it or upload the right file`,
    );
  }
}
