import { randomFillSync } from "node:crypto";
import { countTokens } from "@/lib/ingest/tokens";
import { listCollectionRows } from "@/lib/knowledge/repo";
import type { Chunk } from "@/lib/knowledge/schemas";
import { documentPassages, everySearchFailed, searchKnowledge } from "@/lib/knowledge/search";
import { embedderFor } from "@/lib/models/embedder";
import { permittedCollections } from "@/lib/security/collection-access";
import { integration } from "@/lib/security/principal";
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
  type Library,
} from "./format";
import { loadPolymathSettings, tagsGrantedBy, type PolymathSettings } from "./settings";
import { log } from "@/lib/log";

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
  /** As Polymath names it (`openai.com:text-embedding-ada-002`). */
  model: string;
  /** As the collection records it (`text-embedding-ada-002`). */
  embeddingModel: string;
  dims: number;
}

/** Whom the host reads as: access tags then decide which of those bits leave it. */
const POLYMATH_PRINCIPAL = integration("polymath");

async function publishedTargets(settings: PolymathSettings): Promise<Target[]> {
  const rows = (await listCollectionRows()).filter((row) => settings.published.includes(row.name));
  const readable = new Set(
    await permittedCollections(
      POLYMATH_PRINCIPAL,
      rows.map((r) => r.name),
    ),
  );
  return rows
    .filter((row) => readable.has(row.name))
    .map((row) => ({
      name: row.name,
      description: row.description,
      model: polymathModelName(row.embeddingModel),
      embeddingModel: row.embeddingModel,
      dims: row.embeddingDims,
    }));
}

const modelsOf = (targets: Target[]) => [...new Set(targets.map((t) => t.model))];

/** GET /api/polymath: what this host is and how to ask it. */
export async function describeHost(endpoint: string) {
  const targets = await publishedTargets(await loadPolymathSettings());
  return {
    name: "DocChat",
    description:
      "A Polymath library host: POST arguments (JSON, urlencoded or multipart) to this address to get a library of matching bits.",
    endpoint,
    version: LIBRARY_VERSION,
    embedding_models: modelsOf(targets),
    collections: targets.map((t) => ({ name: t.name, description: t.description, embedding_model: t.model, dimensions: t.dims })),
    arguments: {
      version: `required, at least ${LIBRARY_VERSION}`,
      query_embedding: "base64 of little-endian float32 (float64 accepted by length); absent: a random embedding",
      query_embedding_model: "must name a published collection's model",
      query: "this host's extension: text to search for, embedded here (query_embedding_model then optional)",
      count: `default ${DEFAULT_COUNT}; below zero: every bit`,
      count_type: `${COUNT_TYPES.join(" | ")}, default ${DEFAULT_COUNT_TYPE}`,
      omit: `*, '', or any of ${OMIT_KEYS.join(", ")} (a list or a comma string); default ${DEFAULT_OMIT}`,
      access_token: "grants access tags (one this host does not know grants none)",
    },
  };
}

