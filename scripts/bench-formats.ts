/**
 * Parse + chunk speed of every non-PDF format, and OCR speed (not a test; `npm run bench` runs
 * it after its own figures, or alone):
 *   npx tsx scripts/bench-formats.ts [runs]
 * Each fixture is generated here (docx, pptxgenjs, exceljs, pdf-lib, a drawn PNG); prints per
 * format the median time of `runs` parses and its rate, then OCR pages/s on a generated scanned
 * PDF and images, through the same worker pools the server uses.
 */
import { pathToFileURL } from "node:url";
import { AlignmentType, Document, HeadingLevel, Packer, Paragraph } from "docx";
import ExcelJS from "exceljs";
import PptxGenJS from "pptxgenjs";
import { config } from "@/lib/config";
import { chunkDocument } from "@/lib/ingest/chunk";
import { parseFile } from "@/lib/ingest/parse";
import { closeOcrPool } from "@/lib/ingest/workers/ocr-pool";
import { pdfWorkerPool } from "@/lib/ingest/workers/pdf-pool";
import { makeScannedPdf, makeTextImage } from "../tests/ingest/helpers/formats";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const utf8 = (text: string) => new TextEncoder().encode(text);

/** A sentence of plain words, different for every i, so chunks and indexes see varied text. */
const sentence = (i: number) => `Clause ${i} sets out how request ${i * 7} is reviewed by the board within ${i % 30} days of its receipt.`;

interface Fixture {
  name: string;
  data: Uint8Array;
  /** What the rate counts ("pages", "slides", "rows", ...) and how many. */
  unit: string;
  units: number;
}

async function fixtures(): Promise<Fixture[]> {
  const sections = 100;
  const docx = new Document({
    sections: [
      {
        children: Array.from({ length: sections }, (_, s) => [
          new Paragraph({ text: `Section ${s + 1} Heading`, heading: HeadingLevel.HEADING_1 }),
          ...Array.from(
            { length: 6 },
            (_, p) =>
              new Paragraph({
                text: Array.from({ length: 4 }, (_, k) => sentence(s * 100 + p * 4 + k)).join(" "),
                alignment: AlignmentType.LEFT,
              }),
          ),
        ]).flat(),
      },
    ],
  });
  const deck = new PptxGenJS();
  for (let i = 0; i < 100; i++) {
    const slide = deck.addSlide();
    slide.addText(`Slide ${i + 1} Title`, { x: 0.5, y: 0.3, w: 9, h: 1, fontSize: 28 });
    slide.addText(Array.from({ length: 4 }, (_, k) => sentence(i * 10 + k)).join("\n"), { x: 0.5, y: 1.5, w: 9, h: 3 });
    slide.addNotes(sentence(i));
  }
  const rows = 20_000;
  const book = new ExcelJS.Workbook();
  for (const sheetName of ["Orders", "Returns"]) {
    const sheet = book.addWorksheet(sheetName);
    sheet.addRow(["Order", "Customer", "Region", "Amount", "Date"]);
    for (let i = 0; i < rows / 2; i++)
      sheet.addRow([
        `O-${i}`,
        `Customer ${i % 997}`,
        ["North", "South", "East", "West"][i % 4],
        (i * 37) % 10_000,
        new Date(Date.UTC(2024, i % 12, 1 + (i % 28))),
      ]);
  }
  const csvRows = Array.from(
    { length: rows },
    (_, i) => `O-${i},Customer ${i % 997},${["North", "South", "East", "West"][i % 4]},${(i * 37) % 10_000}`,
  );
  const html = `<html><head><title>Policies</title></head><body><nav>${"<a href='/'>Home</a> ".repeat(50)}</nav><main><article>${Array.from(
    { length: sections },
    (_, s) =>
      `<h2>Policy ${s + 1}</h2>${Array.from({ length: 6 }, (_, p) => `<p>${Array.from({ length: 4 }, (_, k) => sentence(s * 100 + p * 4 + k)).join(" ")}</p>`).join("")}`,
  ).join("")}</article></main><footer>Footer</footer></body></html>`;
  const json = JSON.stringify({
    service: "bench",
    clauses: Object.fromEntries(
      Array.from({ length: sections }, (_, s) => [
        `section_${s}`,
        Array.from({ length: 6 }, (_, p) => ({ id: s * 6 + p, text: sentence(s * 6 + p) })),
      ]),
    ),
  });
  const markdown = Array.from(
    { length: sections },
    (_, s) =>
      `## Section ${s + 1}\n\n${Array.from({ length: 6 }, (_, p) => Array.from({ length: 4 }, (_, k) => sentence(s * 100 + p * 4 + k)).join(" ")).join("\n\n")}`,
  ).join("\n\n");
  return [
    { name: "bench.docx", data: new Uint8Array(await Packer.toBuffer(docx)), unit: "sections", units: sections },
    { name: "bench.pptx", data: new Uint8Array((await deck.write({ outputType: "nodebuffer" })) as Buffer), unit: "slides", units: 100 },
    { name: "bench.xlsx", data: new Uint8Array(await book.xlsx.writeBuffer()), unit: "rows", units: rows },
    { name: "bench.csv", data: utf8(`Order,Customer,Region,Amount\n${csvRows.join("\n")}\n`), unit: "rows", units: rows },
    { name: "bench.html", data: utf8(html), unit: "sections", units: sections },
    { name: "bench.json", data: utf8(json), unit: "sections", units: sections },
    { name: "bench.md", data: utf8(markdown), unit: "sections", units: sections },
  ];
}

