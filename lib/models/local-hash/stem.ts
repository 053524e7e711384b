/** The local embedder's light English stemmer, working in place on a word's character codes. */

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
