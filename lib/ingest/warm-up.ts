import { deflateSync } from "node:zlib";
import { config } from "@/lib/config";
import { getEmbedder } from "@/lib/models/embedder";
import { chunkDocument } from "./chunk";
import { parseFile } from "./parse";
import { pdfWorkerPool } from "./workers/pdf-pool";

/**
 * What the first upload after a server start would otherwise pay for, done at the start: each
 * PDF worker thread started and reading a generated document (PDFium compiled, its hot code
 * optimised, the reflow, the tokenizer's tables and the chunker run once there), and on this
 * thread the embedder run once. `alsoWith` runs on the chunks' texts too (the caller's own per-file work,
 * such as summaries). Once per process, in the background; a failure is logged, never thrown.
 */
export function warmUpIngestion(alsoWith?: (chunkTexts: string[]) => unknown): Promise<void> {
  state.__docchatIngestWarmUp ??= warmUp(alsoWith).catch((error: unknown) =>
    console.warn("[ingest] warm-up failed:", error instanceof Error ? error.message : error),
  );
  return state.__docchatIngestWarmUp;
}

const state = globalThis as unknown as { __docchatIngestWarmUp?: Promise<void> };

async function warmUp(alsoWith?: (chunkTexts: string[]) => unknown): Promise<void> {
  const started = performance.now();
  const workers = pdfWorkerPool()?.size ?? 1;
  const { chunkTokens, chunkOverlap } = config();
  const embedder = getEmbedder();
  // One document per worker at the same time, so every worker thread starts and reads one.
  await Promise.all(
    Array.from({ length: workers }, async (_, i) => {
      const chunking = { chunkTokens, overlapTokens: chunkOverlap };
      const doc = await parseFile(samplePdf(SAMPLE_PAGES), `warm-up-${i}.pdf`, { chunk: chunking });
      const chunks = doc.chunks ?? chunkDocument(doc, chunking);
      await embedder.embed(chunks.map((c) => c.text));
      await alsoWith?.(chunks.map((c) => c.text));
    }),
  );
  console.log(`[ingest] warmed up in ${Math.round(performance.now() - started)} ms (${workers} PDF worker thread(s))`);
}

const SAMPLE_PAGES = 4;
const SAMPLE_TEXT = [
  "Coverage and Benefits",
  "Members may choose any in-network provider for preventive care, including annual physical",
  "examinations, immunizations and screenings. Out-of-network providers are covered at a",
  "lower rate, and prior authorization is required for some services. Co-payments and co-",
  "insurance apply after the deductible has been met; the out-of-pocket maximum limits what",
  "a member pays in a plan year. Claims should be filed within ninety days of the service.",
  "Exceptions",
  "Emergency services are covered at the in-network rate wherever they are received. Members",
  "who travel outside the service area should call the number on their card before a visit.",
];

/**
 * A text PDF of `pages` pages (the standard Helvetica font), written here: nothing is read from
 * disk. Its page contents are Flate-compressed as real PDFs' are, so PDFium's inflate code is
 * compiled and optimised here too (the first read of a real file then costs ~10% less CPU).
 */
function samplePdf(pages: number): Uint8Array {
  const escape = (line: string) => line.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = (page: number) =>
    `BT /F1 11 Tf 14 TL 72 720 Td (Page ${page}) Tj T* T* ${SAMPLE_TEXT.map((l) => `(${escape(l)}) Tj T*`).join(" ")} ET`;
  const objects = ["<< /Type /Catalog /Pages 2 0 R >>", "", "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"];
  const kids: string[] = [];
  for (let page = 1; page <= pages; page++) {
    // Binary data as Latin-1: one character per byte, so offsets count bytes.
    const stream = deflateSync(content(page)).toString("latin1");
    objects.push(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n${stream}\nendstream`);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${objects.length} 0 R >>`,
    );
    kids.push(`${objects.length} 0 R`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(" ")}] /Count ${pages} >>`;
  let pdf = "%PDF-1.4\n";
  const offsets = objects.map((object, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, "latin1"));
}
