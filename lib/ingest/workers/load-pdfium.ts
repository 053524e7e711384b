import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RenderOptions, ScannedPage } from "./pdf-extraction";

export interface Pdfium {
  loadPdfium(): Promise<unknown>;
  extractPages(data: Uint8Array, render: RenderOptions | undefined): Promise<{ pages: string[]; scans: ScannedPage[] }>;
}

/**
 * ./pdfium.mjs, loaded by path at run time, never bundled: a bundler would turn the WebAssembly
 * it reads from @hyzyla/pdfium into a module of its own (next.config.js ships the file). Loaded
 * on first use, so with worker threads the main thread never compiles PDFium.
 */
export function loadPdfiumModule(): Promise<Pdfium> {
  const file = path.join(/*turbopackIgnore: true*/ process.cwd(), "lib/ingest/workers/pdfium.mjs");
  return import(/* webpackIgnore: true */ /* turbopackIgnore: true */ pathToFileURL(file).href) as Promise<Pdfium>;
}
