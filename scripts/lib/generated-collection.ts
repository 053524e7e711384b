/** The generated collection of the large-scale benchmark: deterministic text, its vocabulary and query passages. */
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { activeIngestor } from "@/lib/knowledge";
import { addChunks, ensureTextIndex, optimizeTable, searchText, type ChunkRow } from "@/lib/knowledge/lancedb/store";
import { getEmbedder } from "@/lib/models/embedder";

/** Deterministic pseudo-random text: a Zipf-like draw from a fixed vocabulary. */
export function makeVocabulary(seedText: string): string[] {
  const words = [...new Set(seedText.toLowerCase().match(/[a-z]{3,}/g) ?? [])];
  return words.length > 500 ? words : Array.from({ length: 5000 }, (_, i) => `term${i}`);
}
function* rng(seed: number) {
  let s = seed >>> 0;
  for (;;) {
    s = (s * 1664525 + 1013904223) >>> 0;
    yield s / 2 ** 32;
  }
}

/** Passages kept from the generated chunks as queries: this many, this many words each. */
const PASSAGES = 50;
const PASSAGE_WORDS = 12;

/**
 * Writes `count` generated chunks in batches (embedded, then added), keeping nothing but a few
 * passages to query; then builds the indexes. Times embedding + writing apart from index builds.
 */
export async function generateBigCollection(name: string, vocabulary: string[], count: number) {
  const embedder = getEmbedder();
  await activeIngestor().createCollection(name, `${count} generated chunks`);
  const fileId = randomUUID();
  await db().document.create({
    data: { id: fileId, collectionName: name, fileName: "generated.txt", fileSize: 0, mimeType: "text/plain", storagePath: "/dev/null", status: "success", chunkCount: count },
  });
  const random = rng(42);
  const word = () => vocabulary[Math.floor(vocabulary.length * Math.pow(random.next().value as number, 2))];
  const BATCH = 10_000;
  const every = Math.max(1, Math.floor(count / PASSAGES));
  const passages: string[] = [];
  let writing = 0;
  for (let start = 0; start < count; start += BATCH) {
    const texts = Array.from({ length: Math.min(BATCH, count - start) }, () => Array.from({ length: 120 }, word).join(" "));
    texts.forEach((text, i) => {
      if ((start + i) % every === 0 && passages.length < PASSAGES) passages.push(text.split(" ").slice(40, 40 + PASSAGE_WORDS).join(" "));
    });
    const t = performance.now();
    const vectors = await embedder.embed(texts.map((t) => searchText("generated.txt", null, t)));
    const rows: ChunkRow[] = texts.map((content, i) => ({
      chunk_id: `${fileId}:${start + i}`, file_id: fileId, file_name: "generated.txt", page_number: 1 + ((start + i) % 500),
      chunk_index: start + i, heading: null, content, search_text: searchText("generated.txt", null, content),
      content_type: "text", token_count: 160, vector: vectors[i],
    }));
    await addChunks(name, rows);
    writing += performance.now() - t;
    if ((start / BATCH) % 10 === 9) console.log(`  ${start + texts.length} chunks written (${((start + texts.length) / (writing / 1000)).toFixed(0)} chunks/s)`);
  }
  let t = performance.now();
  await ensureTextIndex(name);
  const textIndexSeconds = (performance.now() - t) / 1000;
  t = performance.now();
  await optimizeTable(name); // compaction, then the vector index above VECTOR_INDEX_MIN_ROWS
  const vectorIndexSeconds = (performance.now() - t) / 1000;
  return { writeSeconds: writing / 1000, textIndexSeconds, vectorIndexSeconds, passages };
}

