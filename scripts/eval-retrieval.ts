/**
 * Retrieval quality on the Northwind set: recall@1/3/5/10 of the reference page, per mode.
 *   npm run eval:retrieval [-- /path/to/northwind]
 */
import { activeIngestor, activeRetriever } from "@/lib/knowledge";
import { stopWorker } from "@/lib/knowledge";
import type { RetrievalMode } from "@/lib/knowledge/schemas";
import { ingestFiles, scratchApp } from "./lib/in-process";
import { datasetDir, loadQuestions, pdfFiles } from "./lib/northwind";

const KS = [1, 3, 5, 10];
const MODES: RetrievalMode[] = ["hybrid", "text", "vectors"];

async function main() {
  const dir = datasetDir();
  const tmp = await scratchApp("docchat-eval-");
  await activeIngestor().createCollection("northwind", "Northwind evaluation set");
  const job = await ingestFiles("northwind", pdfFiles(dir), tmp);
  if (job.status !== "completed") throw new Error(`ingestion failed: ${JSON.stringify(job.file_details)}`);
  const questions = loadQuestions(dir).filter((q) => q.citations.length);

  console.log(`Retrieval recall of the reference page, ${questions.length} questions, top-k chunks:`);
  for (const mode of MODES) {
    const hits = Object.fromEntries(KS.map((k) => [k, 0])) as Record<number, number>;
    for (const q of questions) {
      const result = await activeRetriever().retrieve(q.question, "northwind", 10, null, { mode });
      const ids = result.chunks.map((c) => `${c.file_name}#page=${c.page_number}`);
      for (const k of KS) if (q.citations.some((c) => ids.slice(0, k).includes(c))) hits[k]++;
    }
    const line = KS.map((k) => `recall@${k}=${(hits[k] / questions.length).toFixed(2)}`).join("  ");
    console.log(`  ${mode.padEnd(8)} ${line}`);
  }
  await stopWorker();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