async function timeParse(fixture: Fixture, runs: number): Promise<{ ms: number; chunks: number }> {
  const times: number[] = [];
  let chunks = 0;
  for (let run = 0; run < runs; run++) {
    const t0 = performance.now();
    const doc = await parseFile(fixture.data, fixture.name);
    chunks = chunkDocument(doc, { chunkTokens: config().chunkTokens, overlapTokens: config().chunkOverlap }).length;
    times.push(performance.now() - t0);
  }
  return { ms: median(times), chunks };
}

export async function benchFormats(runs: number): Promise<void> {
  console.log(`\nPer-format parse + chunk, median of ${runs} runs (one file at a time, this thread; generated fixtures):`);
  for (const fixture of await fixtures()) {
    const { ms, chunks } = await timeParse(fixture, runs);
    const kb = fixture.data.byteLength / 1024;
    console.log(
      `  ${fixture.name.padEnd(11)} ${kb.toFixed(0).padStart(6)} KB  ${ms.toFixed(0).padStart(6)} ms  ` +
        `${(fixture.units / (ms / 1000)).toFixed(0).padStart(7)} ${fixture.unit}/s  ${(kb / 1024 / (ms / 1000)).toFixed(2)} MB/s  ${chunks} chunks`,
    );
  }

  const { ocrWorkers } = config();
  const pages = 6;
  const lines = (p: number) => Array.from({ length: 12 }, (_, l) => sentence(p * 12 + l).slice(0, 80));
  const scanned = await makeScannedPdf(Array.from({ length: pages }, (_, p) => lines(p)));
  // Warm the pools (worker start-up and model load are paid once per server, not per file).
  await parseFile(await makeScannedPdf([["Warm up page."]]), "warm.pdf");
  const t0 = performance.now();
  const doc = await parseFile(scanned, "scanned.pdf");
  const ocrMs = performance.now() - t0;
  const read = doc.pages.filter((p) => p.text.length > 0).length;
  console.log(
    `OCR, scanned PDF (${pages} generated A4-size pages, rendered at 1700 px wide, ${ocrWorkers} OCR workers): ` +
      `${(pages / (ocrMs / 1000)).toFixed(2)} pages/s (${ocrMs.toFixed(0)} ms, ${read}/${pages} pages with text)`,
  );
  const image = await makeTextImage(lines(0).slice(0, 6));
  const t1 = performance.now();
  await Promise.all(Array.from({ length: 4 }, (_, i) => parseFile(image, `photo${i}.png`)));
  const imageMs = performance.now() - t1;
  console.log(`OCR, PNG screenshots (1400 px wide, 6 lines; 4 at once): ${(4 / (imageMs / 1000)).toFixed(2)} images/s`);
  await closeOcrPool();
  await pdfWorkerPool()?.close();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchFormats(Number(process.argv[2] ?? 3)).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
