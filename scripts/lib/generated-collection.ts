/**
 * The generated collections of the large-scale benchmark: deterministic text drawn word by word
 * from one of two corpora, their queries, and a few passages kept as queries too.
 *
 * - `natural`: words drawn with the frequencies they have in the six Northwind PDFs (3,185
 *   distinct words, Zipf-like as any real text), queried with Northwind's 50 real questions
 *   (typos included). What a large collection about one domain looks like to BM25.
 * - `flat`: 1,184 words (the questions' words, then words scraped from a PDF's raw bytes) drawn
 *   with rank density ∝ 1/√rank, far flatter than real text, queried with four of its most common
 *   words at a time: every query word is in 13-97% of the chunks, the worst case for BM25.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { db } from "@/lib/db/client";
import { parsePdf } from "@/lib/ingest/parsers/pdf";
import { activeIngestor } from "@/lib/knowledge";
import { addChunks, ensureTextIndex, optimizeTable, searchText, type ChunkRow } from "@/lib/knowledge/lancedb/store";
import { getEmbedder } from "@/lib/models/embedder";
import { loadQuestions, pdfFiles } from "./northwind";

export const CORPORA = ["natural", "flat"] as const;
export type CorpusKind = (typeof CORPORA)[number];

export interface Corpus {
  kind: CorpusKind;
  /** Draws the next word (deterministic: each corpus has its own seeded generator). */
  word: () => string;
  /** 50 queries of words, beside the passages kept while generating. */
  queries: string[];
}

function* rng(seed: number) {
  let s = seed >>> 0;
  for (;;) {
    s = (s * 1664525 + 1013904223) >>> 0;
    yield s / 2 ** 32;
  }
}

export async function loadCorpus(kind: CorpusKind, northwindDir: string): Promise<Corpus> {
  const questions = loadQuestions(northwindDir).map((q) => q.question);
  const random = rng(42);
  const next = () => random.next().value as number;
  if (kind === "flat") {
    const seed = questions.join(" ") + " " + readFileSync(pdfFiles(northwindDir)[0].path, "latin1").slice(0, 200_000);
    const vocabulary = [...new Set(seed.toLowerCase().match(/[a-z]{3,}/g) ?? [])];
    return {
      kind,
      word: () => vocabulary[Math.floor(vocabulary.length * Math.pow(next(), 2))],
      queries: Array.from({ length: 50 }, (_, i) => vocabulary.slice(i * 3, i * 3 + 4).join(" ")),
    };
  }
  const counts = new Map<string, number>();
  for (const file of pdfFiles(northwindDir)) {
    const { pages } = await parsePdf(new Uint8Array(readFileSync(file.path)));
    for (const page of pages) for (const w of page.text.toLowerCase().match(/[a-z]+/g) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  const words = [...counts.keys()];
  // Cumulative counts: a uniform draw below the total lands on a word as often as it occurs.
  const cumulative = new Float64Array(words.length);
  let total = 0;
  words.forEach((w, i) => (cumulative[i] = total += counts.get(w)!));
  const word = () => {
    const target = next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > target) hi = mid;
      else lo = mid + 1;
    }
    return words[lo];
  };
  return { kind, word, queries: questions.slice(0, 50) };
}

/** Passages kept from the generated chunks as queries: this many, this many words each. */
const PASSAGES = 50;
const PASSAGE_WORDS = 12;

/**
 * Writes `count` generated chunks in batches (embedded, then added), keeping nothing but a few
 * passages to query; then builds the indexes. Times embedding + writing apart from index builds.
 */
export async function generateBigCollection(name: string, corpus: Corpus, count: number) {
  const embedder = getEmbedder();
  await activeIngestor().createCollection(name, `${count} generated chunks (${corpus.kind} corpus)`);
  const fileId = randomUUID();
  await db().document.create({
    data: {
      id: fileId,
      collectionName: name,
      fileName: "generated.txt",
      fileSize: 0,
      mimeType: "text/plain",
      storagePath: "/dev/null",
      status: "success",
      chunkCount: count,
    },
  });
  const BATCH = 10_000;
  const every = Math.max(1, Math.floor(count / PASSAGES));
  const passages: string[] = [];
  let writing = 0;
  for (let start = 0; start < count; start += BATCH) {
    const texts = Array.from({ length: Math.min(BATCH, count - start) }, () => Array.from({ length: 120 }, corpus.word).join(" "));
    texts.forEach((text, i) => {
      if ((start + i) % every === 0 && passages.length < PASSAGES)
        passages.push(
          text
            .split(" ")
            .slice(40, 40 + PASSAGE_WORDS)
            .join(" "),
        );
    });
    const t = performance.now();
    const vectors = await embedder.embed(texts.map((t) => searchText("generated.txt", null, t)));
    const rows: ChunkRow[] = texts.map((content, i) => ({
      chunk_id: `${fileId}:${start + i}`,
      file_id: fileId,
      file_name: "generated.txt",
      page_number: 1 + ((start + i) % 500),
      chunk_index: start + i,
      heading: null,
      content,
      search_text: searchText("generated.txt", null, content),
      content_type: "text",
      token_count: 160,
      vector: vectors[i],
    }));
    await addChunks(name, rows);
    writing += performance.now() - t;
    if ((start / BATCH) % 10 === 9)
      console.log(`  ${start + texts.length} chunks written (${((start + texts.length) / (writing / 1000)).toFixed(0)} chunks/s)`);
  }
  let t = performance.now();
  await ensureTextIndex(name);
  const textIndexSeconds = (performance.now() - t) / 1000;
  t = performance.now();
  await optimizeTable(name); // compaction, then the vector index above VECTOR_INDEX_MIN_ROWS
  const vectorIndexSeconds = (performance.now() - t) / 1000;
  return { writeSeconds: writing / 1000, textIndexSeconds, vectorIndexSeconds, passages };
}
