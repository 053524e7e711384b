/**
 * Speed figures (not pass/fail): ingestion pages/s, search latency per mode, chat stream
 * latency and concurrency, on the Northwind set and on a generated 100k-chunk collection; then
 * parse rates of every other format and OCR pages/s (scripts/bench-formats.ts).
 *   npm run bench [-- /path/to/northwind] [--chunks 100000] [--runs 3]
 */
import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { activeIngestor } from "@/lib/knowledge";
import { stopWorker } from "@/lib/knowledge";
import { addChunks, optimizeTable, searchText, type ChunkRow } from "@/lib/knowledge/lancedb/store";
import { getEmbedder } from "@/lib/models/embedder";
import { scratchApp } from "./lib/in-process";
import { datasetDir, loadQuestions, median, pdfFiles, percentile } from "./lib/northwind";
import { createCollection, startServer, timeStream, uploadAndWait } from "./lib/server";
import { benchFormats } from "./bench-formats";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg("runs", 3);
const BIG = arg("chunks", 100_000);
const MODES = ["hybrid", "vectors", "text"] as const;
const fmt = (xs: number[]) => `p50 ${median(xs).toFixed(1)} ms  p95 ${percentile(xs, 95).toFixed(1)} ms`;

/** Deterministic pseudo-random text: a Zipf-like draw from a fixed vocabulary. */
function makeVocabulary(seedText: string): string[] {
  const words = [...new Set(seedText.toLowerCase().match(/[a-z]{3,}/g) ?? [])];
  return words.length > 500 ? words : Array.from({ length: 5000 }, (_, i) => `term${i}`);
}
function* rng(seed: number) {
  let s = seed >>> 0;
  for (;;) {
    s = (s * 1664525 + 1013904223) >>> 0;
    yield s / 2 ** 32;
  }
}

async function generateBigCollection(name: string, vocabulary: string[], count: number) {
  const embedder = getEmbedder();
  await activeIngestor().createCollection(name, `${count} generated chunks`);
  const fileId = randomUUID();
  await db().document.create({
    data: { id: fileId, collectionName: name, fileName: "generated.txt", fileSize: 0, mimeType: "text/plain", storagePath: "/dev/null", status: "success", chunkCount: count },
  });
  const random = rng(42);
  const word = () => vocabulary[Math.floor(vocabulary.length * Math.pow(random.next().value as number, 2))];
  const BATCH = 10_000;
  for (let start = 0; start < count; start += BATCH) {
    const texts = Array.from({ length: Math.min(BATCH, count - start) }, () => Array.from({ length: 120 }, word).join(" "));
    const vectors = await embedder.embed(texts.map((t) => searchText("generated.txt", null, t)));
    const rows: ChunkRow[] = texts.map((content, i) => ({
      chunk_id: `${fileId}:${start + i}`, file_id: fileId, file_name: "generated.txt", page_number: 1 + ((start + i) % 500),
      chunk_index: start + i, heading: null, content, search_text: searchText("generated.txt", null, content),
      content_type: "text", token_count: 160, vector: vectors[i],
    }));
    await addChunks(name, rows);
  }
  const t = performance.now();
  await optimizeTable(name);
  return (performance.now() - t) / 1000;
}

async function timeSearch(url: string, collection: string, queries: string[], mode: string) {
  const times: number[] = [];
  for (const query of queries) {
    const t = performance.now();
    const res = await fetch(`${url}/v1/collections/${collection}/search`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query, top_k: 10, retrieval_mode: mode }), // the chat default
    });
    await res.json();
    times.push(performance.now() - t);
  }
  return times;
}

async function main() {
  const dir = datasetDir();
  const questions = loadQuestions(dir).map((q) => q.question);
  const pdfs = pdfFiles(dir).map((f) => ({ name: f.name, data: new Uint8Array(readFileSync(f.path)) }));
  const pageCount = 263; // six Northwind PDFs, checked with pdfinfo

  // The generated collection is written in process, before the server opens the same data dir.
  const dataDir = await scratchApp("docchat-bench-");
  const big = `generated_${BIG}`;
  console.log(`Generating a ${BIG}-chunk collection…`);
  const vocabulary = makeVocabulary(questions.join(" ") + " " + readFileSync(pdfFiles(dir)[0].path, "latin1").slice(0, 200_000));
  const t0 = performance.now();
  const indexSeconds = await generateBigCollection(big, vocabulary, BIG);
  console.log(`  generated in ${((performance.now() - t0) / 1000).toFixed(1)} s (indexing ${indexSeconds.toFixed(1)} s)`);
  await stopWorker();

  const server = await startServer(dataDir);
  try {
    console.log(`\nNorthwind ingestion over HTTP (${pdfs.length} PDFs, ${pageCount} pages, upload → job completed), ${RUNS} runs:`);
    const rates: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      await createCollection(server.url, `northwind_${run}`);
      const { seconds, status } = await uploadAndWait(server.url, `northwind_${run}`, pdfs);
      if (status.status !== "completed") throw new Error("ingestion failed");
      rates.push(pageCount / seconds);
      console.log(`  run ${run}: ${seconds.toFixed(2)} s = ${(pageCount / seconds).toFixed(0)} pages/s`);
    }
    console.log(`  median: ${median(rates).toFixed(0)} pages/s`);

    const bigQueries = Array.from({ length: 50 }, (_, i) => vocabulary.slice(i * 3, i * 3 + 4).join(" "));
    const bare: Record<string, number[]> = {};
    for (const [label, collection, queries] of [["Northwind", "northwind_1", questions], [`${BIG} chunks`, big, bigQueries]] as const) {
      console.log(`\nSearch latency over HTTP, top 10, ${queries.length} queries (${label}):`);
      // A word's first search probes the index for it (spelling check); later ones use the cache.
      // That first pass is timed on its own, then search and chat are compared warm.
      const cold = await timeSearch(server.url, collection, queries as string[], "hybrid");
      console.log(`  hybrid, words seen for the first time  ${fmt(cold)}`);
      for (const mode of MODES) {
        const times = await timeSearch(server.url, collection, queries as string[], mode);
        if (mode === "hybrid") bare[collection] = times;
        console.log(`  ${mode.padEnd(8)} ${fmt(times)}`);
      }
    }

    for (const [label, collection, queries] of [["Northwind", "northwind_1", questions], [`${BIG} chunks`, big, bigQueries]] as const) {
      const first: number[] = [];
      const full: number[] = [];
      await timeStream(server.url, collection, queries[0]);
      for (const q of queries) {
        const r = await timeStream(server.url, collection, q);
        if (r.error) throw new Error(r.error);
        first.push(r.firstLine);
        full.push(r.full);
      }
      console.log(`\nChat stream, offline, ${queries.length} questions (${label}):`);
      console.log(`  first line   ${fmt(first)}  (bare hybrid search p50 ${median(bare[collection]).toFixed(1)} ms → +${(median(first) - median(bare[collection])).toFixed(1)} ms)`);
      console.log(`  full answer  ${fmt(full)}`);
    }

    const concurrent = await Promise.all(questions.slice(0, 20).map((q) => timeStream(server.url, big, q)));
    const errors = concurrent.filter((r) => r.error);
    console.log(`\n20 concurrent streams (${BIG} chunks): ${errors.length} errors, full answer ${fmt(concurrent.map((r) => r.full))}`);
  } finally {
    await server.stop();
  }
}

main()
  .then(() => benchFormats(RUNS))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
