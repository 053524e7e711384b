import { z } from "zod";

/**
 * The Polymath library format (specs/polymath-library-format.md) as its reference host
 * (dglazkov/polymath, polymath/library.py) reads and writes it: version 1, embeddings as base64
 * of little-endian float32 (float64 accepted by length), `omit` as one key, a list or a comma
 * string, `count_type` token or bit.
 */

export const LIBRARY_VERSION = 1;
/** The reference host's defaults when an argument is absent. */
export const DEFAULT_COUNT = 1000;
export const DEFAULT_COUNT_TYPE = "token";
export const DEFAULT_OMIT = "embedding";
export const LIBRARY_EXTENSION = ".json";

/**
 * Whether parsed JSON is a Polymath library (`{"version": 1, "embedding_model": …, "bits": […]}`):
 * a `bits` array with a `version` or an `embedding_model` beside it. The one test for it: a
 * library is imported as passages, any other JSON is read as a document.
 */
export function isLibrary(value: unknown): value is { bits: unknown[] } {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  return Array.isArray((value as { bits?: unknown }).bits) && ("version" in value || "embedding_model" in value);
}

/** A Polymath error: every one is answered HTTP 200 `{"error": message}`, as the reference host does. */
export class PolymathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PolymathError";
  }
}

// ─── Embedding models ──────────────────────────────────────────────

const OPENAI_MODEL_RE = /^text-embedding-/;

/**
 * The name a Polymath client sees for a collection's embedding model: `vendor:model`, with
 * `openai.com:text-embedding-ada-002` exactly as the format names it. The offline embedder is
 * this app's own (`docchat:local-hash-v1`). A client may also send the bare model name.
 */
export function polymathModelName(model: string): string {
  if (model.includes(":")) return model;
  if (OPENAI_MODEL_RE.test(model)) return `openai.com:${model}`;
  return `docchat:${model}`;
}

// ─── Embeddings: base64 of raw little-endian floats ────────────────

const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;

/** Standard or URL-safe base64, padding optional, whitespace ignored; anything else throws. */
export function decodeBase64(text: string, what = "embedding"): Uint8Array {
  let clean = text.replace(/\s+/g, "").replace(/-/g, "+").replace(/_/g, "/");
  const unpadded = clean.replace(/=+$/, "");
  if (unpadded.length % 4 === 1 || !BASE64_RE.test(clean)) throw new PolymathError(`${what} is not valid base64`);
  clean = unpadded + "=".repeat((4 - (unpadded.length % 4)) % 4);
  return new Uint8Array(Buffer.from(clean, "base64"));
}

/**
 * Floats from raw bytes, told apart by length: `dims` float32 values (4 bytes each, what the
 * format specifies) or `dims` float64 values (8 bytes each, what some later clients send).
 * Null when the length fits neither.
 */
export function vectorFromBytes(bytes: Uint8Array, dims: number): Float32Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength === dims * 4) return Float32Array.from({ length: dims }, (_, i) => view.getFloat32(i * 4, true));
  if (bytes.byteLength === dims * 8) return Float32Array.from({ length: dims }, (_, i) => view.getFloat64(i * 8, true));
  return null;
}

/** The float32 encoding the format specifies (little-endian on every platform). */
export function encodeVector(vector: ArrayLike<number>): string {
  const bytes = new Uint8Array(vector.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < vector.length; i++) view.setFloat32(i * 4, vector[i], true);
  return Buffer.from(bytes).toString("base64");
}

export function sizeHint(model: string, dims: number): string {
  return `${model} embeddings have ${dims} dimensions: ${dims * 4} bytes as float32 or ${dims * 8} as float64`;
}

// ─── omit ──────────────────────────────────────────────────────────

/** Keys the reference host lets a client omit (`*` = whole bits, `''` = nothing). */
export const OMIT_KEYS = ["similarity", "embedding", "token_count", "info", "access_tag"] as const;
export type OmitKey = (typeof OMIT_KEYS)[number];
/** The spec's own example writes `embeddings`: taken for `embedding`. */
const OMIT_ALIASES: Record<string, OmitKey> = { embeddings: "embedding" };

export interface OmitSpec {
  /** `*`: every bit is dropped (after counting). */
  all: boolean;
  keys: ReadonlySet<OmitKey>;
  /**
   * As the library states it: one string, several keys joined by commas. The reference client
   * refuses any other type (it asserts a string), though the reference host answers a list.
   */
  canonical: string;
}

