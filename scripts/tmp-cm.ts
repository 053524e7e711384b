import { activeIngestor } from "@/lib/knowledge";
import { runChat } from "@/lib/chat/approach";
import { ingestFiles, scratchApp } from "./lib/in-process";
import { loadQuestions, pdfFiles } from "./lib/northwind";
const dir = "/work/shared/eval/northwind";
const tmp = await scratchApp("cm-");
await activeIngestor().createCollection("nw");
await ingestFiles("nw", pdfFiles(dir), tmp);
let matched = 0; let n = 0;
for (const q of loadQuestions(dir)) {
  let answer = "";
  for await (const e of runChat({ messages: [{ role: "user", content: q.question }], overrides: {}, chatId: null })) if (e.type === "done") answer = e.answer;
  const cited = new Set([...answer.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]));
  n += cited.size;
  matched += q.citations.filter((c) => cited.has(c)).length / q.citations.length;
}
console.log("citations_matched", (matched / 50).toFixed(3), "mean cited", (n / 50).toFixed(2));
process.exit(0);
