import { randomFillSync } from "node:crypto";
import { listCollectionRows } from "@/lib/knowledge/repo";
import type { Chunk } from "@/lib/knowledge/schemas";
import { documentPassages, everySearchFailed, searchKnowledge } from "@/lib/knowledge/search";
import { fileFacts } from "./access";
import type { QueryArguments } from "./args";
import { chunkAccessTag, chunkCollection, chunkFileId, chunkTokens, toBit } from "./bits";
import {
  applyOmit,
  COUNT_TYPES,
  decodeBase64,
  DEFAULT_COUNT,
  DEFAULT_COUNT_TYPE,
  DEFAULT_OMIT,
  encodeVector,
  LIBRARY_VERSION,
  OMIT_KEYS,
  polymathModelName,
  PolymathError,
  sizeHint,
  takeWithinBudget,
  vectorFromBytes,
  type Bit,
  type Library,
} from "./format";
import { loadPolymathSettings, tagsGrantedBy, type PolymathSettings } from "./settings";

/**
 * The library host: a query (an embedding, or text this host embeds) searched in the published
 * collections through the Knowledge Layer's read door, restricted bits withheld, the rest cut
 * to the budget, omitted keys dropped — Library.query() of the reference host.
 */

/** Candidates fetched per search; deepened ×4 while the budget is not filled, up to the cap. */
const FIRST_POOL_MIN = 8;
const TOKENS_PER_CANDIDATE_GUESS = 50;
const MAX_POOL = 1000;

interface Target {
  name: string;
  description: string | null;
  model: string;
  dims: number;
}

async function publishedTargets(settings: PolymathSettings): Promise<Target[]> {
  const published = new Set(settings.published);
  return (await listCollectionRows())
    .filter((row) => published.has(row.name))
    .map((row) => ({ name: row.name, description: row.description, model: polymathModelName(row.embeddingModel), dims: row.embeddingDims }));
}

const modelsOf = (targets: Target[]) => [...new Set(targets.map((t) => t.model))];

/** GET /api/polymath: what this host is and how to ask it. */
export async function describeHost(endpoint: string) {
  const targets = await publishedTargets(await loadPolymathSettings());
  return {
    name: "DocChat",
    description: "A Polymath library host: POST arguments (JSON, urlencoded or multipart) to this address to get a library of matching bits.",
    endpoint,
    version: LIBRARY_VERSION,
    embedding_models: modelsOf(targets),
    collections: targets.map((t) => ({ name: t.name, description: t.description, embedding_model: t.model, dimensions: t.dims })),
    arguments: {
      version: `required, at least ${LIBRARY_VERSION}`,
      query_embedding: "base64 of little-endian float32 (float64 accepted by length); absent: a random embedding",
      query_embedding_model: "must name a published collection's model",
      query: "this host's extension: text to search for, embedded here (query_embedding_model then optional)",
      count: `default ${DEFAULT_COUNT}`,
      count_type: `${COUNT_TYPES.join(" | ")}, default ${DEFAULT_COUNT_TYPE}`,
      omit: `*, '', or any of ${OMIT_KEYS.join(", ")} (a list or a comma string); default ${DEFAULT_OMIT}`,
      access_token: "grants access tags",
    },
  };
}

