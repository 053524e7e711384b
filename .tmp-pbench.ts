import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { parseFile } from "@/lib/ingest/parse";
import { setPdfWorkerPool } from "@/lib/ingest/workers/pdf-pool";
const dir = "/work/shared/eval/northwind";
const files = readdirSync(dir).filter((n) => n.endsWith(".pdf")).sort().map((n) => ({ n, d: new Uint8Array(readFileSync(path.join(dir, n))) }));
const mode = process.argv[2];
if (mode === "thread") setPdfWorkerPool(null);
const lanes = Number(process.argv[3] ?? 2);
for (let run = 1; run <= 6; run++) {
  const t0 = performance.now(); const c0 = process.cpuUsage();
  let next = 0; let pages = 0;
  await Promise.all(Array.from({ length: lanes }, async () => { while (next < files.length) { const f = files[next++]; pages += (await parseFile(f.d, f.n)).pages.length; } }));
  const ms = performance.now() - t0; const cpu = process.cpuUsage(c0);
  console.log(mode, "run", run, (pages / ms * 1000).toFixed(0), "pages/s", "wall", ms.toFixed(0), "cpu", ((cpu.user + cpu.system) / 1000).toFixed(0), "load", readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
}
process.exit(0);
