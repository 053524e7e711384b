import { afterAll, describe, expect, it, vi } from "vitest";
import { ocrNote, readScan } from "@/lib/ingest/ocr";
import { parseFile } from "@/lib/ingest/parse";
import { withNotes } from "@/lib/knowledge/serialize";
import { closeOcrPool, ocrPool } from "@/lib/ingest/workers/ocr-pool";
import * as fixtures from "./helpers/formats";

/**
 * OCR'd pages read as a person reads them: columns one after the other, tables row by row, French,
 * German and Spanish with their letters, and a note on the file when its language has no OCR model here.
 */

afterAll(() => closeOcrPool());

const LEFT = [
  "The river flows north through the",
  "old town, past the water mill and",
  "under three stone bridges before",
  "it reaches the harbour and the sea.",
];
const LEFT_2 = ["Fishing boats leave the harbour", "at dawn and return every evening."];
const RIGHT = [
  "Bakers open their shops at six in",
  "the morning and close at noon on",
  "most Sundays, when the market",
  "fills the square by the cathedral.",
];
const RIGHT_2 = ["The town hall clock has not kept", "the right time for ninety years."];
const TITLE = "Notes on a small coastal town and its daily life";

const words = (lines: string[]) => lines.join(" ");

describe("pages scanned sideways or upside down", () => {
  const NOTICE = [
    "Quarterly maintenance notice for the harbour crane",
    "Inspections start on Monday at seven in the morning",
    "Contact the dock office about overtime pay",
  ];

  it("reads a picture turned by 90, 180 or 270 degrees the right way up", async () => {
    const upright = await fixtures.makeTextImage(NOTICE);
    for (const degrees of [90, 180, 270] as const) {
      const doc = await parseFile(await fixtures.turnImage(upright, degrees), `notice-${degrees}.png`);
      expect(doc.pages[0].text, `${degrees}°`).toBe(words(NOTICE));
      expect(doc.notes, `${degrees}°`).toBeUndefined();
    }
  });

  it("reads a JPEG or WebP photo of a page turned by 90, 180 or 270 degrees the right way up", async () => {
    const upright = await fixtures.makeTextImage(NOTICE);
    for (const [format, extension] of [
      ["jpeg", "jpg"],
      ["webp", "webp"],
    ] as const) {
      for (const degrees of [90, 180, 270] as const) {
        const doc = await parseFile(await fixtures.turnImage(upright, degrees, format), `notice-${degrees}.${extension}`);
        expect(doc.pages[0].text, `${format} ${degrees}°`).toBe(words(NOTICE));
        expect(doc.pages[0].contentSubtype, `${format} ${degrees}°`).toBe(format === "jpeg" ? "jpg" : "webp");
      }
    }
  });

  it("reads a scanned PDF page fed in sideways, beside an upright one", async () => {
    // A Letter page at 150 dpi, its text at the top; turned, it lies across the PDF page.
    const upright = await fixtures.makeLayoutImage([{ x: 100, y: 150, lines: LEFT }], { width: 1275, height: 1650, fontSize: 30 });
    const pdf = await fixtures.makeScannedPdf([NOTICE, await fixtures.turnImage(upright, 270)]);
    const doc = await parseFile(pdf, "scans.pdf");
    expect(doc.pages.map((p) => p.text)).toEqual([words(NOTICE), words(LEFT)]);
  });
});

describe("OCR reading order", () => {
  it("reads a two-column scan column by column, under a title that spans both", async () => {
    const image = await fixtures.makeLayoutImage([
      { x: 60, y: 70, lines: [TITLE] },
      { x: 60, y: 160, lines: LEFT },
      { x: 60, y: 370, lines: LEFT_2 },
      { x: 740, y: 160, lines: RIGHT },
      { x: 740, y: 370, lines: RIGHT_2 },
      { x: 60, y: 520, lines: ["Printed by the town council for its visitors, spring edition."] },
    ]);
    const text = (await parseFile(image, "town.png")).pages[0].text;
    // Word order counts: columns read across the gutter score about half.
    const expected = [TITLE, words(LEFT), words(LEFT_2), words(RIGHT), words(RIGHT_2)].join(" ");
    expect(fixtures.wordAccuracy(expected, text)).toBeGreaterThanOrEqual(0.95);
    expect(text).toContain("before it reaches the harbour and the sea.");
    expect(text).toContain("on most Sundays, when the market fills the square by the cathedral.");
    expect(text.indexOf("Notes on a small")).toBeLessThan(text.indexOf("The river flows"));
    expect(text.indexOf("Printed by the town council")).toBeGreaterThan(text.indexOf("ninety years"));
  });

  it("reads the columns of a scanned PDF page in order", async () => {
    const page = await fixtures.makeLayoutImage([
      { x: 60, y: 80, lines: [...LEFT, "", ...LEFT_2] },
      { x: 720, y: 80, lines: [...RIGHT, "", ...RIGHT_2] },
    ]);
    const pdf = await fixtures.makeScannedPdf([page]);
    const text = (await parseFile(pdf, "town.pdf")).pages[0].text;
    expect(fixtures.wordAccuracy([words(LEFT), words(LEFT_2), words(RIGHT), words(RIGHT_2)].join(" "), text)).toBeGreaterThanOrEqual(0.95);
  });

  it("keeps a table's rows whole: short cells are not columns of prose", async () => {
    const image = await fixtures.makeLayoutImage([
      { x: 60, y: 70, lines: ["Station", "Oslo", "Bergen", "Tromsø", "Bodø"] },
      { x: 500, y: 70, lines: ["Rainfall", "763", "2250", "1031", "1020"] },
      { x: 900, y: 70, lines: ["Days", "113", "239", "178", "181"] },
    ]);
    const text = (await parseFile(image, "rain.png")).pages[0].text;
    expect(text).toMatch(/Oslo 763 113/);
    expect(text).toMatch(/Bergen 2250 239/);
  });
});

