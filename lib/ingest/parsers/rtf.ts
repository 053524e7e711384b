import { IngestError } from "@/lib/errors";
import { normalizeWhitespace } from "../normalize";
import type { ParsedDocument } from "../types";
import { decodeWindows1252 } from "./text";

export const RTF_MIME_TYPE = "application/rtf";

/**
 * Destinations that hold no body text: font and colour tables, styles, document info, pictures,
 * fields' instructions (their result is read), headers and footers, annotations.
 */
const SKIPPED = new Set([
  "fonttbl",
  "colortbl",
  "stylesheet",
  "info",
  "pict",
  "object",
  "fldinst",
  "themedata",
  "colorschememapping",
  "latentstyles",
  "datastore",
  "header",
  "headerl",
  "headerr",
  "headerf",
  "footer",
  "footerl",
  "footerr",
  "footerf",
  "listtable",
  "listoverridetable",
  "rsidtbl",
  "generator",
  "xmlnstbl",
  "mmathPr",
  "pgdsctbl",
  "filetbl",
  "revtbl",
  "bkmkstart",
  "bkmkend",
  "atnid",
  "atnauthor",
  "annotation",
  "nonshppict",
  "shppict",
]);
const BREAKS: Record<string, string> = {
  par: "\n\n",
  line: "\n",
  sect: "\n\n",
  page: "\n\n",
  tab: "\t",
  cell: " | ",
  row: "\n",
  emdash: "—",
  endash: "–",
  bullet: "•",
  lquote: "‘",
  rquote: "’",
  ldblquote: "“",
  rdblquote: "”",
  emspace: " ",
  enspace: " ",
  qmspace: " ",
};

/**
 * Rich Text Format as plain text: paragraphs, line breaks, table rows (cells " | "), Unicode
 * (\uN) and code-page (\'hh, Windows-1252) characters. No npm RTF reader is both maintained and
 * pure JS, and the grammar is small: groups, control words and text.
 */
export function parseRtf(data: Uint8Array): ParsedDocument {
  const source = new TextDecoder("latin1").decode(data);
  if (!source.startsWith("{\\rtf")) throw new IngestError("This file is damaged or is not an RTF document");
  const text = normalizeWhitespace(rtfText(source));
  if (!text) throw new IngestError("No text could be extracted from this file");
  return { pages: [{ pageNumber: null, text }], pageCount: null, mimeType: RTF_MIME_TYPE };
}

function rtfText(rtf: string): string {
  let out = "";
  // Per group: skipping its text, and how many fallback characters follow a \uN (\ucN).
  const stack: { skip: boolean; uc: number }[] = [];
  let state = { skip: false, uc: 1 };
  let pendingBytes: number[] = [];
  let skipFallback = 0;
  const emit = (text: string) => {
    if (pendingBytes.length) {
      const bytes = pendingBytes;
      pendingBytes = [];
      if (!state.skip) out += decodeWindows1252(Uint8Array.from(bytes));
    }
    if (!state.skip) out += text;
  };
  const token = /\\([a-zA-Z]+)(-?\d+)? ?|\\'([0-9a-fA-F]{2})|\\([^a-zA-Z])|([{}])|[\r\n]+|([^\\{}\r\n]+)/g;
  for (const m of rtf.matchAll(token)) {
    const [, word, param, hex, symbol, brace, plain] = m;
    if (skipFallback > 0 && (hex || plain !== undefined)) {
      // The characters after \uN stand in for it in readers without Unicode: drop them.
      if (hex) {
        skipFallback--;
        continue;
      }
      const dropped = Math.min(skipFallback, plain.length);
      skipFallback -= dropped;
      if (dropped === plain.length) continue;
      emit(plain.slice(dropped));
      continue;
    }
    if (brace === "{") {
      emit("");
      stack.push(state);
      state = { ...state };
    } else if (brace === "}") {
      emit("");
      state = stack.pop() ?? state;
    } else if (hex) pendingBytes.push(parseInt(hex, 16));
    else if (symbol) {
      if (symbol === "*")
        state.skip = true; // an optional destination this reader does not know
      else if (symbol === "~") emit(" ");
      else if (symbol === "_") emit("-");
      else if (symbol === "\\" || symbol === "{" || symbol === "}") emit(symbol);
      else if (symbol === "\n" || symbol === "\r") emit("\n\n");
    } else if (word) {
      if (SKIPPED.has(word)) state.skip = true;
      else if (word === "uc") state.uc = Number(param ?? 1);
      else if (word === "u") {
        const code = Number(param);
        emit(String.fromCharCode(code < 0 ? code + 65536 : code));
        skipFallback = state.uc;
      } else if (BREAKS[word] !== undefined) emit(BREAKS[word]);
    } else if (plain !== undefined) emit(plain);
  }
  emit("");
  return out.replace(/ \| \n/g, "\n");
}
