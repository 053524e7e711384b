import MsgReader from "@kenjiuno/msgreader";
import { parseHTML } from "linkedom";
import { simpleParser, type AddressObject } from "mailparser";
import { IngestError } from "@/lib/errors";
import { normalizeWhitespace } from "../normalize";
import type { ParsedDocument, ParsedPage } from "../types";
import { htmlPages } from "./html";

export const EML_MIME_TYPE = "message/rfc822";
export const MSG_MIME_TYPE = "application/vnd.ms-outlook";

/** Parses an attachment as the upload would (by its name and content): given by ../parse.ts. */
export type ParseAttachment = (data: Uint8Array, fileName: string) => Promise<ParsedDocument>;

interface Mail {
  subject: string;
  headers: [string, string][];
  text: string;
  html: string;
  attachments: { fileName: string; content: Uint8Array }[];
}

/** Attachments read from one message at most; a mail with more is rarely about its 21st file. */
const MAX_ATTACHMENTS = 20;

/** An e-mail saved as .eml (MIME): read with mailparser. */
export async function parseEml(data: Uint8Array, parseAttachment: ParseAttachment): Promise<ParsedDocument> {
  let mail: Mail;
  try {
    const parsed = await simpleParser(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
      skipTextToHtml: true,
      skipImageLinks: true,
    });
    const addresses = (value: AddressObject | AddressObject[] | undefined) =>
      (Array.isArray(value) ? value : value ? [value] : [])
        .flatMap((v) => v.value)
        .map((a) => (a.name ? `${a.name} <${a.address ?? ""}>` : (a.address ?? "")))
        .join(", ");
    mail = {
      subject: parsed.subject ?? "",
      headers: [
        ["From", addresses(parsed.from)],
        ["To", addresses(parsed.to)],
        ["Cc", addresses(parsed.cc)],
        ["Date", parsed.date?.toISOString().slice(0, 16).replace("T", " ") ?? ""],
      ],
      text: parsed.text ?? "",
      html: typeof parsed.html === "string" ? parsed.html : "",
      // Inline pictures of the body (logos, signatures) are not attachments a reader opens.
      attachments: parsed.attachments
        .filter((a) => !a.related)
        .map((a) => ({ fileName: a.filename ?? "attachment", content: new Uint8Array(a.content) })),
    };
  } catch (error) {
    throw Object.assign(new IngestError("This e-mail file is damaged and cannot be read"), { cause: error });
  }
  if (!mail.subject && !mail.text && !mail.html && mail.headers.every(([, v]) => !v))
    throw new IngestError("This file is not an e-mail (no headers or body were found)");
  return mailDocument(mail, EML_MIME_TYPE, parseAttachment);
}

/** An Outlook message (.msg, an OLE compound file): read with @kenjiuno/msgreader. */
export async function parseMsg(data: Uint8Array, parseAttachment: ParseAttachment): Promise<ParsedDocument> {
  let mail: Mail;
  try {
    const reader = new MsgReader(new DataView(data.buffer, data.byteOffset, data.byteLength));
    const fields = reader.getFileData();
    if (fields.error) throw new Error(fields.error);
    const to = (fields.recipients ?? []).map((r) => (r.name && r.email ? `${r.name} <${r.email}>` : (r.name ?? r.email ?? "")));
    mail = {
      subject: fields.subject ?? "",
      headers: [
        ["From", [fields.senderName, fields.senderEmail && `<${fields.senderEmail}>`].filter(Boolean).join(" ")],
        ["To", to.join(", ")],
        ["Date", fields.messageDeliveryTime ?? fields.clientSubmitTime ?? ""],
      ],
      text: fields.body ?? "",
      html: fields.bodyHtml ?? "",
      attachments: (fields.attachments ?? [])
        .filter((a) => !a.attachmentHidden && !a.innerMsgContent)
        .map((a) => {
          const { fileName, content } = reader.getAttachment(a);
          return { fileName: fileName || a.name || "attachment", content };
        }),
    };
  } catch (error) {
    throw Object.assign(new IngestError("This Outlook message is damaged and cannot be read"), { cause: error });
  }
  return mailDocument(mail, MSG_MIME_TYPE, parseAttachment);
}

/**
 * The message (its headers, then its body) and each attachment's pages after it, every
 * attachment page cited as "attachment report.pdf, p.3". An attachment that cannot be read is
 * named in the message's text with the reason; the message is still read.
 */
async function mailDocument(mail: Mail, mimeType: string, parseAttachment: ParseAttachment): Promise<ParsedDocument> {
  const head = mail.headers.filter(([, v]) => v).map(([k, v]) => `${k}: ${v}`);
  if (mail.subject) head.push(`Subject: ${mail.subject}`);
  const heading = mail.subject || null;
  const pages: ParsedPage[] = [];
  const body = mail.text.trim() ? normalizeWhitespace(mail.text) : "";
  const notes: string[] = [];
  const attachmentPages: ParsedPage[] = [];
  const fileNotes: string[] = [];
  for (const [i, attachment] of mail.attachments.entries()) {
    if (i >= MAX_ATTACHMENTS) {
      notes.push(`${mail.attachments.length - MAX_ATTACHMENTS} more attachments were not read.`);
      break;
    }
    try {
      const doc = await parseAttachment(attachment.content, attachment.fileName);
      for (const page of doc.pages) attachmentPages.push(asAttachmentPage(page, attachment.fileName));
      notes.push(`Attachment: ${attachment.fileName}`);
      fileNotes.push(...(doc.notes ?? []).map((note) => `${attachment.fileName}: ${note}`));
    } catch (error) {
      if (!(error instanceof IngestError)) throw error;
      notes.push(`Attachment ${attachment.fileName} was not read: ${error.message}`);
    }
  }
  const summary = [head.join("\n"), body, notes.join("\n")].filter(Boolean).join("\n\n");
  pages.push({ pageNumber: null, text: summary, heading, contentSubtype: "mail" });
  if (!body && mail.html) {
    const html = parseHTML(`<html><body>${mail.html}</body></html>`).document.body as unknown as Element;
    pages.push(...htmlPages(html, { subtype: "mail", title: mail.subject }));
  }
  pages.push(...attachmentPages);
  return {
    pages,
    pageCount: null,
    mimeType,
    markdownHeadings: !body && Boolean(mail.html),
    ...(fileNotes.length ? { notes: fileNotes } : {}),
  };
}

function asAttachmentPage(page: ParsedPage, fileName: string): ParsedPage {
  const where = [`attachment ${fileName}`, page.locator ?? (page.pageNumber ? `p.${page.pageNumber}` : "")].filter(Boolean).join(", ");
  return { ...page, pageNumber: null, locator: where, heading: page.heading ?? fileName };
}
