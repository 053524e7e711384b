import { config } from "@/lib/config";
import { samplePdf } from "../sample-pdf";
import { pdfWorkerPool } from "./pdf-pool";

/**
 * Every PDF worker thread started and reading a generated document: PDFium compiled and its hot
 * code optimised (the compiled WebAssembly is shared by the threads), the page text work and the
 * chunker run on each thread. Begun with the server (lib/bootstrap.ts), so the threads read
 * while Next.js loads its routes on the main thread, before the first upload can come. Once per
 * process; resolves to the number of threads, or null without worker threads (or on failure).
 */
export function warmUpPdfWorkers(): Promise<number | null> {
  state.__docchatPdfWarmUp ??= readSamples().catch(() => null);
  return state.__docchatPdfWarmUp;
}

const state = globalThis as unknown as { __docchatPdfWarmUp?: Promise<number | null> };

/**
 * Pages of the generated document. The more text, the more of PDFium is optimised before a real
 * document needs it, with diminishing returns past this (docs/performance.md).
 */
export const SAMPLE_PAGES = 24;

async function readSamples(): Promise<number | null> {
  const pool = pdfWorkerPool();
  if (!pool) return null;
  const { chunkTokens, chunkOverlap } = config();
  const chunk = { chunkTokens, overlapTokens: chunkOverlap };
  // One document per thread, sent at once: the pool starts every thread.
  await Promise.all(Array.from({ length: pool.size }, () => pool.extract(samplePdf(SAMPLE_PAGES).buffer as ArrayBuffer, undefined, chunk)));
  return pool.size;
}
