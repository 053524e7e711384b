/**
 * Answer quality on the Northwind set through the running app:
 * - the ground-truth questions through /api/chat: citations_matched, any_citation (as defined by
 *   azure-search-openai-demo) and latency;
 * - answer accuracy on the fact set (scripts/eval-data/northwind-facts.json) through
 *   /api/chat/stream, per split and type, with the time to the stream's first line.
 *   npm run eval [-- /path/to/northwind] [--url http://host:port] [--split dev|heldout|unseen]
 *                [--facts-only] [--model] [--details]
 * Default: starts its own server, offline (extractive answers); --model passes this shell's
 * OPENAI_* settings to it. --details lists the ground-truth questions whose references were
 * missed and the fact items that failed.
 */
import { readFileSync } from "node:fs";
import { factInPassages, gradeAnswer, loadFacts, missKinds, scoreTable, SPLITS, type FactItem, type GradedItem } from "./lib/facts";
import { datasetDir, loadQuestions, median, pdfFiles, percentile, scratchDir } from "./lib/northwind";
import { referencesOnNextPage } from "./lib/reference-pages";
import { createCollection, startServer, streamChat, uploadAndWait, type ChatMessage } from "./lib/server";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const valueOf = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const details = flag("--details");
const FIRST_LINE_TARGET_MS = 60;

async function groundTruthEval(url: string, collection: string, dir: string) {
  const questions = loadQuestions(dir);
  const onNextPage = await referencesOnNextPage(pdfFiles(dir), questions);
  let matched = 0;
  let matchedWhereAnswerIs = 0;
  let retrieved = 0;
  let references = 0;
  let anyCitation = 0;
  let answerMode = "";
  const latencies: number[] = [];
  const distinct: number[] = [];
  for (const q of questions) {
    const started = performance.now();
    const res = await fetch(`${url}/api/chat`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ messages: [{ role: "user", content: q.question }], context: { overrides: { collections: [collection] } } }),
    });
    latencies.push(performance.now() - started);
    const body = (await res.json()) as {
      message?: { content: string };
      context?: { data_points: { citations: string[] }; answer_mode: string };
      error?: string;
    };
    if (!body.message) throw new Error(`chat failed: ${body.error}`);
    answerMode = body.context?.answer_mode ?? answerMode;
    const cited = new Set([...body.message.content.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]));
    distinct.push(cited.size);
    if (cited.size > 0) anyCitation++;
    if (!q.citations.length) continue;
    const share = (hit: (c: string) => boolean) => q.citations.filter(hit).length / q.citations.length;
    matched += share((c) => cited.has(c));
    matchedWhereAnswerIs += share((c) => cited.has(onNextPage.get(`${q.question}\n${c}`) ?? c));
    references += q.citations.length;
    retrieved += q.citations.filter((c) => body.context?.data_points.citations.includes(c)).length;
    if (details && !q.citations.every((c) => cited.has(c))) {
      console.log(`- ${q.question}\n    reference ${q.citations.join(" ")}\n    cited     ${[...cited].join(" ")}`);
    }
  }
  const n = questions.length;
  console.log(`Northwind chat eval, ${n} questions (${answerMode}):`);
  console.log(`  citations_matched   ${(matched / n).toFixed(2)}`);
  console.log(
    `    (${(matchedWhereAnswerIs / n).toFixed(2)} if the ${onNextPage.size} references whose answer words are on the next page named that page)`,
  );
  console.log(`  references among the retrieved passages  ${(retrieved / references).toFixed(2)}`);
  console.log(`  any_citation        ${(anyCitation / n).toFixed(2)}`);
  console.log(`  distinct citations  max ${Math.max(...distinct)}, median ${median(distinct)}`);
  console.log(`  latency /api/chat   p50 ${median(latencies).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms`);
}

/** Asks each item's turns in one chat (the app's answers as the assistant turns) and grades the last answer. */
async function factEval(url: string, collection: string, items: FactItem[]) {
  const graded: GradedItem[] = [];
  const firstLines: number[] = [];
  const fulls: number[] = [];
  const modes = new Set<string>();
  for (const item of items) {
    const messages: ChatMessage[] = [];
    let answer = "";
    let passages: string[] = [];
    for (const turn of item.turns) {
      messages.push({ role: "user", content: turn });
      const reply = await streamChat(url, collection, messages);
      if (reply.error) throw new Error(`chat failed on ${item.id}: ${reply.error}`);
      firstLines.push(reply.firstLine);
      fulls.push(reply.full);
      if (reply.answerMode) modes.add(reply.answerMode);
      answer = reply.answer;
      passages = reply.passages;
      messages.push({ role: "assistant", content: answer });
    }
    graded.push({ item, answer, grade: gradeAnswer(item, answer), inPassages: factInPassages(item, passages) });
  }
  return { graded, firstLines, fulls, modes };
}

