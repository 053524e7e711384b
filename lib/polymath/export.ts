import { notFound } from "@/lib/errors";
import { findCollection, listDocuments } from "@/lib/knowledge/repo";
import { documentPassages } from "@/lib/knowledge/search";
import { accessTagOf } from "./access";
import { chunkAccessTag, toBit } from "./bits";
import { encodeVector, LIBRARY_VERSION, polymathModelName } from "./format";

/**
 * A collection as a library file, with embeddings: every ingested file's passages in document
 * order, a tagged file's bits with their `access_tag`. Streamed file by file, so a large collection never sits in memory whole. The result
 * imports into any collection (see lib/polymath/import.ts).
 */
export async function exportLibrary(collection: string, origin: string): Promise<{ fileName: string; body: ReadableStream<Uint8Array> }> {
  const row = await findCollection(collection);
  if (!row) throw notFound(`Collection '${collection}' not found`);
  const documents = (await listDocuments(collection)).filter((d) => d.status === "success");
  const encoder = new TextEncoder();
  const head = {
    version: LIBRARY_VERSION,
    embedding_model: polymathModelName(row.embeddingModel),
    // The bits are in document order, which is worth keeping.
    sort: "manual",
  };
  let index = 0;
  let count = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${JSON.stringify(head).slice(0, -1)},"bits":[`));
    },
    async pull(controller) {
      if (index >= documents.length) {
        controller.enqueue(encoder.encode(`\n],"details":${JSON.stringify({ counts: { bits: count } })}}\n`));
        controller.close();
        return;
      }
      const doc = documents[index++];
      const passages = await documentPassages(collection, { fileId: doc.id, withVectors: true });
      const fileTag = accessTagOf(doc.metadata);
      const lines = passages.map((p) => {
        // Tags travel with the bits, so an import keeps them withheld.
        const tag = fileTag ?? chunkAccessTag(p);
        const bit = toBit(p, origin, doc.summary, {
          ...(p.vector ? { embedding: encodeVector(p.vector) } : {}),
          ...(tag ? { access_tag: tag } : {}),
        });
        return `${count++ === 0 ? "" : ","}\n${JSON.stringify(bit)}`;
      });
      if (lines.length) controller.enqueue(encoder.encode(lines.join("")));
    },
  });
  return { fileName: `${collection}.polymath.json`, body };
}
