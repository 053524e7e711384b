import { strToU8, unzipSync, zipSync } from "fflate";
import { burn } from "@kenjiuno/msgreader/lib/Burner";
import { TypeEnum } from "@kenjiuno/msgreader/lib/Reader";
import * as UTIF from "utif2";
import { PNG } from "pngjs";

/**
 * Fixtures of the formats a library cannot write for a test (OpenDocument text and slides,
 * EPUB, RTF, e-mail, Outlook .msg, multi-page TIFF, macro-enabled Office files), written here
 * from their specifications: each is the smallest real file of its kind, with words no other
 * fixture uses.
 */

const ODF_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ' +
  'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" office:version="1.3"';

function odf(mimeType: string, body: string): Uint8Array {
  return zipSync({
    // The ODF package starts with its uncompressed MIME type (that is how file-type knows it).
    mimetype: [strToU8(mimeType), { level: 0 }],
    "META-INF/manifest.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mimeType}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
    ),
    "content.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NS}><office:body>${body}</office:body></office:document-content>`,
    ),
  });
}

export function makeOdt(): Uint8Array {
  return odf(
    "application/vnd.oasis.opendocument.text",
    `<office:text>
      <text:h text:outline-level="1">Harbour Rules</text:h>
      <text:p>Boats moor at the <text:span>eastern</text:span> pier.<text:s text:c="2"/>The narwhal buoy marks the channel.</text:p>
      <text:h text:outline-level="2">Fees</text:h>
      <text:list><text:list-item><text:p>Day berth: 12 euros</text:p></text:list-item><text:list-item><text:p>Week berth: 60 euros</text:p></text:list-item></text:list>
      <table:table table:name="Tides"><table:table-row><table:table-cell><text:p>Day</text:p></table:table-cell><table:table-cell><text:p>High tide</text:p></table:table-cell></table:table-row>
      <table:table-row><table:table-cell><text:p>Monday</text:p></table:table-cell><table:table-cell><text:p>06:40</text:p></table:table-cell></table:table-row></table:table>
    </office:text>`,
  );
}

export function makeOdp(): Uint8Array {
  const frame = (cls: string, text: string) =>
    `<draw:frame presentation:class="${cls}"><draw:text-box><text:p>${text}</text:p></draw:text-box></draw:frame>`;
  return odf(
    "application/vnd.oasis.opendocument.presentation",
    `<office:presentation>
      <draw:page draw:name="page1">${frame("title", "Lighthouse Survey")}${frame("outline", "The lantern room needs new glazing.")}</draw:page>
      <draw:page draw:name="page2">${frame("title", "Budget")}${frame("outline", "The cormorant fund pays for the repairs.")}
        <presentation:notes>${frame("notes", "Ask the council about the grant.")}</presentation:notes></draw:page>
    </office:presentation>`,
  );
}

