import { deflateSync } from "node:zlib";

/**
 * A text PDF written here (nothing is read from disk), for warming up PDFium and the page text
 * work before a real upload needs them. Its pages are drawn the way word processors export them,
 * so PDFium's hot paths for real documents run: Flate-compressed content, each line placed with
 * its own text matrix, words kerned in TJ arrays, and every other line in a Type0 font with
 * Identity-H codes and a ToUnicode map (as Word's PDFs) beside a standard font.
 */
export function samplePdf(pages: number): Uint8Array {
  const objects = ["<< /Type /Catalog /Pages 2 0 R >>", ""];
  const add = (object: string) => objects.push(object);
  const stream = (data: string) => {
    // Binary data as Latin-1: one character per byte, so offsets count bytes.
    const z = deflateSync(data).toString("latin1");
    return `<< /Length ${z.length} /Filter /FlateDecode >>\nstream\n${z}\nendstream`;
  };
  const helvetica = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const toUnicode = add(stream(IDENTITY_TO_UNICODE));
  const descriptor = add(
    "<< /Type /FontDescriptor /FontName /Arial /Flags 32 /FontBBox [-665 -325 2000 1040] /ItalicAngle 0 /Ascent 905 /Descent -212 /CapHeight 716 /StemV 80 >>",
  );
  const cidFont = add(
    `<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Arial /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${descriptor} 0 R /DW 1000 /W [32 [278] 33 126 556] /CIDToGIDMap /Identity >>`,
  );
  const type0 = add(
    `<< /Type /Font /Subtype /Type0 /BaseFont /Arial /Encoding /Identity-H /DescendantFonts [${cidFont} 0 R] /ToUnicode ${toUnicode} 0 R >>`,
  );
  const resources = `<< /Font << /F1 ${helvetica} 0 R /F2 ${type0} 0 R >> >>`;
  const kids: string[] = [];
  for (let page = 1; page <= pages; page++) {
    const contents = add(stream(pageContent(page)));
    kids.push(`${add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources ${resources} /Contents ${contents} 0 R >>`)} 0 R`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(" ")}] /Count ${pages} >>`;
  let pdf = "%PDF-1.7\n";
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

const TEXT = [
  "Coverage and Benefits",
  "Members may choose any in-network provider for preventive care, including annual physical",
  "examinations, immunizations and screenings. Out-of-network providers are covered at a",
  "lower rate, and prior authorization is required for some services. Co-payments and co-",
  "insurance apply after the deductible has been met; the out-of-pocket maximum limits what",
  "a member pays in a plan year. Claims should be filed within ninety days of the service.",
  "Exceptions",
  "• Emergency care – wherever it is received – is covered at the member’s “in-network” rate.",
  "• A plan’s “allowed amount” – the most it pays for a service – is listed in its schedule.",
  "Emergency services are covered at the in-network rate wherever they are received. Members",
  "who travel outside the service area should call the number on their card before a visit.",
];

/**
 * Characters beyond ASCII that real documents are full of (list bullets, typographic quotes and
 * dashes): text holding them is a two-byte string in V8, which takes code paths (and regular
 * expressions compiled for it) of its own. WinAnsiEncoding's byte for each, for the standard font.
 */
const WIDE_BYTES: Record<string, string> = { "•": "\\225", "’": "\\222", "“": "\\223", "”": "\\224", "–": "\\226" };
const WIDE = Object.keys(WIDE_BYTES);
const code = (c: string) => c.charCodeAt(0).toString(16).padStart(4, "0");

/** Codes 0x0020–0x007E of the Type0 font, and those of WIDE, are the same Unicode characters. */
const IDENTITY_TO_UNICODE =
  "/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def " +
  "/CMapName /Adobe-Identity-UCS def /CMapType 2 def 1 begincodespacerange <0000> <FFFF> endcodespacerange " +
  "1 beginbfrange <0020> <007E> <0020> endbfrange " +
  `${WIDE.length} beginbfchar ${WIDE.map((c) => `<${code(c)}> <${code(c)}>`).join(" ")} endbfchar ` +
  "endcmap CMapName currentdict /CMap defineresource pop end end";

/** A page: the sample text, then generated prose; lines alternate between the two fonts. */
function pageContent(page: number): string {
  const ops = [`BT /F1 14 Tf 1 0 0 1 72 740 Tm (Page ${page}) Tj ET`];
  const lines = [...TEXT, ...proseLines(page, 30)];
  lines.forEach((line, i) => {
    const y = 724 - 16 * i;
    const size = i % 9 === 0 ? 12 : 10.5;
    const shown = i % 2 ? `<${hex(line)}> Tj` : kerned(line);
    ops.push(`BT /F${i % 2 ? 2 : 1} ${size} Tf 1 0 0 1 72 ${y} Tm ${shown} ET`);
  });
  return ops.join("\n");
}

/** Passages of the same generated prose, the size of chunks: the main thread's per-chunk work warms up on them. */
export function samplePassages(count: number): string[] {
  return Array.from({ length: count }, (_, i) => [TEXT[0], ...proseLines(i + 1, 12)].join("\n"));
}

const SYLLABLES = "ben co ver ta pro vi der mem ex clu sion al in net work de duct ible sur ance plan ser vice claim um or ment".split(" ");
const COMMON = "the and of to a in for is are with by on may be after each your plan".split(" ");
/**
 * Tokens of other shapes, as real documents have them: amounts, percentages, years, hyphenated
 * and possessive words, abbreviations, quotes. The code reading words branches on each shape,
 * and V8 optimises a function only for the shapes it has seen (a new one throws the optimised
 * code away during the first upload).
 */
const SHAPES = "$250 20% 1,500 2024 (PPO) 24/7 in-network out-of-pocket co-insurance member’s plan’s e.g. Dr. “covered” – #12".split(" ");

/**
 * Lines of sentences mixing common words with words made up from syllables (real documents hold
 * thousands of distinct words, and the tokenizer and the embedder only get fast on many), tokens
 * of other shapes, questions and bulleted items.
 */
function proseLines(page: number, count: number): string[] {
  let seed = page * 7919;
  const next = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; // a fixed sequence per page
    return (seed >>> 16) % n;
  };
  const syllables = () => Array.from({ length: 2 + next(3) }, () => SYLLABLES[next(SYLLABLES.length)]).join("");
  const word = () => (next(8) === 0 ? SHAPES[next(SHAPES.length)] : next(3) ? COMMON[next(COMMON.length)] : syllables());
  const lines: string[] = [];
  let line = "";
  while (lines.length < count) {
    const words = Array.from({ length: 8 + next(10) }, word);
    const sentence = `${words[0][0].toUpperCase()}${words.join(" ").slice(1)}${".;?:"[Math.min(next(8), 3)]}`;
    if (next(6) === 0 && line) {
      lines.push(line); // a bulleted item starts its own line
      line = "•";
    }
    for (const w of sentence.split(" ")) {
      if (line.length + w.length > 88) {
        lines.push(line);
        line = "";
      }
      line += line ? ` ${w}` : w;
    }
  }
  return lines;
}

/** Words in a TJ array with small kerning between them, as word processors write justified text. */
function kerned(line: string): string {
  const words = line.split(" ");
  return `[${words.map((word, i) => `(${escape(i < words.length - 1 ? `${word} ` : word)})${i % 3 ? -12 : 8}`).join(" ")}] TJ`;
}

const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[•’“”–]/g, (c) => WIDE_BYTES[c]);
const hex = (text: string) => [...text].map(code).join("");
