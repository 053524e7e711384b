import { statSync, readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { hashCredential, verifyCredential } from "@/lib/security/hashing";
import { decryptSecret, encryptSecret, resetSecretKey, secretFilePath } from "@/lib/secrets";
import { resetConfig } from "@/lib/config";
import { freshEriDataDir } from "./knowledge-fixture";

describe("stored secret encryption (AES-256-GCM)", () => {
  beforeEach(async () => {
    delete process.env.APP_SECRET;
    await freshEriDataDir();
  });

  it("round-trips, with a fresh IV every time and no plaintext in the output", () => {
    const a = encryptSecret("hunter2-token");
    const b = encryptSecret("hunter2-token");
    expect(a).not.toBe(b);
    expect(a).not.toContain("hunter2");
    expect(a.startsWith("v1.")).toBe(true);
    expect(decryptSecret(a)).toBe("hunter2-token");
    expect(decryptSecret(encryptSecret(""))).toBe("");
  });

  it("generates DATA_DIR/app-secret once, readable by the owner only", () => {
    const sealed = encryptSecret("x");
    const file = secretFilePath();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const first = readFileSync(file, "utf8");
    resetSecretKey();
    expect(decryptSecret(sealed)).toBe("x");
    expect(readFileSync(file, "utf8")).toBe(first);
  });

  it("detects tampering and a changed key", () => {
    const sealed = encryptSecret("secret value");
    const parts = sealed.split(".");
    const flipped = Buffer.from(parts[3], "base64url");
    flipped[0] ^= 1;
    expect(() => decryptSecret([...parts.slice(0, 3), flipped.toString("base64url")].join("."))).toThrow(/cannot be decrypted/);
    expect(() => decryptSecret("garbage")).toThrow(/unknown format/);

    process.env.APP_SECRET = "a configured app secret";
    resetConfig();
    expect(() => decryptSecret(sealed)).toThrow(/APP_SECRET/);
    const withEnvKey = encryptSecret("other");
    expect(decryptSecret(withEnvKey)).toBe("other");
    delete process.env.APP_SECRET;
    resetConfig();
  });
});

describe("login secret hashing (scrypt)", () => {
  it("verifies the right secret only", async () => {
    const stored = await hashCredential("correct horse");
    expect(stored).not.toContain("correct horse");
    expect(await verifyCredential("correct horse", stored)).toBe(true);
    expect(await verifyCredential("correct horsE", stored)).toBe(false);
    expect(await verifyCredential("", stored)).toBe(false);
    expect(await verifyCredential("correct horse", null)).toBe(false);
    expect(await verifyCredential("correct horse", "sha1$abc")).toBe(false);
    expect(await hashCredential("correct horse")).not.toBe(stored); // salted
  });
});
