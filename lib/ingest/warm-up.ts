import { config } from "@/lib/config";
import { getEmbedder } from "@/lib/models/embedder";
import type { Embedder } from "@/lib/models/types";
import { chunkDocument } from "./chunk";
import { parseFile } from "./parse";
import { samplePassages, samplePdf } from "./sample-pdf";
import { SAMPLE_PAGES, warmUpPdfWorkers } from "./workers/pdf-warm-up";

/**
 * What the first upload after a server start would otherwise pay for, done at the start: on
 * this thread the embedder and `alsoWith` (the caller's own per-file work, such as summaries and
 * rows, given the passages and the embedder) on generated passages, then the PDF worker
 * threads' warm-up (./workers/pdf-warm-up.ts, begun with the server) awaited. Once per process,
 * in the background; a failure is logged, never thrown.
 */
export function warmUpIngestion(alsoWith?: (chunkTexts: string[], embedder: Embedder) => unknown): Promise<void> {
  state.__docchatIngestWarmUp ??= warmUp(alsoWith).catch((error: unknown) =>
    console.warn("[ingest] warm-up failed:", error instanceof Error ? error.message : error),
  );
  return state.__docchatIngestWarmUp;
}

const state = globalThis as unknown as { __docchatIngestWarmUp?: Promise<void> };

/**
 * Passages for this thread's part, at most 64: the local embedder gives the event loop a turn
 * after every 64 texts, and while Next.js loads its routes at start-up (one long stretch of this
 * thread) only work that never waits for a turn is done before the server answers.
 */
const PASSAGES = 64;

async function warmUp(alsoWith?: (chunkTexts: string[], embedder: Embedder) => unknown): Promise<void> {
  const started = performance.now();
  const texts = samplePassages(PASSAGES);
  const embedder = getEmbedder();
  await embedder.embed(texts);
  await alsoWith?.(texts, embedder);
  const threads = await warmUpPdfWorkers();
  // Without worker threads, PDFs are read on this thread: warm that up instead.
  if (!threads) await readInThread();
  const how = threads ? `${threads} PDF worker thread(s)` : "no PDF worker threads";
  console.log(`[ingest] warmed up in ${Math.round(performance.now() - started)} ms (${how})`);
}

async function readInThread(): Promise<void> {
  const { chunkTokens, chunkOverlap } = config();
  const chunking = { chunkTokens, overlapTokens: chunkOverlap };
  const doc = await parseFile(samplePdf(SAMPLE_PAGES), "warm-up.pdf", { chunk: chunking });
  if (!doc.chunks) chunkDocument(doc, chunking);
}
