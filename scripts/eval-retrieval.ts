/**
 * Retrieval quality on the Northwind set through the search API (POST
 * /v1/collections/{name}/search, top 10): recall@k and hit@k over distinct pages (see
 * scripts/lib/retrieval-figures.ts) and search latency, per mode, on three question sets:
 *   dev           scripts/eval-data/retrieval-dev.jsonl, questions phrased as an employee asks
 *                 them: what ranking is tuned on;
 *   ground truth  the dataset's ground_truth.jsonl: the target figures, never tuned on;
 *   fact pages    the answer fact set's single-turn English questions with the pages that state
 *                 their fact (scripts/eval-data/northwind-facts.json): a check with four times the
 *                 questions, never tuned on; a change within ±0.02 on dev or ground truth is one question.
 * Beside them, plain page-level BM25 computed here from the pages' text (the yardstick), and
 * for ground truth a second line, "answer pages": the reference app cites a passage by the page
 * it starts on, so some reference pages hold only the start of the passage whose answer is on
 * the next page; that line counts the next page for those (the target stays the first line).
 * With an embedding API in the environment (OPENAI_BASE_URL / OPENAI_API_KEY, EMBEDDER,
 * EMBEDDING_MODEL, EMBEDDING_DIMENSIONS) the app is started with it and embeds with it.
 *   npm run eval:retrieval [-- /path/to/northwind] [--url http://host:port] [--in-process] [--details]
 * (--in-process: the same read door, lib/knowledge/search.ts, without HTTP: quicker to iterate;
 * --details: lists the questions whose reference pages are not all in the first 10.)
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parsePdf } from "@/lib/ingest/parsers/pdf";
import type { Chunk, RetrievalMode } from "@/lib/knowledge/schemas";
import { OPERATOR } from "@/lib/security/principal";
import { loadFacts } from "./lib/facts";
import { datasetDir, loadQuestions, pdfFiles, scratchDir } from "./lib/northwind";
import { figures, FIGURES_HEADER, figuresLine, pageBm25, type RankedQuestion } from "./lib/retrieval-figures";
import { referencesOnNextPage } from "./lib/reference-pages";
import { createCollection, startServer, uploadAndWait } from "./lib/server";

const TOP_K = 10;
const MODES: RetrievalMode[] = ["hybrid", "text", "vectors"];
const DEV_SET = path.join(process.cwd(), "scripts", "eval-data", "retrieval-dev.jsonl");
const MODEL_ENV = ["EMBEDDER", "EMBEDDING_MODEL", "EMBEDDING_DIMENSIONS", "OPENAI_API_KEY", "OPENAI_BASE_URL"];

interface Question {
  question: string;
  references: string[];
  /** Reference → the next page, where the reference answer's words are (scripts/lib/reference-pages.ts). */
  continuesOn?: Map<string, string>;
}

type Search = (query: string, mode: RetrievalMode) => Promise<Chunk[]>;

function devQuestions(): Question[] {
  return readFileSync(DEV_SET, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { question: string; citations: string[] })
    .map((q) => ({ question: q.question, references: q.citations }));
}

/** The fact set's questions asked in one English turn, whose fact is stated on known pages. */
function factQuestions(): Question[] {
  return loadFacts()
    .filter((item) => item.expect === "fact" && item.lang === "en" && item.turns.length === 1)
    .map((item) => ({ question: item.turns[0], references: item.pages }));
}

const modelEnv = () => Object.fromEntries(MODEL_ENV.flatMap((key) => (process.env[key] ? [[key, process.env[key]!]] : [])));

/** The search API of a server (started here unless --url names one) with the six PDFs in a new collection. */
async function overHttp(dir: string): Promise<{ search: Search; stop: () => Promise<void> }> {
  const urlArg = process.argv.indexOf("--url");
  const server =
    urlArg > 0
      ? { url: process.argv[urlArg + 1], stop: async () => undefined }
      : await startServer(scratchDir("docchat-eval-retrieval-"), modelEnv());
  const collection = `northwind_retrieval_${Date.now()}`;
  await createCollection(server.url, collection);
  const files = pdfFiles(dir).map((f) => ({ name: f.name, data: new Uint8Array(readFileSync(f.path)) }));
  const ingest = await uploadAndWait(server.url, collection, files);
  if (ingest.status.status !== "completed") throw new Error(`ingestion failed: ${JSON.stringify(ingest.status)}`);
  const search: Search = async (query, mode) => {
    const res = await fetch(`${server.url}/v1/collections/${collection}/search`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query, top_k: TOP_K, retrieval_mode: mode }),
    });
    if (!res.ok) throw new Error(`search failed: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { chunks: Chunk[] }).chunks;
  };
  return { search, stop: server.stop };
}

/** The same read door in this process (imported late: the config is read from the scratch env). */
async function inProcess(dir: string): Promise<{ search: Search; stop: () => Promise<void> }> {
  const { ingestFiles, scratchApp } = await import("./lib/in-process");
  const { activeIngestor, stopWorker } = await import("@/lib/knowledge");
  const { searchKnowledge } = await import("@/lib/knowledge/search");
  const tmp = await scratchApp("docchat-eval-retrieval-", modelEnv());
  await activeIngestor().createCollection("northwind", "Northwind evaluation set");
  const job = await ingestFiles("northwind", pdfFiles(dir), tmp);
  if (job.status !== "completed") throw new Error(`ingestion failed: ${JSON.stringify(job.file_details)}`);
  const search: Search = async (query, mode) =>
    (await searchKnowledge({ principal: OPERATOR, query, top: TOP_K, mode, collections: ["northwind"] })).chunks;
  return { search, stop: stopWorker };
}

async function pageTexts(dir: string): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const pdf of pdfFiles(dir)) {
    const doc = await parsePdf(new Uint8Array(readFileSync(pdf.path)));
    for (const page of doc.pages) pages.set(`${pdf.name}#page=${page.pageNumber}`, page.text);
  }
  return pages;
}