const pct = (x: number | null) => (x === null ? "   -" : x.toFixed(2));

function printFacts(result: Awaited<ReturnType<typeof factEval>>) {
  const { graded, firstLines, fulls, modes } = result;
  console.log(`\nAnswer accuracy on the fact set, ${graded.length} items (${[...modes].join(", ")}):`);
  console.log("  accurate = key fact stated AND a reference page cited; clean = every citation is a reference page;");
  console.log("  passages = the key fact is in a passage from a reference page among those the answer was built from");
  console.log("  split    type           n  accurate  stated  cited  clean  passages  sentences(median)");
  for (const row of scoreTable(graded)) {
    const line = `  ${row.split.padEnd(8)} ${row.type.padEnd(13)} ${String(row.n).padStart(2)}  ${pct(row.accurate).padStart(8)}  ${pct(row.stated).padStart(6)}  ${pct(row.pageCited).padStart(5)}  ${pct(row.clean).padStart(5)}  ${pct(row.inPassages).padStart(8)}  ${row.medianSentences}`;
    console.log(row.type === "all" ? `${line}\n` : line);
  }
  const kinds = missKinds(graded);
  const withFact = graded.filter((g) => g.inPassages !== null && g.inPassages !== undefined);
  const there = withFact.filter((g) => g.inPassages);
  console.log(
    `  key fact in the passages sent: ${there.length} of ${withFact.length} fact items (${pct(withFact.length ? there.length / withFact.length : null)}); missed though there: ${there.filter((g) => !g.grade.accurate).length}`,
  );
  console.log(
    `  misses ${kinds.misses}: ${kinds.saidNotFound} say the documents do not answer, ${kinds.answeredWrongly} answer wrongly (${pct(kinds.answeredWrongly / graded.length)} of all answers)`,
  );
  const foreign = graded.filter((g) => g.item.lang !== "en");
  if (foreign.length) {
    console.log(
      `  replies opening in the question's language (de/fr/es): ${foreign.filter((g) => g.grade.ownLanguage).length}/${foreign.length}`,
    );
  }
  console.log(
    `  latency /api/chat/stream (${firstLines.length} requests): first line p50 ${median(firstLines).toFixed(0)} ms (target ≤ ${FIRST_LINE_TARGET_MS}), p95 ${percentile(firstLines, 95).toFixed(0)} ms; end p50 ${median(fulls).toFixed(0)} ms`,
  );
  if (!details) return;
  console.log("\nFailed fact items:");
  for (const { item, answer, grade } of graded.filter((g) => !g.grade.accurate)) {
    const expected =
      item.expect === "not_found"
        ? "a first sentence saying the documents do not answer it"
        : `${item.yes_no ? `opens with "${item.yes_no}", ` : ""}${JSON.stringify(item.fact)} citing ${item.pages.join(" ")}`;
    console.log(`- ${item.id} (${item.split}, ${item.type}): ${item.turns.join(" → ")}`);
    console.log(`    expected ${expected}`);
    console.log(`    stated ${grade.stated}, page cited ${grade.pageCited}`);
    console.log(`    got      ${answer.replace(/\s+/g, " ").slice(0, 400)}`);
    console.log(`    cited    ${grade.cited.join(" ") || "(none)"}`);
  }
}

async function main() {
  const dir = datasetDir();
  const split = valueOf("--split");
  if (split !== undefined && !(SPLITS as readonly string[]).includes(split)) throw new Error(`--split must be one of ${SPLITS.join(", ")}`);
  const items = loadFacts().filter((i) => !split || i.split === split);
  const url = valueOf("--url");
  const server = url
    ? { url, stop: async () => undefined }
    : await startServer(scratchDir("docchat-eval-chat-"), {}, { model: flag("--model") });
  try {
    const collection = `northwind_eval_${Date.now()}`;
    await createCollection(server.url, collection);
    const files = pdfFiles(dir).map((f) => ({ name: f.name, data: new Uint8Array(readFileSync(f.path)) }));
    const ingest = await uploadAndWait(server.url, collection, files);
    if (ingest.status.status !== "completed") throw new Error("ingestion failed");

    if (!flag("--facts-only")) await groundTruthEval(server.url, collection, dir);
    printFacts(await factEval(server.url, collection, items));
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
