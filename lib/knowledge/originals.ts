import { conflict, notFound } from "@/lib/errors";
import { db } from "@/lib/db/client";
import { permittedCollections } from "@/lib/security/collection-access";
import type { Principal } from "@/lib/security/principal";
import { findDocument } from "./repo";
import { isMissingOriginal, readOriginal, signedOriginalUrl } from "./storage";

/** The original uploads behind citations: found by id, or by file name as chat clients cite them. */

type StoredDocument = NonNullable<Awaited<ReturnType<typeof findDocument>>>;

/**
 * The original file as a response a PDF viewer can open at `#page=N`: a redirect to a signed
 * URL when it is in object storage (the browser keeps the #page fragment across it), else the
 * bytes. Web pages are always served here, under a sandbox policy, never from the bucket.
 */
export async function originalResponse(doc: StoredDocument): Promise<Response> {
  if (doc.mimeType !== "text/html") {
    const signed = await signedOriginalUrl(doc.storagePath, doc.fileName, doc.mimeType);
    if (signed) return new Response(null, { status: 302, headers: { Location: signed, "Cache-Control": "no-store" } });
  }
  const data = await readOriginal(doc.storagePath).catch((error: unknown) => {
    throw isMissingOriginal(error) ? notFound(`The original of '${doc.fileName}' is no longer stored`) : error;
  });
  return new Response(new Uint8Array(data), {
    headers: {
      "Content-Type": doc.mimeType,
      "Content-Length": String(data.byteLength),
      "Content-Disposition": `inline; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, max-age=300",
      // An uploaded web page opens as a page, but sandboxed: its scripts never run on this origin.
      ...(doc.mimeType === "text/html"
        ? { "Content-Security-Policy": "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'" }
        : {}),
    },
  });
}

/**
 * The document a citation path names: `<file name>`, or `<collection>/<file name>` when the
 * name is used in several collections (chat then cites it that way). The latest upload wins.
 * Only collections `principal` may read are looked in.
 */
export async function documentAtPath(segments: string[], principal: Principal): Promise<StoredDocument> {
  const [first, ...rest] = segments;
  if (rest.length && (await permittedCollections(principal, [first])).length) {
    const scoped = await latestNamed(rest.join("/"), first);
    if (scoped) return scoped;
  }
  const fileName = segments.join("/");
  const holders = await collectionsHolding([fileName]);
  const collections = await permittedCollections(principal, holders.get(fileName) ?? []);
  if (collections.length > 1) {
    throw conflict(`'${fileName}' is in several collections (${collections.join(", ")}): open /content/<collection>/${fileName}`);
  }
  const doc = collections.length ? await latestNamed(fileName, collections[0]) : null;
  if (!doc) throw notFound(`No document named '${fileName}'`);
  return doc;
}

/** The latest ingested upload of that name, else the latest upload. */
async function latestNamed(fileName: string, collectionName: string) {
  const latest = (status?: string) =>
    db().document.findFirst({ where: { fileName, collectionName, ...(status ? { status } : {}) }, orderBy: { uploadedAt: "desc" } });
  return (await latest("success")) ?? (await latest());
}

/** File name → the collections (of those given, default all) holding a document of that name. */
export async function collectionsHolding(fileNames: string[], among?: string[]): Promise<Map<string, string[]>> {
  if (fileNames.length === 0) return new Map();
  const rows = await db().document.findMany({
    where: { fileName: { in: [...new Set(fileNames)] }, ...(among ? { collectionName: { in: among } } : {}) },
    select: { fileName: true, collectionName: true },
    distinct: ["fileName", "collectionName"],
  });
  const holders = new Map<string, string[]>();
  for (const row of rows) holders.set(row.fileName, [...(holders.get(row.fileName) ?? []), row.collectionName]);
  return holders;
}
