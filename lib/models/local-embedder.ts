import type { Embedder } from "./types";

/**
 * Offline default embedder: signed feature hashing ("hashing trick") of
 *   - word unigrams (lowercased, accents folded, lightly stemmed, stop words skipped),
 *   - word bigrams (adjacent content words, so stop words do not break a phrase),
 *   - character 3..5-grams of each word with `<`/`>` boundary markers (catches spelling and
 *     morphology variants the stemmer misses, e.g. "coinsurance" vs "co-insurance").
 * Each family gets sublinear tf (1 + ln tf) and its own L2 norm, then the families are mixed
 * with fixed weights and the result is L2-normalised, so cosine similarity = dot product.
 *
 * Deterministic across runs and machines: no downloads, no randomness, pure integer hashing.
 * Changing anything that alters the output needs a new model name (collections record it).
 */
export const LOCAL_HASH_MODEL = "local-hash-v1";
export const LOCAL_HASH_DEFAULT_DIMENSIONS = 384;
/** A text with no words at all (empty, only punctuation) gets this one dimension set to 1, so it is still unit-length. */
export const EMPTY_TEXT_DIMENSION = 0;

// Family weights: whole words carry the meaning; bigrams and char n-grams refine it.
const UNIGRAM_WEIGHT = 1.0;
const BIGRAM_WEIGHT = 0.5;
const CHARGRAM_WEIGHT = 0.4;

const MAX_WORD_CHARS = 64; // longer tokens (URLs, hashes) are truncated: they carry little meaning
const YIELD_EVERY = 64; // texts per slice before giving the event loop a turn

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const WORD_SEED = FNV_OFFSET;
const CHARGRAM_SEED = FNV_OFFSET ^ 0x5bd1e995;
const BIGRAM_SALT = 0x9e3779b1;

const LT = 60; // '<'
const GT = 62; // '>'

// Kept small on purpose. Direction words ("out", "over", "under"...) are NOT stop words here:
// "out-of-network" vs "in-network" must stay distinguishable.
const STOP_WORDS = (
  "a an the and or but if then else of at by for with about against between into through during before after " +
  "to from in on again further once here there when where why how all any both each few more most other some such " +
  "no nor not only own same so than too very can will just should now i me my we our ours you your yours he him his " +
  "she her it its they them their theirs what which who whom whose this that these those am is are was were be been being " +
  "have has had having do does did doing would could may might must shall s t dont also per via"
).split(" ");

const STOP_HASHES = new Set(STOP_WORDS.map((w) => fnvString(w, WORD_SEED)));

export interface LocalHashEmbedderOptions {
  /** Output size; collections record it, so the same value must be used to query them. */
  dimensions?: number;
}

export class LocalHashEmbedder implements Embedder {
  readonly model = LOCAL_HASH_MODEL;
  readonly dimensions: number;

  // Scratch buffers reused for every text: no per-token allocation. Safe under concurrent
  // embed() calls because embedOne() is synchronous (never interleaves mid-text).
  private readonly unigrams: Float64Array;
  private readonly bigrams: Float64Array;
  private readonly chargrams: Float64Array;
  private readonly mixed: Float64Array;
  private readonly word = new Uint16Array(MAX_WORD_CHARS);

  constructor(options: LocalHashEmbedderOptions = {}) {
    const dimensions = options.dimensions ?? LOCAL_HASH_DEFAULT_DIMENSIONS;
    if (!Number.isInteger(dimensions) || dimensions < 8 || dimensions > 65_536) {
      throw new Error(`local-hash-v1 dimensions must be an integer between 8 and 65536 (got ${dimensions})`);
    }
    this.dimensions = dimensions;
    this.unigrams = new Float64Array(dimensions);
    this.bigrams = new Float64Array(dimensions);
    this.chargrams = new Float64Array(dimensions);
    this.mixed = new Float64Array(dimensions);
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    const vectors: Float32Array[] = new Array(texts.length);
    for (let i = 0; i < texts.length; i++) {
      vectors[i] = this.embedOne(texts[i]);
      // Keep a server responsive while a large upload is embedded.
      if ((i + 1) % YIELD_EVERY === 0 && i + 1 < texts.length) await yieldToEventLoop();
    }
    return vectors;
  }

