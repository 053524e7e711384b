import type { Embedder } from "./types";
import { BIGRAM_SALT, CHARGRAM_SEED, FNV_PRIME, WORD_SEED, addHashed, fnvRange, fnvString } from "./local-hash/feature-hashing";
import { stem } from "./local-hash/stem";
import { mixFamily } from "./local-hash/vector-math";
import { STOP_WORDS, isWordChar, joinsWord, normalizeText } from "./local-hash/words";

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

const LT = 60; // '<'
const GT = 62; // '>'

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

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => (typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0)));
}
