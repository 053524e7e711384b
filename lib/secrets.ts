import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "@/lib/config";

/**
 * Credentials this app must send to other servers (ERI source secrets, a model server's API
 * key) are stored encrypted with AES-256-GCM. The key is derived from APP_SECRET, or — when
 * that is unset — from a random secret generated once into DATA_DIR/app-secret (mode 0600), so
 * a fresh install is protected without any setup. Format: `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */

const VERSION = "v1";
const IV_BYTES = 12;
const KEY_INFO = "docchat/stored-credentials/v1";

let cachedKey: { source: string; key: Buffer } | undefined;

export function secretFilePath(): string {
  return path.join(config().dataDir, "app-secret");
}

/** Reads DATA_DIR/app-secret, creating it (exclusively, 0600) on first use. */
function generatedSecret(): string {
  const file = secretFilePath();
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Another process created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    return readFileSync(file, "utf8").trim();
  }
}

function encryptionKey(): Buffer {
  const appSecret = config().appSecret;
  const source = appSecret ? `env:${appSecret}` : `file:${secretFilePath()}`;
  if (cachedKey?.source !== source) {
    const secret = appSecret || generatedSecret();
    const key = Buffer.from(hkdfSync("sha256", secret, "docchat", KEY_INFO, 32));
    cachedKey = { source, key };
  }
  return cachedKey.key;
}

export function encryptSecret(plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
}

export function decryptSecret(stored: string): string {
  const [version, iv, tag, data] = stored.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error("Stored secret has an unknown format");
  try {
    const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new Error("Stored secret cannot be decrypted (was APP_SECRET or DATA_DIR/app-secret changed?); enter it again");
  }
}

/** Tests switch DATA_DIR / APP_SECRET between cases. */
export function resetSecretKey(): void {
  cachedKey = undefined;
}
