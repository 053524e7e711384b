/**
 * Northwind upload → searchable over HTTP, side by side with the LangChain.js peer pipeline
 * (scripts/lib/peer.ts) in the same minute. Each round starts a fresh server: its first upload
 * is the cold figure, the next two the warm ones; the peer runs before and after them.
 * Prints seconds per run and the median ratios (peer seconds / app seconds: > 1 is faster).
 * --settle MS waits that long after the server answers before the first upload (default 0: at
 * once, while the server still does its start-up work, Next.js loading its routes and the
 * ingestion warm-up).
 *   npm run bench:ingest [-- /path/to/northwind] [--runs 3] [--peer ../shared/peers] [--settle 0]
 */
import { readFileSync } from "node:fs";
import { datasetDir, median, pdfFiles, scratchDir } from "./lib/northwind";
import { peerDir, runPeer } from "./lib/peer";
import { createCollection, startServer, uploadAndWait } from "./lib/server";

const runsAt = process.argv.indexOf("--runs");
const ROUNDS = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 3;
const settleAt = process.argv.indexOf("--settle");
const SETTLE_MS = settleAt > 0 ? Number(process.argv[settleAt + 1]) : 0;
const WARM_UPLOADS = 2;
const PAGES = 263; // six Northwind PDFs, checked with pdfinfo

async function upload(url: string, collection: string, pdfs: { name: string; data: Uint8Array }[]) {
  await createCollection(url, collection);
  const { seconds, status } = await uploadAndWait(url, collection, pdfs);
  if (status.status !== "completed") throw new Error(`ingestion ${status.status}`);
  return seconds;
}

async function main() {
  const dir = datasetDir();
  const peer = peerDir();
  if (!peer) console.log("Peer pipeline not installed (cd ../shared/peers && npm install --legacy-peer-deps): app figures only.");
  const pdfs = pdfFiles(dir).map((f) => ({ name: f.name, data: new Uint8Array(readFileSync(f.path)) }));
  const fmt = (s: number) => `${s.toFixed(2)} s (${(PAGES / s).toFixed(0)} pages/s)`;
  const cold: number[] = [];
  const warm: number[] = [];
  const coldRatio: number[] = [];
  const warmRatio: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const before = peer ? runPeer(peer) : NaN;
    const server = await startServer(scratchDir("docchat-bench-ingest-"));
    const app: number[] = [];
    try {
      if (SETTLE_MS > 0) await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      for (let i = 0; i <= WARM_UPLOADS; i++) app.push(await upload(server.url, `northwind_${i}`, pdfs));
    } finally {
      await server.stop();
    }
    const after = peer ? runPeer(peer) : NaN;
    const peerSeconds = (before + after) / 2;
    cold.push(app[0]);
    warm.push(...app.slice(1));
    coldRatio.push(peerSeconds / app[0]);
    warmRatio.push(...app.slice(1).map((s) => peerSeconds / s));
    console.log(
      `round ${round}: app cold ${fmt(app[0])}, warm ${app.slice(1).map(fmt).join(", ")}` +
        (peer ? `; peer ${fmt(before)}, ${fmt(after)}` : ""),
    );
  }
  const settled = SETTLE_MS > 0 ? `, first upload ${SETTLE_MS} ms after the server answered` : "";
  console.log(`\nNorthwind upload → searchable over HTTP (${pdfs.length} PDFs, ${PAGES} pages${settled}), medians of ${ROUNDS} rounds:`);
  console.log(`  app cold ${fmt(median(cold))}, warm ${fmt(median(warm))}`);
  if (peer) console.log(`  ratio to the LangChain.js peer: cold ${median(coldRatio).toFixed(2)}x, warm ${median(warmRatio).toFixed(2)}x`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
