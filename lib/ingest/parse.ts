import { IngestError } from "@/lib/errors";
import type { ParsedDocument } from "./types";
import { PDF_MIME_TYPE, parsePdf } from "./parsers/pdf";
import { MARKDOWN_MIME_TYPE, TEXT_MIME_TYPE, parseText } from "./parsers/text";

/** One entry per format; adding DOCX/HTML/CSV means adding a parser module and a row here. */
interface FileFormat {
  /** Shown to users in "Supported: ..." messages. */
  label: string;
  extensions: readonly string[];
  mimeType: string;
  parse(data: Uint8Array): Promise<ParsedDocument>;
}

const FORMATS: readonly FileFormat[] = [
  { label: "PDF", extensions: [".pdf"], mimeType: PDF_MIME_TYPE, parse: parsePdf },
  { label: "TXT", extensions: [".txt"], mimeType: TEXT_MIME_TYPE, parse: async (d) => parseText(d, TEXT_MIME_TYPE) },
  {
    label: "Markdown",
    extensions: [".md", ".markdown"],
    mimeType: MARKDOWN_MIME_TYPE,
    parse: async (d) => parseText(d, MARKDOWN_MIME_TYPE),
  },
  {
    // Polymath library files: the ingestion pipeline imports their bits as they are
    // (lib/polymath/import.ts); they are never parsed as a document.
    label: "Polymath library (.json)",
    extensions: [".json"],
    mimeType: "application/json",
    parse: async () => {
      throw new IngestError("A .json file is imported as a Polymath library, not parsed as a document");
    },
  },
];

/** Lower-case extensions with the dot, e.g. for an <input accept=...> list. */
export const SUPPORTED_EXTENSIONS: readonly string[] = FORMATS.flatMap((f) => f.extensions);

const SUPPORTED_LABELS = FORMATS.map((f) => f.label).join(", ");

/** ".pdf" for "Report.Final.PDF"; "" when the name has no extension. */
export function fileExtension(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot).toLowerCase() : "";
}

function formatFor(fileName: string): FileFormat | undefined {
  const ext = fileExtension(fileName);
  return FORMATS.find((f) => f.extensions.includes(ext));
}

export function isSupportedFile(fileName: string): boolean {
  return formatFor(fileName) !== undefined;
}

/** MIME type by extension; "application/octet-stream" for unsupported files. */
export function mimeTypeFor(fileName: string): string {
  return formatFor(fileName)?.mimeType ?? "application/octet-stream";
}

/** Parse an uploaded file. Every failure a user can fix is an IngestError with a readable message. */
export async function parseFile(data: Uint8Array, fileName: string): Promise<ParsedDocument> {
  const format = formatFor(fileName);
  if (!format) {
    const ext = fileExtension(fileName);
    const what = ext ? `Unsupported file type ${ext}` : "Unsupported file type (the file name has no extension)";
    throw new IngestError(`${what}. Supported: ${SUPPORTED_LABELS}`);
  }
  if (data.byteLength === 0) throw new IngestError("The file is empty");
  return format.parse(data);
}
