import { readFile } from "node:fs/promises";
import { parseFile } from "@/lib/ingest/parse";
const file = process.argv[2];
const doc = await parseFile(new Uint8Array(await readFile(file)), file);
let n = 0;
for (const p of doc.pages) {
  for (const para of p.text.split("\n\n")) {
    const lines = para.split("\n");
    if (lines.length > 1 && !lines.slice(1).every((l) => l.startsWith("•") || /^\d+\./.test(l))) {
      if (n++ < 12) console.log(`p${p.pageNumber}: ${JSON.stringify(para.slice(0, 300))}`);
    }
  }
}
console.log("multi-line paragraphs:", n);
