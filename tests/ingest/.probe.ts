import { readFile } from "node:fs/promises";
import { chunkDocument } from "@/lib/ingest/chunk";
import { parseFile } from "@/lib/ingest/parse";
const [file, ...pages] = process.argv.slice(2);
const doc = await parseFile(new Uint8Array(await readFile(file)), file);
const chunks = chunkDocument(doc, { chunkTokens: 512, overlapTokens: 64 });
for (const p of pages.map(Number)) {
  console.log(`===== PAGE ${p} text =====\n${doc.pages[p - 1].text}`);
  for (const c of chunks.filter((c) => c.pageNumber === p)) console.log(`----- chunk ${c.index} [${c.tokenCount} tok] heading=${JSON.stringify(c.heading)}\n${c.text}`);
}
if (pages.length === 0) {
  const hs = new Map<string, number>();
  for (const c of chunks) hs.set(String(c.heading), (hs.get(String(c.heading)) ?? 0) + 1);
  console.log([...hs.entries()].map(([h, n]) => `${n}\t${h}`).join("\n"));
  console.log("small:", chunks.filter((c) => c.tokenCount < 60).map((c) => `p${c.pageNumber} ${JSON.stringify(c.text)}`).join("\n"));
}
