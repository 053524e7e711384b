/**
 * Load figures, bounded and on loopback only: a production server on a fresh data directory
 * (offline defaults) takes 50 concurrent chat streams for 60 s while the Northwind PDFs are
 * ingested over and over; then its RSS is read after 1,000 and after 10,000 more requests.
 *   npm run load [-- /path/to/northwind]
 * Without the dataset, generated text files stand in for it. Exits 1 if any request failed.
 */
import { readFileSync } from "node:fs";
import { datasetPath, hasDataset, loadQuestions, median, pdfFiles, percentile, scratchDir } from "./lib/northwind";
import { createCollection, rssMb, startServer, timeStream, uploadAndWait } from "./lib/server";

const STREAMS = 50;
const WINDOW_MS = 60_000;
const RSS_EARLY = 1_000;
const RSS_LATE = 10_000;
/** The RSS phase stops here even if it has not reached RSS_LATE requests. */
const RSS_PHASE_LIMIT_MS = 15 * 60_000;

type UploadFile = { name: string; data: Uint8Array; type: string };
const fmt = (xs: number[]) => `p50 ${median(xs).toFixed(1)} ms, p95 ${percentile(xs, 95).toFixed(1)} ms`;

function northwind(dir: string): { files: UploadFile[]; questions: string[]; pages: string } {
  return {
    files: pdfFiles(dir).map((f) => ({ name: f.name, data: new Uint8Array(readFileSync(f.path)), type: "application/pdf" })),
    questions: loadQuestions(dir).map((q) => q.question),
    pages: "263 pages",
  };
}

/** Six plain-text policies of 40 sections each, and questions about them. */
function generated(): { files: UploadFile[]; questions: string[]; pages: string } {
  const topics = ["travel", "vacation", "benefits", "security", "expenses", "training"];
  const files = topics.map((topic) => {
    const sections = Array.from(
      { length: 40 },
      (_, s) =>
        `## ${topic} rule ${s + 1}\n\n${`The ${topic} policy section ${s + 1} says employees must follow rule ${s + 1} for ${topic} requests, approved by a manager within ${s + 2} days. `.repeat(8)}`,
    );
    return {
      name: `${topic}_policy.md`,
      data: new TextEncoder().encode(`# ${topic} policy\n\n${sections.join("\n\n")}`),
      type: "text/markdown",
    };
  });
  const questions = topics.flatMap((t) => [
    `What does the ${t} policy say?`,
    `Who approves ${t} requests?`,
    `How many days for ${t} rule 7?`,
  ]);
  return { files, questions, pages: "240 generated sections" };
}

/** `workers` loops, each running requests one after another (numbered from 0) while `more(next)`. */
async function loadLoop(workers: number, more: (next: number) => boolean, request: (i: number) => Promise<void>) {
  let next = 0;
  const loop = async () => {
    while (more(next)) await request(next++);
  };
  await Promise.all(Array.from({ length: workers }, loop));
}

async function main() {
  const dir = datasetPath();
  const dataset = hasDataset(dir) ? northwind(dir) : generated();
  console.log(hasDataset(dir) ? `Dataset: Northwind (${dir})` : `Dataset: ${dir} not found; generated text files stand in`);
  const server = await startServer(scratchDir("docchat-load-"));
  let failed = 0;
  try {
    await createCollection(server.url, "northwind");
    await uploadAndWait(server.url, "northwind", dataset.files);
    const ask = async (i: number) => {
      try {
        return await timeStream(server.url, "northwind", dataset.questions[i % dataset.questions.length]);
      } catch (error) {
        return { firstLine: NaN, full: NaN, error: String(error) };
      }
    };

    // 1. Chat under load while ingestion runs the whole time.
    const end = Date.now() + WINDOW_MS;
    const results: Awaited<ReturnType<typeof ask>>[] = [];
    const ingestion: { seconds: number; status: string }[] = [];
    const ingest = (async () => {
      for (let round = 1; Date.now() < end; round++) {
        await createCollection(server.url, `ingest_${round}`);
        const { seconds, status } = await uploadAndWait(server.url, `ingest_${round}`, dataset.files);
        ingestion.push({ seconds, status: status.status });
      }
    })();
    console.log(`\n${STREAMS} concurrent chat streams for ${WINDOW_MS / 1000} s during ingestion…`);
    await loadLoop(
      STREAMS,
      () => Date.now() < end,
      async (i) => void results.push(await ask(i)),
    );
    await ingest;
    const errors = results.filter((r) => r.error);
    failed += errors.length;
    const ok = results.filter((r) => !r.error);
    console.log(`  requests         ${results.length} (${(results.length / (WINDOW_MS / 1000)).toFixed(1)}/s)`);
    console.log(`  errors           ${errors.length}${errors.length ? ` (first: ${errors[0].error})` : ""}`);
    console.log(`  first line       ${fmt(ok.map((r) => r.firstLine))}`);
    console.log(`  full answer      ${fmt(ok.map((r) => r.full))}`);
    console.log(
      `  ingestion        ${ingestion.length} runs of ${dataset.files.length} files (${dataset.pages}) meanwhile, ` +
        `${ingestion.filter((r) => r.status === "completed").length} completed (${ingestion.map((r) => r.seconds.toFixed(1)).join(" s, ")} s)`,
    );

    // 2. Memory: RSS after 1,000 and 10,000 more requests (ingestion over).
    console.log(`\nRSS of the server process (pid ${server.pid}) over ${RSS_LATE} chat streams, ${STREAMS} at a time…`);
    const phaseStart = Date.now();
    const stopAt = phaseStart + RSS_PHASE_LIMIT_MS;
    const rss: Record<number, number> = { 0: rssMb(server.pid) };
    let done = 0;
    let phaseErrors = 0;
    await loadLoop(
      STREAMS,
      (next) => next < RSS_LATE && Date.now() < stopAt,
      async (i) => {
        if ((await ask(i)).error) phaseErrors++;
        done++;
        if (done === RSS_EARLY || done === RSS_LATE) rss[done] = rssMb(server.pid);
      },
    );
    failed += phaseErrors;
    console.log(`  before           ${rss[0].toFixed(0)} MB`);
    console.log(`  after ${RSS_EARLY}       ${rss[RSS_EARLY]?.toFixed(0)} MB`);
    console.log(
      `  after ${RSS_LATE}      ${rss[RSS_LATE]?.toFixed(0) ?? `not reached (${done} in ${RSS_PHASE_LIMIT_MS / 60_000} min)`} MB`,
    );
    if (rss[RSS_LATE])
      console.log(`  ratio            ${(rss[RSS_LATE] / rss[RSS_EARLY]).toFixed(3)} (after ${RSS_LATE} / after ${RSS_EARLY})`);
    console.log(`  errors           ${phaseErrors} (${done} requests in ${((Date.now() - phaseStart) / 1000).toFixed(0)} s)`);
  } finally {
    await server.stop();
  }
  if (failed) {
    console.error(`\n${failed} request(s) failed`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
