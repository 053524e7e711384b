/**
 * The accepted file formats by name and extension, and nothing else: pages import this (the
 * upload drop zone's list) without the parsers, pdf.js, OCR or native modules that
 * ./parse.ts brings. parse.ts gives each format its MIME type, signature and parser, keyed
 * the same way (its type requires every key here).
 */
export const FILE_FORMATS = {
  pdf: { label: "PDF", extensions: [".pdf"] },
  docx: { label: "Word (DOCX)", extensions: [".docx"] },
  pptx: { label: "PowerPoint (PPTX)", extensions: [".pptx"] },
  xlsx: { label: "Excel (XLSX)", extensions: [".xlsx"] },
  html: { label: "HTML", extensions: [".html", ".htm"] },
  markdown: { label: "Markdown", extensions: [".md", ".markdown"] },
  txt: { label: "TXT", extensions: [".txt"] },
  csv: { label: "CSV", extensions: [".csv"] },
  tsv: { label: "TSV", extensions: [".tsv", ".tab"] },
  json: { label: "JSON", extensions: [".json"] },
  png: { label: "PNG", extensions: [".png"] },
  jpg: { label: "JPEG", extensions: [".jpg", ".jpeg"] },
  webp: { label: "WebP", extensions: [".webp"] },
  doc: { label: "Word 97–2003 (DOC)", extensions: [".doc"] },
  docm: { label: "Word with macros (DOCM)", extensions: [".docm"] },
  odt: { label: "OpenDocument text (ODT)", extensions: [".odt"] },
  rtf: { label: "Rich Text (RTF)", extensions: [".rtf"] },
  pptm: { label: "PowerPoint with macros (PPTM)", extensions: [".pptm"] },
  odp: { label: "OpenDocument presentation (ODP)", extensions: [".odp"] },
  xlsm: { label: "Excel with macros (XLSM)", extensions: [".xlsm"] },
  xls: { label: "Excel 97–2003 (XLS)", extensions: [".xls"] },
  ods: { label: "OpenDocument spreadsheet (ODS)", extensions: [".ods"] },
  epub: { label: "EPUB", extensions: [".epub"] },
  eml: { label: "E-mail (EML)", extensions: [".eml"] },
  msg: { label: "Outlook message (MSG)", extensions: [".msg"] },
  tiff: { label: "TIFF", extensions: [".tif", ".tiff"] },
} as const satisfies Record<string, { label: string; extensions: readonly string[] }>;

export type FileFormatId = keyof typeof FILE_FORMATS;

/** Lower-case extensions with the dot, e.g. for an <input accept=...> list. */
export const SUPPORTED_EXTENSIONS: readonly string[] = Object.values(FILE_FORMATS).flatMap((f) => f.extensions);

/** The accepted formats by name, for people: "PDF, Word (DOCX), ...". */
export const SUPPORTED_LABELS = Object.values(FILE_FORMATS)
  .map((f) => f.label)
  .join(", ");

export function fileExtension(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot).toLowerCase() : "";
}

export function isSupportedFile(fileName: string): boolean {
  return SUPPORTED_EXTENSIONS.includes(fileExtension(fileName));
}

/** Formats that are not read, and the supported one to save them as (the nearest in kind). */
const SAVE_AS: Record<string, string> = {
  ".ppt": ".pptx",
  ".pps": ".pptx",
  ".ppsx": ".pptx",
  ".key": ".pptx",
  ".dot": ".docx",
  ".dotx": ".docx",
  ".wpd": ".docx",
  ".pages": ".docx",
  ".wps": ".docx",
  ".xlsb": ".xlsx",
  ".xltx": ".xlsx",
  ".numbers": ".xlsx",
  ".gif": ".png",
  ".bmp": ".png",
  ".svg": ".png",
  ".heic": ".jpg",
  ".heif": ".jpg",
  ".avif": ".png",
  ".xml": ".txt",
  ".log": ".txt",
  ".yaml": ".txt",
  ".yml": ".txt",
  ".ini": ".txt",
  ".xhtml": ".html",
  ".mht": ".html",
  ".mhtml": ".html",
};

/** What a refused file is told: its type, what to save it as where that is clear, and every format read. */
export function unsupportedMessage(fileName: string): string {
  const ext = fileExtension(fileName);
  if (!ext) return `Unsupported file type (the file name has no extension). Supported: ${SUPPORTED_LABELS}`;
  const target = SAVE_AS[ext];
  const label = target && Object.values(FILE_FORMATS).find((f) => (f.extensions as readonly string[]).includes(target))?.label;
  const hint = label ? ` (save it as ${label}, ${target}, and upload it again)` : "";
  return `Unsupported file type ${ext}${hint}. Supported: ${SUPPORTED_LABELS}`;
}
