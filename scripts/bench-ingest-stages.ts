/**
 * Where ingestion time goes, in process, on the Northwind PDFs (not a test; run by hand):
 *   npx tsx scripts/bench-ingest-stages.ts [dir] [runs]
 * Each run ingests the six PDFs one after another into a fresh collection, timing each stage the
 * pipeline runs (lib/knowledge/lancedb/pipeline.ts): parse (PDF worker threads), chunk,
 * embed (the configured embedder, local by default), write (one LanceDB write per file),
 * summary; then the collection's index build. The first run includes the PDF workers' start.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const dir = process.argv[2] ?? path.resolve("../shared/eval/northwind");
const runs = Number(process.argv[3] ?? 3);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "docchat-stages-"));
process.env.DATA_DIR = dataDir;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  // Imported after DATA_DIR is set: the config is read on first use.
  const { config } = await import("@/lib/config");
  const { chunkDocument } = await import("@/lib/ingest/chunk");
  const { parseFile } = await import("@/lib/ingest/parse");
  const { pdfWorkerPool } = await import("@/lib/ingest/workers/pdf-pool");
  const { getEmbedder } = await import("@/lib/models/embedder");
  const { addChunks, searchText } = await import("@/lib/knowledge/lancedb/store");
  const { summarize } = await import("@/lib/knowledge/summaries");
  const { activeIngestor } = await import("@/lib/knowledge");
  const { migrate } = await import("@/lib/db/migrate");
  await migrate(config().databaseUrl);

  const names = (await readdir(dir)).filter((n) => n.toLowerCase().endsWith(".pdf")).sort();
  const files = await Promise.all(names.map(async (n) => ({ name: n, data: new Uint8Array(await readFile(path.join(dir, n))) })));
  const embedder = getEmbedder();
  const { chunkTokens, chunkOverlap } = config();
  const totals: Record<string, number[]> = {};
  for (let run = 1; run <= runs; run++) {
    const collection = `stages_${run}`;
    await activeIngestor().createCollection(collection);
    const t: Record<string, number> = { parse: 0, chunk: 0, embed: 0, write: 0, summary: 0 };
    let pages = 0;
    const lap = (stage: string, since: number) => (t[stage] += performance.now() - since);
    const start = performance.now();
    for (const [fileIndex, file] of files.entries()) {
      let at = performance.now();
      const doc = await parseFile(file.data, file.name);
      lap("parse", at);
      pages += doc.pages.length;
      at = performance.now();
      const pieces = chunkDocument(doc, { chunkTokens, overlapTokens: chunkOverlap });
      lap("chunk", at);
      at = performance.now();
      const texts = pieces.map((p) => searchText(file.name, p.heading, p.text));
      const vectors = await embedder.embed(texts);
      lap("embed", at);
      at = performance.now();
      const fileId = `f${fileIndex}`;
      await addChunks(
        collection,
        pieces.map((p, i) => ({
          chunk_id: `${fileId}:${p.index}`,
          file_id: fileId,
          file_name: file.name,
          page_number: p.pageNumber,
          chunk_index: p.index,
          heading: p.heading,
          content: p.text,
          search_text: texts[i],
          content_type: p.contentType ?? "text",
          token_count: p.tokenCount,
          vector: vectors[i],
          content_meta: null,
        })),
      );
      lap("write", at);
      at = performance.now();
      await summarize(
        file.name,
        pieces.map((p) => p.text),
      );
      lap("summary", at);
    }
    const total = performance.now() - start;
    const line = Object.entries(t)
      .map(([stage, ms]) => `${stage} ${ms.toFixed(0)} ms`)
      .join(", ");
    console.log(`run ${run}: ${pages} pages in ${total.toFixed(0)} ms = ${(pages / (total / 1000)).toFixed(0)} pages/s (${line})`);
    for (const [stage, ms] of Object.entries({ ...t, total })) (totals[stage] ??= []).push(ms);
  }
  console.log(
    `median: ${Object.entries(totals)
      .map(([stage, ms]) => `${stage} ${median(ms).toFixed(0)} ms`)
      .join(", ")}`,
  );
  await pdfWorkerPool()?.close();
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(dataDir, { recursive: true, force: true }));