/** Library.query(): the library answering `args`, or a PolymathError. */
export async function queryLibrary(args: QueryArguments, origin: string): Promise<Library> {
  const settings = await loadPolymathSettings();
  const published = await publishedTargets(settings);
  if (published.length === 0) throw new PolymathError("This host publishes no collections");
  // As the reference host: a token it does not know grants nothing, and the public bits are answered.
  const granted = (args.accessToken ? tagsGrantedBy(settings, args.accessToken) : null) ?? new Set<string>();
  const { vector, targets } = await queryVector(args, targetsOfModel(args, published));

  const { kept, restricted, facts } = await searchWithinBudget(args, targets, vector, granted);
  const vectors = await passageVectors(kept);
  const withEmbeddings = !args.omit.all && !args.omit.keys.has("embedding");
  const bits = kept
    .map((chunk) => {
      const passage = vectors.get(chunk.chunk_id);
      return toBit(chunk, origin, facts.get(chunkFileId(chunk))?.summary ?? null, {
        ...(withEmbeddings && passage ? { embedding: encodeVector(passage) } : {}),
        // The plain dot product, as the reference host computes it (below zero included).
        similarity: passage ? dot(vector, passage) : chunk.score,
      });
    })
    .sort((a, b) => b.similarity! - a.similarity!);

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

/** The published collections whose model the query names (text alone: the first collection's). */
function targetsOfModel(args: QueryArguments, targets: Target[]): Target[] {
  if (args.queryEmbeddingModel) {
    const wanted = polymathModelName(args.queryEmbeddingModel);
    const matching = targets.filter((t) => t.model === wanted);
    if (matching.length === 0)
      throw new PolymathError(`Embedding model was ${args.queryEmbeddingModel} but expected ${modelsOf(targets).join(" or ")}`);
    return matching;
  }
  if (!args.query) throw new PolymathError(`query_embedding_model is required (this host: ${modelsOf(targets).join(" or ")})`);
  return targets.filter((t) => t.model === targets[0].model);
}

/**
 * The query as an embedding, and the collections of its dimensions: the client's embedding
 * (float32 or float64), the text embedded here as the client would have, or a random one.
 */
async function queryVector(args: QueryArguments, targets: Target[]): Promise<{ vector: Float32Array; targets: Target[] }> {
  let vector: Float32Array;
  if (args.queryEmbedding) {
    const bytes = decodeBase64(args.queryEmbedding, "query_embedding");
    const fit = targets.map((t) => vectorFromBytes(bytes, t.dims)).find(Boolean);
    if (!fit)
      throw new PolymathError(
        `query_embedding has ${bytes.byteLength} bytes; ${[...new Set(targets.map((t) => sizeHint(t.model, t.dims)))].join("; ")}`,
      );
    vector = fit;
  } else if (args.query) {
    vector = await embedQuery(args.query, targets[0]);
  } else {
    vector = randomUnitVector(targets[0].dims);
  }
  return { vector, targets: targets.filter((t) => t.dims === vector.length) };
}

async function embedQuery(text: string, target: Target): Promise<Float32Array> {
  try {
    return (await embedderFor(target.embeddingModel, target.dims).embed([text]))[0];
  } catch (error) {
    throw new PolymathError(`The query could not be embedded: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}

async function searchWithinBudget(args: QueryArguments, targets: Target[], vector: Float32Array, granted: Set<string>) {
  const collections = targets.map((t) => t.name);
  const unlimited = args.count < 0;
  let pool = unlimited
    ? MAX_POOL
    : Math.min(
        MAX_POOL,
        args.countType === "bit" ? args.count : Math.max(FIRST_POOL_MIN, Math.ceil(args.count / TOKENS_PER_CANDIDATE_GUESS)),
      );
  for (;;) {
    const result = await searchKnowledge({
      // The read door needs some text even when it searches by embedding (a label then).
      query: args.query ?? "query_embedding",
      principal: POLYMATH_PRINCIPAL,
      top: pool,
      collections,
      mode: "vectors",
      vector,
      // Bits are passages ranked by similarity, however many share a page (as the reference host ranks them).
      perPage: Number.POSITIVE_INFINITY,
    });
    if (everySearchFailed(result)) {
      throw new PolymathError(result.failures.map((f) => f.message).join("; "));
    }
    for (const failure of result.failures) log("error", "polymath_search_failed", { collection: failure.name, message: failure.message });
    const facts = await fileFacts([...new Set(result.chunks.map(chunkFileId))]);
    const walked = takeWithinBudget(result.chunks, { count: args.count, countType: args.countType }, chunkTokens, {
      isRestricted: (chunk) => restrictedBy(facts.get(chunkFileId(chunk))?.tag ?? chunkAccessTag(chunk), granted),
      shorten: shortenedTo,
    });
    const exhausted = result.chunks.length < pool || pool >= MAX_POOL;
    if (walked.full || exhausted) return { ...walked, facts };
    pool = Math.min(MAX_POOL, pool * 4);
  }
}

/** The reference host's cut of a first bit over the whole token budget: its first `count` characters. */
function shortenedTo(chunk: Chunk, count: number): Chunk {
  const content = chunk.content.slice(0, count);
  return { ...chunk, content, metadata: { ...chunk.metadata, token_count: countTokens(content) } };
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