const FRENCH = [
  "Le château était fermé à cause de la tempête.",
  "Les élèves ont reçu leurs résultats très tôt,",
  "et la bibliothèque reste ouverte jusqu'à vingt heures.",
];
const GERMAN = [
  "Die Straßenbahn fährt heute wegen der Bauarbeiten",
  "nicht über die Brücke. Fahrgäste müssen am Bahnhof",
  "umsteigen und werden gebeten, früher loszufahren.",
];

const SPANISH = [
  "El año pasado la compañía abrió una oficina en",
  "Valparaíso, junto al puerto, y contrató a más de",
  "cincuenta técnicos para el nuevo señalizador.",
];
const ITALIAN = [
  "Il treno per Milano partirà alle otto dal binario",
  "tre. I passeggeri sono pregati di salire in carrozza",
  "e di non lasciare i bagagli incustoditi nella stazione.",
];

describe("OCR languages", () => {
  it("reads a French scan with the French model: accents kept, no note", async () => {
    const doc = await parseFile(await fixtures.makeTextImage(FRENCH), "avis.png");
    expect(doc.pages[0].text).toBe(FRENCH.join(" "));
    expect(doc.notes).toBeUndefined();
  });

  it("reads the French pages of a scanned PDF in French, and English pages in English", async () => {
    const pdf = await fixtures.makeScannedPdf([
      FRENCH,
      ["The castle was closed because of the storm.", "Pupils received their results early."],
    ]);
    const doc = await parseFile(pdf, "avis.pdf");
    expect(doc.pages[0].text).toContain("Le château était fermé à cause de la tempête.");
    expect(doc.pages[1].text).toContain("The castle was closed because of the storm.");
    expect(doc.notes).toBeUndefined();
  });

  it("reads the later pages of a French document with the French model first: one pass a page", async () => {
    const pages = [FRENCH, FRENCH.slice(1), FRENCH.slice(0, 2), FRENCH.slice(2), FRENCH.slice(0, 1)];
    const pool = ocrPool()!;
    const recognize = vi.spyOn(pool, "recognize");
    try {
      const doc = await parseFile(await fixtures.makeScannedPdf(pages), "avis.pdf");
      expect(doc.pages.map((p) => p.text)).toEqual(pages.map((lines) => lines.join(" ")));
      // English then French for the pages started before any was read; French alone after.
      const langs = recognize.mock.calls.map(([, lang]) => lang ?? "eng");
      expect(langs).toHaveLength(pages.length + Math.min(pool.size, pages.length));
      expect(langs.slice(-(pages.length - pool.size))).toEqual(Array(pages.length - pool.size).fill("fra"));
    } finally {
      recognize.mockRestore();
    }
  });

  it("reads German and Spanish scans with their models: ß, ü, ñ kept", async () => {
    const german = await parseFile(await fixtures.makeTextImage(GERMAN), "aushang.png");
    expect(german.pages[0].text).toBe(GERMAN.join(" "));
    const spanish = await parseFile(await fixtures.makeTextImage(SPANISH), "aviso.png");
    expect(spanish.pages[0].text).toBe(SPANISH.join(" "));
    expect([german.notes, spanish.notes]).toEqual([undefined, undefined]);
  });

  it("notes on the file a scan in a language OCR has no model for", async () => {
    const doc = await parseFile(await fixtures.makeTextImage(ITALIAN), "avviso.png");
    expect(doc.pages[0].text).toContain("binario");
    expect(doc.notes).toEqual([
      "The scanned text looks like Italian, which OCR here cannot read yet (only English, French, German and Spanish): some words may be misread.",
    ]);
  });

  it("notes a scan in another script, read as Latin letters with low confidence", async () => {
    const russian = ["Поезд отправляется с первой платформы в восемь", "часов утра. Пассажиров просят занять свои места."];
    const doc = await parseFile(await fixtures.makeTextImage(russian), "board.png");
    expect(doc.notes).toEqual([
      "The scanned text was read with low confidence: some of it may be wrong. It may be in a script OCR here cannot read (only English, French, German and Spanish) or a poor scan.",
    ]);
  });

  it("leaves out text read with hardly any confidence, and says so", async () => {
    const pool = (confidence: number) => ({
      recognize: async () => ({ text: "0000 0000 00C0 0000\n", words: [], confidence, ms: 1 }),
    });
    const noise = await readScan(pool(16), new Uint8Array());
    expect(noise).toMatchObject({ text: "", noise: true });
    const doubtful = await readScan(pool(45), new Uint8Array());
    expect(doubtful).toMatchObject({ text: "0000 0000 00C0 0000", confidence: 45 });
    const good = { text: "Fine.", language: "en", confidence: 92 } as const;
    expect(ocrNote([good, noise, good])).toBe(
      "1 of 3 scanned pages were read with low confidence (the text of 1 was left out). It may be in a script OCR here cannot read (only English, French, German and Spanish) or a poor scan.",
    );
    expect(ocrNote([good, good])).toBeNull();
  });

  it("keeps the latest ingestion's notes in the file's metadata, and drops old ones", () => {
    const noted = withNotes('{"team":"ops"}', ["The scanned text looks like German…"]);
    expect(JSON.parse(noted)).toEqual({ team: "ops", notes: ["The scanned text looks like German…"] });
    expect(JSON.parse(withNotes(noted, undefined))).toEqual({ team: "ops" });
  });
});
