/**
 * Answer quality on the Northwind set through the running app's /api/chat:
 * citations_matched, any_citation (as defined by azure-search-openai-demo) and latency.
 *   npm run eval [-- /path/to/northwind] [--url http://host:port]   (default: starts its own server)
 */
import { readFileSync } from "node:fs";
import { datasetDir, loadQuestions, median, pdfFiles, percentile, scratchDir } from "./lib/northwind";
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
    let matched = 0;
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
      const body = (await res.json()) as { message?: { content: string }; error?: string };
      if (!body.message) throw new Error(`chat failed: ${body.error}`);
      const cited = new Set([...body.message.content.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]));
      distinct.push(cited.size);
      if (cited.size > 0) anyCitation++;
      if (q.citations.length) matched += q.citations.filter((c) => cited.has(c)).length / q.citations.length;
    }
    const n = questions.length;
    console.log(`Northwind chat eval, ${n} questions (${process.env.OPENAI_API_KEY || process.env.OPENAI_BASE_URL ? "model" : "offline extractive"}):`);
    console.log(`  citations_matched   ${(matched / n).toFixed(2)}`);
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
