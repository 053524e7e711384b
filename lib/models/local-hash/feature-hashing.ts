/**
 * Feature hashing for the local embedder: FNV-1a over a word's characters (seeded per feature
 * family), then signed hashing into a vector's buckets.
 */

const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;
export const WORD_SEED = FNV_OFFSET;
export const CHARGRAM_SEED = FNV_OFFSET ^ 0x5bd1e995;
export const BIGRAM_SALT = 0x9e3779b1;

/** Signed hashing: bucket from the high bits, sign from the low bit, so colliding features tend to cancel. */
export function addHashed(acc: Float64Array, h: number, dimensions: number): void {
  const m = fmix32(h);
  acc[(m >>> 1) % dimensions] += (m & 1) === 0 ? 1 : -1;
}

/** murmur3 finaliser: spreads FNV's weak low bits before taking bucket and sign. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export function fnvRange(chars: Uint16Array, len: number, seed: number): number {
  let h = seed;
  for (let i = 0; i < len; i++) h = Math.imul(h ^ chars[i], FNV_PRIME);
  return h;
}

export function fnvString(s: string, seed: number): number {
  let h = seed;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h;
}