/** Library.query(): the library answering `args`, or a PolymathError. */
export async function queryLibrary(args: QueryArguments, origin: string): Promise<Library> {
  const settings = await loadPolymathSettings();
  let targets = await publishedTargets(settings);
  if (targets.length === 0) throw new PolymathError("This host publishes no collections");

  let granted = new Set<string>();
  if (args.accessToken) {
    const tags = tagsGrantedBy(settings, args.accessToken);
    if (!tags) throw new PolymathError("access_token is not valid");
    granted = tags;
  }

  if (args.queryEmbeddingModel) {
    const wanted = polymathModelName(args.queryEmbeddingModel);
    const matching = targets.filter((t) => t.model === wanted);
    if (matching.length === 0) throw new PolymathError(`Embedding model was ${args.queryEmbeddingModel} but expected ${modelsOf(targets).join(" or ")}`);
    targets = matching;
  } else if (!args.query) {
    throw new PolymathError(`query_embedding_model is required (this host: ${modelsOf(targets).join(" or ")})`);
  } else {
    // Text alone: one library has one model, the first published collection's.
    targets = targets.filter((t) => t.model === targets[0].model);
  }

  let vector: Float32Array | undefined;
  if (args.queryEmbedding) {
    const bytes = decodeBase64(args.queryEmbedding, "query_embedding");
    const fits = targets.map((t) => vectorFromBytes(bytes, t.dims));
    const first = fits.findIndex(Boolean);
    if (first < 0) {
      throw new PolymathError(`query_embedding has ${bytes.byteLength} bytes; ${[...new Set(targets.map((t) => sizeHint(t.model, t.dims)))].join("; ")}`);
    }
    vector = fits[first]!;
    targets = targets.filter((t) => t.dims === vector!.length);
  } else if (!args.query) {
    vector = randomUnitVector(targets[0].dims);
    targets = targets.filter((t) => t.dims === vector!.length);
  }

  const { kept, restricted, facts } = await searchWithinBudget(args, targets, vector, granted);

  const withEmbeddings = !args.omit.all && !args.omit.keys.has("embedding");
  const vectors = withEmbeddings ? await passageVectors(kept) : new Map<string, Float32Array>();
  const bits: Bit[] = kept.map((chunk) => {
    const embedding = vectors.get(chunk.chunk_id);
    return toBit(chunk, origin, facts.get(chunkFileId(chunk))?.summary ?? null, {
      ...(embedding ? { embedding: encodeVector(embedding) } : {}),
      similarity: chunk.score,
    });
  });

  const details: NonNullable<Library["details"]> = { counts: { bits: bits.length, ...(settings.reportRestricted ? { restricted } : {}) } };
  if (restricted > 0 && settings.restrictedMessage) details.message = `Restricted results were omitted. ${settings.restrictedMessage}`;
  return {
    version: LIBRARY_VERSION,
    embedding_model: targets[0].model,
    omit: args.omit.canonical,
    sort: "similarity",
    details,
    bits: applyOmit(bits, args.omit),
  };
}

async function searchWithinBudget(args: QueryArguments, targets: Target[], vector: Float32Array | undefined, granted: Set<string>) {
  const collections = targets.map((t) => t.name);
  let pool = Math.min(MAX_POOL, args.countType === "bit" ? args.count : Math.max(FIRST_POOL_MIN, Math.ceil(args.count / TOKENS_PER_CANDIDATE_GUESS)));
  for (;;) {
    const result = await searchKnowledge({
      // The read door needs some text even when it searches by embedding (a label then).
      query: args.query ?? "query_embedding",
      top: pool,
      collections,
      mode: vector ? "vectors" : "hybrid",
      vector,
    });
    if (everySearchFailed(result)) {
      throw new PolymathError(result.failures.map((f) => f.message).join("; "));
    }
    for (const failure of result.failures) console.error(`[polymath] ${failure.name}: ${failure.message}`);
    const facts = await fileFacts([...new Set(result.chunks.map(chunkFileId))]);
    const isRestricted = (chunk: Chunk) => restrictedBy(facts.get(chunkFileId(chunk))?.tag ?? chunkAccessTag(chunk), granted);
    const walked = takeWithinBudget(result.chunks, { count: args.count, countType: args.countType }, chunkTokens, isRestricted);
    const exhausted = result.chunks.length < pool || pool >= MAX_POOL;
    if (walked.full || exhausted) return { ...walked, facts };
    pool = Math.min(MAX_POOL, pool * 4);
  }
}

const restrictedBy = (tag: string | null | undefined, granted: Set<string>) => Boolean(tag) && !granted.has(tag!);

/** The kept passages' embeddings, read file by file in document order. */
async function passageVectors(chunks: Chunk[]): Promise<Map<string, Float32Array>> {
  const files = new Map<string, { collection: string; fileId: string }>();
  for (const c of chunks) files.set(`${chunkCollection(c)}/${chunkFileId(c)}`, { collection: chunkCollection(c), fileId: chunkFileId(c) });
  const vectors = new Map<string, Float32Array>();
  const wanted = new Set(chunks.map((c) => c.chunk_id));
  for (const { collection, fileId } of files.values()) {
    for (const passage of await documentPassages(collection, { fileId, withVectors: true })) {
      if (wanted.has(passage.chunk_id) && passage.vector) vectors.set(passage.chunk_id, passage.vector);
    }
  }
  return vectors;
}

/** The format's "random embedding": a random direction of the collection's space. */
function randomUnitVector(dims: number): Float32Array {
  const raw = new Uint32Array(dims);
  randomFillSync(raw);
  const v = Float32Array.from(raw, (x) => x / 0xffffffff - 0.5);
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}