/** `*`, one key, a comma string (`"embedding,info"`) or a list; absent means `embedding`. */
export function parseOmit(raw: unknown = DEFAULT_OMIT): OmitSpec {
  if (raw === undefined || raw === null) raw = DEFAULT_OMIT;
  let items: string[];
  if (typeof raw === "string") items = raw.split(",");
  else if (Array.isArray(raw) && raw.every((v) => typeof v === "string"))
    items = raw.flatMap((v: string) => (v.includes(",") ? v.split(",") : [v]));
  else throw new PolymathError("omit must be a string or a list of strings");
  items = items.map((s) => s.trim());
  if (items.length === 0) items = [""];
  const keys = new Set<OmitKey>();
  let all = false;
  for (const item of items) {
    if (item === "" || item === "*") {
      if (items.length !== 1) throw new PolymathError(`If '${item}' is provided, it must be the only item.`);
      all = item === "*";
      continue;
    }
    const key = OMIT_ALIASES[item] ?? item;
    if (!(OMIT_KEYS as readonly string[]).includes(key)) {
      throw new PolymathError(`Illegal omit key type: ${item} (legal: *, '', ${OMIT_KEYS.join(", ")})`);
    }
    keys.add(key as OmitKey);
  }
  return { all, keys, canonical: all ? "*" : [...keys].join(",") };
}

// ─── count, count_type ─────────────────────────────────────────────

export const COUNT_TYPES = ["token", "bit"] as const;
export type CountType = (typeof COUNT_TYPES)[number];

export interface Budget {
  /** Below zero: every candidate (the reference host's "all items"). */
  count: number;
  countType: CountType;
}

export interface Walked<T> {
  kept: T[];
  /** Restricted candidates met before the budget ran out: they would have been returned. */
  restricted: number;
  /** The budget stopped the walk (more candidates would not change the result). */
  full: boolean;
}

export interface WalkOptions<T> {
  isRestricted?: (item: T) => boolean;
  /** The first bit cut to `count` characters: what a token budget smaller than it gets. */
  shorten?: (item: T, count: number) => T;
}

/**
 * Takes candidates in order within the budget, as the reference host's Library.slice(): `bit`
 * keeps up to `count` bits; `token` stops before the first bit whose tokens would take the
 * total over `count`, except that a first bit over the whole budget comes shortened. Restricted
 * candidates are skipped and counted.
 */
export function takeWithinBudget<T>(
  candidates: readonly T[],
  budget: Budget,
  tokensOf: (item: T) => number,
  options: WalkOptions<T> = {},
): Walked<T> {
  const kept: T[] = [];
  let restricted = 0;
  let tokens = 0;
  const limited = budget.count >= 0;
  for (const item of candidates) {
    if (options.isRestricted?.(item)) {
      restricted++;
      continue;
    }
    if (limited && budget.countType === "bit" && kept.length >= budget.count) return { kept, restricted, full: true };
    const size = tokensOf(item);
    if (limited && budget.countType === "token" && tokens + size > budget.count) {
      if (kept.length === 0 && options.shorten) kept.push(options.shorten(item, budget.count));
      return { kept, restricted, full: true };
    }
    kept.push(item);
    tokens += size;
  }
  return { kept, restricted, full: limited && budget.countType === "bit" && kept.length >= budget.count };
}

// ─── The library file ──────────────────────────────────────────────

export const SORTS = ["any", "similarity", "manual", "random"] as const;

export const BitInfo = z
  .object({
    url: z.string().optional(),
    image_url: z.string().optional(),
    title: z.string().optional(),
    description: z.string().optional(),
  })
  .passthrough();
export type BitInfo = z.infer<typeof BitInfo>;

export const Bit = z
  .object({
    text: z.string().optional(),
    embedding: z.string().optional(),
    token_count: z.number().int().min(0).optional(),
    similarity: z.number().optional(),
    access_tag: z.string().nullable().optional(),
    info: BitInfo.optional(),
  })
  .passthrough();
export type Bit = z.infer<typeof Bit>;

export const Library = z
  .object({
    version: z.number().int(),
    embedding_model: z.string().min(1),
    omit: z.union([z.string(), z.array(z.string())]).optional(),
    sort: z.enum(SORTS).optional(),
    details: z
      .object({
        message: z.string().optional(),
        counts: z
          .object({ bits: z.number().int().min(0).optional(), restricted: z.number().int().min(0).optional() })
          .passthrough()
          .optional(),
      })
      .passthrough()
      .optional(),
    bits: z.array(Bit),
  })
  .passthrough();
export type Library = z.infer<typeof Library>;

/** Drops the omitted keys from each bit (`*` drops the bits); `access_tag` never leaves the host. */
export function applyOmit(bits: Bit[], omit: OmitSpec): Bit[] {
  if (omit.all) return [];
  return bits.map((bit) => {
    const copy: Record<string, unknown> = { ...bit };
    delete copy.access_tag;
    for (const key of omit.keys) delete copy[key];
    return copy as Bit;
  });
}
