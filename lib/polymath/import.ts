import { countTokensBounded } from "@/lib/ingest/tokens";
import { fileExtension } from "@/lib/ingest/parse";
import {
  decodeBase64,
  Library,
  LIBRARY_EXTENSION,
  LIBRARY_VERSION,
  polymathModelName,
  PolymathError,
  sizeHint,
  vectorFromBytes,
  isLibrary,
} from "./format";

/**
 * Reading a library file uploaded to a collection: its bits become passages. Embeddings are
 * reused when the library's model and dimensions are the collection's; otherwise the ingestion
 * pipeline embeds the text. `info` is kept so citations still open the bit's source.
 */

/**
 * The JSON of a library file, or null for anything else (another .json document goes to the
 * JSON parser). See isLibrary.
 */
export function libraryJson(fileName: string, data: Uint8Array): unknown {
  if (fileExtension(fileName) !== LIBRARY_EXTENSION) return null;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(data).replace(/^\uFEFF/, ""));
  } catch {
    return null;
  }
  return isLibrary(value) ? value : null;
}

export interface BitSource {
  url?: string;
  title?: string;
  description?: string;
  image_url?: string;
  /** A bit's own access tag (an export of a tagged file carries it): the host withholds it too. */
  access_tag?: string;
}

export interface ImportedBit {
  text: string;
  tokenCount: number;
  /** The bit's own embedding, when it can be reused in the collection. */
  vector: Float32Array | null;
  source: BitSource | null;
}

export interface ImportedLibrary {
  bits: ImportedBit[];
  /** How many bits brought an embedding usable in the collection (the rest are embedded). */
  reusedEmbeddings: number;
}

/** Checks a library (see libraryJson) against the collection it goes into; throws PolymathError. */
export function readLibrary(data: unknown, collection: { embeddingModel: string; embeddingDims: number }): ImportedLibrary {
  const parsed = Library.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PolymathError(`Not a valid Polymath library: ${issue.path.join(".") || "file"}: ${issue.message}`);
  }
  const library = parsed.data;
  if (library.version !== LIBRARY_VERSION)
    throw new PolymathError(`Library version ${library.version} is not supported (this app reads version ${LIBRARY_VERSION})`);

  const model = polymathModelName(collection.embeddingModel);
  const sameModel = polymathModelName(library.embedding_model) === model;
  const bits: ImportedBit[] = [];
  library.bits.forEach((bit, i) => {
    const content = bit.text?.trim();
    if (!content) return;
    let vector: Float32Array | null = null;
    if (sameModel && bit.embedding) {
      const bytes = decodeBase64(bit.embedding, `bits[${i}].embedding`);
      vector = vectorFromBytes(bytes, collection.embeddingDims);
      if (!vector)
        throw new PolymathError(`bits[${i}].embedding has ${bytes.byteLength} bytes; ${sizeHint(model, collection.embeddingDims)}`);
    }
    const info = bit.info ?? {};
    const source: BitSource = {};
    for (const key of ["url", "title", "description", "image_url"] as const) if (info[key]) source[key] = info[key];
    if (bit.access_tag) source.access_tag = bit.access_tag;
    bits.push({
      text: bit.text!,
      tokenCount: bit.token_count ?? countTokensBounded(bit.text!),
      vector,
      source: Object.keys(source).length ? source : null,
    });
  });
  if (bits.length === 0) throw new PolymathError("This library has no bits with text to import");
  return { bits, reusedEmbeddings: bits.filter((b) => b.vector).length };
}
