/**
 * Parse + chunk speed on the Northwind sample PDFs (not a test; run by hand):
 *   npx tsx scripts/bench-parse.ts [dir] [runs]
 * Prints pages/s for parsing and ms for chunking, per run and the median.
 */
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { chunkDocument } from "@/lib/ingest/chunk";
import { parseFile } from "@/lib/ingest/parse";
import type { ParsedDocument } from "@/lib/ingest/types";

const dir = process.argv[2] ?? "/work/shared/eval/northwind";
const runs = Number(process.argv[3] ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const names = (await readdir(dir)).filter((n) => n.toLowerCase().endsWith(".pdf")).sort();
  const files = await Promise.all(names.map(async (n) => ({ name: n, data: new Uint8Array(await readFile(path.join(dir, n))) })));
  const parseRates: number[] = [];
  const chunkTimes: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const t0 = performance.now();
    const docs: ParsedDocument[] = [];
    for (const f of files) docs.push(await parseFile(f.data, f.name));
    const parseMs = performance.now() - t0;
    const pages = docs.reduce((n, d) => n + d.pages.length, 0);

    const t1 = performance.now();
    const chunks = docs.map((d) => chunkDocument(d, { chunkTokens: 512, overlapTokens: 64 }));
    const chunkMs = performance.now() - t1;
    const all = chunks.flat();
    const tokens = all.map((c) => c.tokenCount);
    parseRates.push(pages / (parseMs / 1000));
    chunkTimes.push(chunkMs);
    console.log(
      `run ${run}: ${files.length} files, ${pages} pages parsed in ${parseMs.toFixed(0)} ms ` +
        `(${(pages / (parseMs / 1000)).toFixed(1)} pages/s); ${all.length} chunks in ${chunkMs.toFixed(0)} ms ` +
        `(tokens min ${Math.min(...tokens)}, median ${median(tokens)}, max ${Math.max(...tokens)}; ` +
        `with heading ${all.filter((c) => c.heading).length})`,
    );
  }
  console.log(`median: parse ${median(parseRates).toFixed(1)} pages/s, chunk ${median(chunkTimes).toFixed(0)} ms`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
