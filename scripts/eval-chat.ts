/**
 * Answer quality on the Northwind set through the running app's /api/chat:
 * citations_matched, any_citation (as defined by azure-search-openai-demo) and latency.
 *   npm run eval [-- /path/to/northwind] [--url http://host:port] [--details]
 * (default: starts its own server; --details lists the questions whose references were missed).
 */
import { readFileSync } from "node:fs";
import { datasetDir, loadQuestions, median, pdfFiles, percentile, scratchDir } from "./lib/northwind";
import { referencesOnNextPage } from "./lib/reference-pages";
import { createCollection, startServer, uploadAndWait } from "./lib/server";

async function main() {
  const dir = datasetDir();
  const urlArg = process.argv.indexOf("--url");
  const server = urlArg > 0 ? { url: process.argv[urlArg + 1], stop: async () => undefined } : await startServer(scratchDir("docchat-eval-chat-"));
  try {
    const collection = `northwind_eval_${Date.now()}`;
    await createCollection(server.url, collection);
    const files = pdfFiles(dir).map((f) => ({ name: f.name, data: new Uint8Array(readFileSync(f.path)) }));
    const ingest = await uploadAndWait(server.url, collection, files);
    if (ingest.status.status !== "completed") throw new Error("ingestion failed");

    const questions = loadQuestions(dir);
    const onNextPage = await referencesOnNextPage(pdfFiles(dir), questions);
    let matched = 0;
    let matchedWhereAnswerIs = 0;
    let retrieved = 0;
    let references = 0;
    let anyCitation = 0;
    const latencies: number[] = [];
    const distinct: number[] = [];
    for (const q of questions) {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/chat`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ messages: [{ role: "user", content: q.question }], context: { overrides: { collections: [collection] } } }),
      });
      latencies.push(performance.now() - started);
      const body = (await res.json()) as { message?: { content: string }; context?: { data_points: { citations: string[] } }; error?: string };
      if (!body.message) throw new Error(`chat failed: ${body.error}`);
      const cited = new Set([...body.message.content.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]));
      distinct.push(cited.size);
      if (cited.size > 0) anyCitation++;
      if (!q.citations.length) continue;
      const share = (hit: (c: string) => boolean) => q.citations.filter(hit).length / q.citations.length;
      matched += share((c) => cited.has(c));
      matchedWhereAnswerIs += share((c) => cited.has(onNextPage.get(`${q.question}\n${c}`) ?? c));
      references += q.citations.length;
      retrieved += q.citations.filter((c) => body.context?.data_points.citations.includes(c)).length;
      if (process.argv.includes("--details") && !q.citations.every((c) => cited.has(c))) {
        console.log(`- ${q.question}\n    reference ${q.citations.join(" ")}\n    cited     ${[...cited].join(" ")}`);
      }
    }
    const n = questions.length;
    console.log(`Northwind chat eval, ${n} questions (${process.env.OPENAI_API_KEY || process.env.OPENAI_BASE_URL ? "model" : "offline extractive"}):`);
    console.log(`  citations_matched   ${(matched / n).toFixed(2)}`);
    console.log(
      `    (${(matchedWhereAnswerIs / n).toFixed(2)} if the ${onNextPage.size} references whose answer words are on the next page named that page)`,
    );
    console.log(`  references among the retrieved passages  ${(retrieved / references).toFixed(2)}`);
    console.log(`  any_citation        ${(anyCitation / n).toFixed(2)}`);
    console.log(`  distinct citations  max ${Math.max(...distinct)}, median ${median(distinct)}`);
    console.log(`  latency             p50 ${median(latencies).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms`);
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
