/**
 * How the local embedder's feature families become one vector: each family gets sublinear tf
 * and its own L2 norm, then is added in with its weight.
 */

/** Applies sublinear tf in place and adds the family, unit-normalised and weighted, into `into`. */
export function mixFamily(into: Float64Array, acc: Float64Array, weight: number): boolean {
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