  embedSync(texts: string[]): Float32Array[] {
    return texts.map((text) => this.embedOne(text));
  }

  embedOne(input: string): Float32Array {
    const text = normalizeText(input);
    this.unigrams.fill(0);
    this.bigrams.fill(0);
    this.chargrams.fill(0);
    // A text made only of stop words ("what is it?") still deserves a vector from its words.
    if (!this.scan(text, true)) this.scan(text, false);
    return this.finish();
  }

  /** Splits `text` into words and adds their features; returns whether any word was used. */
  private scan(text: string, skipStopWords: boolean): boolean {
    const word = this.word;
    const n = text.length;
    let len = 0;
    let used = false;
    let prevWordHash = 0;
    let hasPrev = false;

    for (let i = 0; i <= n; i++) {
      const c = i < n ? text.charCodeAt(i) : 32;
      if (isWordChar(c)) {
        if (len < MAX_WORD_CHARS) word[len++] = c;
        continue;
      }
      if (len > 0 && joinsWord(c, word[len - 1], i + 1 < n ? text.charCodeAt(i + 1) : 32)) continue;
      if (len === 0) continue;

      const rawHash = fnvRange(word, len, WORD_SEED);
      const wordLen = len;
      len = 0;
      if (skipStopWords && STOP_HASHES.has(rawHash)) continue;
      used = true;

      this.addChargrams(wordLen);
      const stemLen = stem(word, wordLen);
      const wordHash = stemLen === wordLen ? rawHash : fnvRange(word, stemLen, WORD_SEED);
      addHashed(this.unigrams, wordHash, this.dimensions);
      if (hasPrev) addHashed(this.bigrams, Math.imul(prevWordHash, BIGRAM_SALT) ^ wordHash, this.dimensions);
      prevWordHash = wordHash;
      hasPrev = true;
    }
    return used;
  }

  /** 3..5-grams over "<word>", hashed incrementally without building substrings. */
  private addChargrams(len: number): void {
    const word = this.word;
    const total = len + 2;
    for (let start = 0; start + 3 <= total; start++) {
      let h = CHARGRAM_SEED;
      const end = Math.min(start + 5, total);
      for (let k = start; k < end; k++) {
        const c = k === 0 ? LT : k === total - 1 ? GT : word[k - 1];
        h = Math.imul(h ^ c, FNV_PRIME);
        if (k - start >= 2) addHashed(this.chargrams, h, this.dimensions);
      }
    }
  }

  private finish(): Float32Array {
    const d = this.dimensions;
    const mixed = this.mixed;
    mixed.fill(0);
    let anyFamily = false;
    anyFamily = mixFamily(mixed, this.unigrams, UNIGRAM_WEIGHT) || anyFamily;
    anyFamily = mixFamily(mixed, this.bigrams, BIGRAM_WEIGHT) || anyFamily;
    anyFamily = mixFamily(mixed, this.chargrams, CHARGRAM_WEIGHT) || anyFamily;

    const out = new Float32Array(d);
    let sq = 0;
    for (let i = 0; i < d; i++) sq += mixed[i] * mixed[i];
    if (!anyFamily || sq === 0) {
      out[EMPTY_TEXT_DIMENSION] = 1;
      return out;
    }
    const scale = 1 / Math.sqrt(sq);
    for (let i = 0; i < d; i++) out[i] = mixed[i] * scale;
    return out;
  }
}

/** Applies sublinear tf in place and adds the family, unit-normalised and weighted, into `into`. */
function mixFamily(into: Float64Array, acc: Float64Array, weight: number): boolean {
  let sq = 0;
  for (let i = 0; i < acc.length; i++) {
    const v = acc[i];
    if (v === 0) continue;
    const t = v > 0 ? 1 + Math.log(v) : -1 - Math.log(-v);
    acc[i] = t;
    sq += t * t;
  }
  if (sq === 0) return false;
  const scale = weight / Math.sqrt(sq);
  for (let i = 0; i < acc.length; i++) into[i] += acc[i] * scale;
  return true;
}