const pageOf = (c: Chunk) => `${c.file_name}#page=${c.page_number}`;

async function report(name: string, questions: Question[], search: Search, baseline: (q: string) => string[]) {
  console.log(`\n${name}, ${questions.length} questions, first ${TOP_K} distinct pages:`);
  console.log(`  ${"".padEnd(16)}${FIGURES_HEADER}`);
  const answerPages = questions.some((q) => q.continuesOn?.size);
  for (const mode of MODES) {
    const ranked: RankedQuestion[] = [];
    const byAnswerPage: RankedQuestion[] = [];
    for (const q of questions) {
      const started = performance.now();
      const chunks = await search(q.question, mode);
      ranked.push({ references: q.references, pages: chunks.map(pageOf), ms: performance.now() - started });
      byAnswerPage.push({
        references: q.references.map((r) => earlierOf(r, q.continuesOn?.get(r), chunks.map(pageOf))),
        pages: chunks.map(pageOf),
      });
      const missed = q.references.filter((r) => !chunks.slice(0, TOP_K).map(pageOf).includes(r));
      if (process.argv.includes("--details") && mode === "hybrid" && missed.length) {
        console.log(`    - ${q.question}\n        missed ${missed.join(" ")}; first 5: ${chunks.slice(0, 5).map(pageOf).join(" ")}`);
      }
    }
    console.log(`  ${mode.padEnd(16)}${figuresLine(figures(ranked))}`);
    if (answerPages) console.log(`  ${"  answer pages".padEnd(16)}${figuresLine(figures(byAnswerPage))}`);
  }
  const plain = questions.map((q) => ({ references: q.references, pages: baseline(q.question) }));
  console.log(`  ${"page BM25".padEnd(16)}${figuresLine(figures(plain))}`);
}

/**
 * The reference page or, when the reference answer's words are on the next page (the reference
 * app cites a passage by the page it starts on), that page: whichever ranks first.
 */
function earlierOf(reference: string, next: string | undefined, pages: string[]): string {
  if (!next || !pages.includes(next)) return reference;
  return pages.includes(reference) && pages.indexOf(reference) < pages.indexOf(next) ? reference : next;
}

async function main() {
  const dir = datasetDir();
  const local = process.argv.includes("--in-process");
  const embedder = process.env.EMBEDDING_MODEL ?? (process.env.OPENAI_API_KEY ? "text-embedding-3-small" : "local-hash-v1");
  const { search, stop } = local ? await inProcess(dir) : await overHttp(dir);
  try {
    const baseline = pageBm25(await pageTexts(dir));
    console.log(
      `Retrieval on Northwind ${local ? "in process (lib/knowledge/search.ts)" : "over HTTP (POST /v1/collections/{name}/search)"}, embedder ${embedder}`,
    );
    await report("dev (tuning set)", devQuestions(), search, baseline);
    const truth = loadQuestions(dir).filter((q) => q.citations.length);
    const nextPages = await referencesOnNextPage(pdfFiles(dir), truth);
    const continuesOn = (q: (typeof truth)[number]) =>
      new Map(
        q.citations.flatMap((c) => (nextPages.has(`${q.question}\n${c}`) ? [[c, nextPages.get(`${q.question}\n${c}`)!] as const] : [])),
      );
    const references = truth.map((q) => ({ question: q.question, references: q.citations, continuesOn: continuesOn(q) }));
    console.log(
      `\n${nextPages.size} of ${truth.reduce((n, q) => n + q.citations.length, 0)} reference pages have their answer on the next page; "answer pages" counts that page for them.`,
    );
    await report("ground truth (target)", references, search, baseline);
    await report("fact pages (check)", factQuestions(), search, baseline);
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
