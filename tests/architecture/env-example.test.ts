import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** `.env.example` is the deployer's list of settings: every variable the app reads is in it. */

const root = path.resolve(import.meta.dirname, "..", "..");
/** Set by the platform or the toolchain, not by whoever deploys. */
const PLATFORM = new Set(["NODE_ENV", "NEXT_RUNTIME", "VERCEL", "NEXT_DIST_DIR", "NEXT_TELEMETRY_DISABLED"]);

function sources(): string[] {
  const files = ["lib", "app", "scripts"].flatMap((dir) =>
    readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && /\.(ts|tsx|mjs)$/.test(e.name) && !e.parentPath.includes("generated"))
      .map((e) => path.join(e.parentPath, e.name)),
  );
  return [...files, path.join(root, "proxy.ts"), path.join(root, "next.config.js")];
}

describe(".env.example", () => {
  it("names every environment variable the app reads", () => {
    const read = new Set<string>();
    for (const file of sources()) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]+)|process\.env\[["']([A-Z][A-Z0-9_]+)["']\]/g)) read.add(m[1] ?? m[2]);
      // lib/config.ts declares its variables as the keys of one zod object.
      if (file.endsWith(path.join("lib", "config.ts"))) for (const m of text.matchAll(/^\s+([A-Z][A-Z0-9_]+): z\./gm)) read.add(m[1]);
    }
    const example = readFileSync(path.join(root, ".env.example"), "utf8");
    const missing = [...read].filter((name) => !PLATFORM.has(name) && !example.includes(name)).sort();
    expect(read.size).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });
});
