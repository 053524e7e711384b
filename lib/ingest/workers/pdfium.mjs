/**
 * PDF text extraction and page rendering with PDFium (Chrome's PDF engine, compiled to
 * WebAssembly: the npm package @hyzyla/pdfium), used by the PDF worker (./pdf-worker.ts) and,
 * where worker threads cannot run, on the calling thread (lib/ingest/parsers/pdf.ts).
 *
 * PDFium reads the same text as pdf.js (the Northwind PDFs: every line but three equal) in a
 * third of the time, and in a fifth on a fresh thread: pdf.js spent most of a cold parse being
 * optimised by V8. It carries its own CMaps (CJK text in fonts not embedded) and standard fonts,
 * and renders scanned pages for OCR without a canvas library.
 *
 * Plain ESM JavaScript: it is loaded by path at run time, never bundled (./load-pdfium.ts).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { PDFiumLibrary } from "@hyzyla/pdfium";
import { PNG } from "pngjs";

/** FPDF_GetLastError codes (fpdfview.h). */
const FPDF_ERR_PASSWORD = 4;
const FPDF_ERR_SECURITY = 5;
/** FPDFBitmap_Gray: one byte per pixel; render flags FPDF_ANNOT | FPDF_GRAYSCALE. */
const BITMAP_GRAY = 1;
const RENDER_FLAGS = 0x01 | 0x08;
/** PDFium's mark for a hyphen that ended a line (the line break is left out after it). */
const LINE_END_HYPHEN = /\uFFFE/g;
/** Rendering scanned pages stops (the text read so far is kept) after this long. */
const RENDER_BUDGET_MS = 60_000;

const utf16 = new TextDecoder("utf-16le");

/** @type {Promise<any> | undefined} */
let library;

/** The PDFium module of this thread, compiled once (about 40 ms): the wasm is read from disk, never fetched. */
export function loadPdfium() {
  library ??= PDFiumLibrary.init({
    wasmBinary: readFileSync(createRequire(import.meta.url).resolve("@hyzyla/pdfium/pdfium.wasm")),
  }).then((lib) => lib.module);
  return library;
}

/** A PDFium error with pdf.js's names, so callers tell a password from damage the same way. */
function openError(code) {
  if (code === FPDF_ERR_PASSWORD) return Object.assign(new Error("No password given"), { name: "PasswordException" });
  if (code === FPDF_ERR_SECURITY) return Object.assign(new Error("Unsupported security handler"), { name: "UnknownErrorException" });
  return Object.assign(new Error(`Invalid PDF structure (PDFium error ${code})`), { name: "InvalidPDFException" });
}

/**
 * Raw text per page (lines ended by "\n", a hyphen that ended a line kept with its line break,
 * as pdf.js gives it) and, with `render` ({ minChars, width, maxPages }), the pages with less
 * text than minChars (scanned pages) rendered to grayscale PNG, `width` pixels wide, for OCR.
 * @param {Uint8Array} data
 * @param {{ minChars: number, width: number, maxPages: number } | undefined} render
 * @returns {Promise<{ pages: string[], scans: { pageNumber: number, png: ArrayBuffer }[] }>}
 */
export async function extractPages(data, render) {
  const m = await loadPdfium();
  const bytes = m.wasmExports.malloc(Math.max(1, data.byteLength));
  if (!bytes) throw new Error("Out of memory reading the PDF");
  try {
    m.HEAPU8.set(data, bytes);
    const doc = m._FPDF_LoadMemDocument(bytes, data.byteLength, 0);
    if (!doc) throw openError(m._FPDF_GetLastError());
    try {
      const count = m._FPDF_GetPageCount(doc);
      const pages = [];
      for (let i = 0; i < count; i++) pages.push(withPage(m, doc, i, (page) => pageText(m, page), ""));
      const scans = [];
      const started = performance.now();
      for (let i = 0; render && i < count && scans.length < render.maxPages; i++) {
        if (pages[i].trim().length >= render.minChars) continue;
        if (performance.now() - started > RENDER_BUDGET_MS) break;
        const png = withPage(m, doc, i, (page) => renderPng(m, page, render.width), null);
        if (png) scans.push({ pageNumber: i + 1, png });
      }
      return { pages, scans };
    } finally {
      m._FPDF_CloseDocument(doc);
    }
  } finally {
    m.wasmExports.free(bytes);
  }
}

/** `read` on page `index`; a page PDFium cannot load gives `missing` (an empty page: numbering holds). */
function withPage(m, doc, index, read, missing) {
  const page = m._FPDF_LoadPage(doc, index);
  if (!page) return missing;
  try {
    return read(page);
  } finally {
    m._FPDF_ClosePage(page);
  }
}

function pageText(m, page) {
  const textPage = m._FPDFText_LoadPage(page);
  if (!textPage) return "";
  try {
    const chars = m._FPDFText_CountChars(textPage);
    if (chars <= 0) return "";
    const buffer = m.wasmExports.malloc((chars + 1) * 2);
    try {
      const written = m._FPDFText_GetText(textPage, 0, chars, buffer); // UTF-16LE, with its terminator
      if (written <= 1) return "";
      const text = utf16.decode(m.HEAPU8.subarray(buffer, buffer + (written - 1) * 2));
      return text.replace(LINE_END_HYPHEN, "-\n").replace(/[ \t]*\r?\n/g, "\n");
    } finally {
      m.wasmExports.free(buffer);
    }
  } finally {
    m._FPDFText_ClosePage(textPage);
  }
}

function renderPng(m, page, width) {
  const height = Math.max(1, Math.round((width * m._FPDF_GetPageHeightF(page)) / m._FPDF_GetPageWidthF(page)));
  const size = width * height;
  const pixels = m.wasmExports.malloc(size);
  if (!pixels) throw new Error("Out of memory rendering a scanned page");
  const bitmap = m._FPDFBitmap_CreateEx(width, height, BITMAP_GRAY, pixels, width);
  try {
    m._FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
    m._FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, RENDER_FLAGS);
    const png = new PNG({ width, height, colorType: 0, inputColorType: 0, inputHasAlpha: false });
    png.data = Buffer.from(m.HEAPU8.slice(pixels, pixels + size).buffer);
    const file = PNG.sync.write(png, { colorType: 0, inputColorType: 0, inputHasAlpha: false });
    return file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
  } finally {
    m._FPDFBitmap_Destroy(bitmap);
    m.wasmExports.free(pixels);
  }
}