/** Signed hashing: bucket from the high bits, sign from the low bit, so colliding features tend to cancel. */
function addHashed(acc: Float64Array, h: number, dimensions: number): void {
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

function fnvRange(chars: Uint16Array, len: number, seed: number): number {
  let h = seed;
  for (let i = 0; i < len; i++) h = Math.imul(h ^ chars[i], FNV_PRIME);
  return h;
}

function fnvString(s: string, seed: number): number {
  let h = seed;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h;
}

const NON_ASCII = /[^\x00-\x7f]/;

/** NFKD splits PDF ligatures ("ﬁ" → "fi") and accents (dropped later); only paid for non-ASCII text. */
function normalizeText(text: string): string {
  return NON_ASCII.test(text) ? text.normalize("NFKD").toLowerCase() : text.toLowerCase();
}

function isWordChar(c: number): boolean {
  if (c < 0x80) return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
  if (c < 0xc0 || c === 0xd7 || c === 0xf7) return false; // Latin-1 symbols, ×, ÷
  if (c >= 0x0300 && c <= 0x036f) return false; // combining accents (handled by joinsWord)
  if (c >= 0x2000 && c <= 0x2bff) return false; // punctuation, symbols, arrows, math, box drawing
  if (c >= 0x3000 && c <= 0x303f) return false; // CJK punctuation
  if (c >= 0xd800 && c <= 0xdfff) return false; // surrogates (mostly emoji)
  if (c >= 0xfe30 && c <= 0xfe4f) return false; // CJK compatibility forms
  return c !== 0xfeff && c !== 0xfffd; // BOM, replacement char
}

/** Characters skipped without ending the word: accents, apostrophes ("plan's"), digit groups ("1,500"). */
function joinsWord(c: number, prev: number, next: number): boolean {
  if (c >= 0x0300 && c <= 0x036f) return true;
  if (c === 39 || c === 0x2019) return true;
  return (c === 44 || c === 46) && isDigit(prev) && isDigit(next);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isAsciiLetter(c: number): boolean {
  return c >= 97 && c <= 122;
}

function isVowel(c: number): boolean {
  return c === 97 || c === 101 || c === 105 || c === 111 || c === 117 || c === 121;
}

function hasVowel(w: Uint16Array, len: number): boolean {
  for (let i = 0; i < len; i++) if (isVowel(w[i])) return true;
  return false;
}

/** Compares the last `suffix.length` chars of w[0..len) with an ASCII suffix. */
function endsWith(w: Uint16Array, len: number, suffix: string): boolean {
  const k = suffix.length;
  if (len < k) return false;
  for (let i = 0; i < k; i++) if (w[len - k + i] !== suffix.charCodeAt(i)) return false;
  return true;
}

/**
 * Light English stemming in place (returns the new length): plurals, -ing, -ed, final -e.
 * Not Porter: just enough that "deductibles"/"deductible", "covered"/"covers"/"covering" and
 * "policies"/"policy" meet. Non-Latin and numeric tokens are left alone.
 */
export function stem(w: Uint16Array, len: number): number {
  if (len <= 3 || !isAsciiLetter(w[len - 1])) return len;

  if (endsWith(w, len, "ies") && len > 4) {
    w[len - 3] = 121; // y
    len -= 2;
  } else if (endsWith(w, len, "sses")) {
    len -= 2;
  } else if (w[len - 1] === 115 && w[len - 2] !== 115 && w[len - 2] !== 117 && w[len - 2] !== 105) {
    len -= 1; // -s, but not -ss ("class"), -us ("status"), -is ("analysis")
  }

  if (endsWith(w, len, "ing") && len - 3 >= 3 && hasVowel(w, len - 3)) {
    len = undouble(w, len - 3);
  } else if (endsWith(w, len, "ed") && len - 2 >= 3 && hasVowel(w, len - 2)) {
    len = undouble(w, len - 2);
  }

  if (len > 4 && w[len - 1] === 101) len -= 1; // "require"/"required" → "requir"
  return len;
}

/** "planned" → "plann" → "plan"; keeps -ll/-ss/-zz ("billing" → "bill"). */
function undouble(w: Uint16Array, len: number): number {
  const c = w[len - 1];
  if (len >= 3 && c === w[len - 2] && isAsciiLetter(c) && !isVowel(c) && c !== 108 && c !== 115 && c !== 122) {
    return len - 1;
  }
  return len;
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => (typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0)));
}
