import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * One-way hashes for secrets this app only has to recognise: its own ERI server's login
 * secrets (scrypt, salted — they may be human passwords) and session tokens (sha256 — they
 * are 256-bit random, so a fast hash is enough and keeps every request cheap).
 */

const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 32 };

function scryptAsync(secret: string, salt: Buffer, keyLength: number, options: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(secret, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))));
}

export async function hashCredential(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p, keyLength } = SCRYPT;
  const hash = await scryptAsync(secret, salt, keyLength, { N, r, p });
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

export async function verifyCredential(secret: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await scryptAsync(secret, Buffer.from(salt, "base64url"), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(actual, expected);
}

export const sha256Hex = (value: string) => createHash("sha256").update(value, "utf8").digest("hex");

/** Constant-time string comparison (hashes first, so lengths do not leak). */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash("sha256").update(a).digest(), createHash("sha256").update(b).digest());
}

export const randomToken = () => randomBytes(32).toString("base64url");