export function makeEpub(): Uint8Array {
  const chapter = (title: string, body: string) =>
    strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`,
    );
  return zipSync({
    mimetype: [strToU8("application/epub+zip"), { level: 0 }],
    "META-INF/container.xml": strToU8(
      `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`,
    ),
    "OEBPS/content.opf": strToU8(
      `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata/><manifest>` +
        `<item id="c2" href="text/two.xhtml" media-type="application/xhtml+xml"/><item id="c1" href="text/one.xhtml" media-type="application/xhtml+xml"/>` +
        `</manifest><spine><itemref idref="c1"/><itemref idref="c2"/></spine></package>`,
    ),
    "OEBPS/text/one.xhtml": chapter("The Voyage", "<p>The schooner left the fjord at dawn with a cargo of salted herring.</p>"),
    "OEBPS/text/two.xhtml": chapter("The Storm", "<p>A squall tore the mainsail near the lighthouse of Vardø.</p>"),
  });
}

export const RTF_TEXT = String.raw`{\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0 Times New Roman;}}{\colortbl;\red0\green0\blue0;}{\info{\title Ignored title}}
{\*\generator Hand;}\f0\fs24 Caf\'e9 opening hours\par
The espresso machine is descaled every Tuesday\emdash by the barista on duty.\par
Price in yen: \u165?500 and \uc0\u8364 4.\par
\trowd\cellx2000\cellx4000 Item\cell Price\cell\row
\trowd\cellx2000\cellx4000 Flat white\cell 3.20\cell\row
}`;

/** A MIME message with a text body and attachments (base64 parts), as a mail client saves it. */
export function makeEml(attachments: { name: string; type: string; data: Uint8Array }[]): Uint8Array {
  const boundary = "=_boundary_42";
  const parts = [
    `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\nHi team,\r\n\r\nThe walrus inventory is attached; the audit closes on Friday.\r\n\r\nRegards,\r\nIngrid\r\n`,
    ...attachments.map(
      (a) =>
        `Content-Type: ${a.type}; name="${a.name}"\r\nContent-Disposition: attachment; filename="${a.name}"\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.from(a.data).toString("base64").replace(/.{76}/g, "$&\r\n")}\r\n`,
    ),
  ];
  const head = `From: Ingrid Berg <ingrid@example.com>\r\nTo: Audit Team <audit@example.com>\r\nSubject: Walrus inventory audit\r\nDate: Tue, 10 Mar 2026 09:15:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n`;
  return strToU8(head + parts.map((p) => `--${boundary}\r\n${p}`).join("") + `--${boundary}--\r\n`);
}

/**
 * An Outlook .msg: an OLE compound file whose streams are MAPI properties (subject, sender,
 * plain-text body) and one attachment storage, burned with msgreader's own CFB writer.
 */
export function makeMsg(attachment: { name: string; data: Uint8Array }): Uint8Array {
  const unicode = (text: string) => Uint8Array.from(Buffer.from(text, "utf16le"));
  const doc = (name: string, data: Uint8Array) => ({ name, type: TypeEnum.DOCUMENT, length: data.byteLength, binaryProvider: () => data });
  // Top-level property stream: a 32-byte header, no fixed-size properties.
  const topProps = new Uint8Array(32);
  const attachProps = new Uint8Array(8);
  const entries = [
    { name: "Root Entry", type: TypeEnum.ROOT, length: 0, children: [1, 2, 3, 4, 5, 6] },
    doc("__substg1.0_0037001F", unicode("Narwhal sighting report")),
    doc("__substg1.0_0C1A001F", unicode("Harbour Master")),
    doc("__substg1.0_1000001F", unicode("Two narwhals were seen off the northern breakwater at noon.")),
    doc("__properties_version1.0", topProps),
    { name: "__attach_version1.0_#00000000", type: TypeEnum.DIRECTORY, length: 0, children: [7, 8, 9] },
    doc("__substg1.0_0E1D001F", unicode("Narwhal sighting report")),
    doc("__substg1.0_3707001F", unicode(attachment.name)),
    doc("__substg1.0_37010102", attachment.data),
    doc("__properties_version1.0", attachProps),
  ];
  return burn(entries);
}

/** A multi-page TIFF (uncompressed RGBA strips), as scanners and fax software write them. */
export function makeTiff(pages: Uint8Array[]): Uint8Array {
  const images = pages.map((png) => PNG.sync.read(Buffer.from(png)));
  // The IFD chain first (utif2 writes only that), each page's pixels after it at known offsets.
  const header = 4096;
  let offset = header;
  const ifds = images.map(({ width, height }) => {
    const ifd = {
      t256: [width],
      t257: [height],
      t258: [8, 8, 8, 8],
      t259: [1],
      t262: [2],
      t273: [offset],
      t277: [4],
      t278: [height],
      t279: [width * height * 4],
      t284: [1],
      t338: [1],
    };
    offset += width * height * 4;
    return ifd;
  });
  const prefix = new Uint8Array(UTIF.encode(ifds as unknown as UTIF.IFD[]));
  const out = new Uint8Array(offset);
  out.set(prefix);
  let at = header;
  for (const image of images) {
    out.set(image.data, at);
    at += image.data.byteLength;
  }
  return out;
}

/** An Office file re-declared as its macro-enabled kind (the content type file-type reads), macros aside. */
export function withMacroContentType(office: Uint8Array, from: string, to: string): Uint8Array {
  const files = unzipSync(office);
  const types = new TextDecoder().decode(files["[Content_Types].xml"]);
  files["[Content_Types].xml"] = strToU8(types.replace(from, to));
  return zipSync(files);
}
