/**
 * `npm run lock:unpublished`: records in package-lock.json the optional dependencies the registry
 * does not have, so that `npm ci` accepts the lock (scripts/lib/lockfile.ts says why). Run it
 * after anything that rewrites the lock from scratch; `-- --check` only lists them (exit 1 if any).
 * Asks the registry, through npm, only about the packages missing from the lock.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { placeholderEntry, unrecordedOptional, withEntries, type LockEntry, type Lockfile } from "./lib/lockfile";

const file = path.resolve(import.meta.dirname, "..", "package-lock.json");
const lock = JSON.parse(readFileSync(file, "utf8")) as Lockfile;
const missing = unrecordedOptional(lock);

if (missing.length === 0) {
  console.log("package-lock.json records every optional dependency: npm ci accepts it.");
  process.exit(0);
}
for (const m of missing) console.log(`not in the lock: ${m.name}@${m.range} (optional dependency of ${m.parent || "the project"})`);
if (process.argv.includes("--check")) process.exit(1);

function npmView(args: string[]): unknown {
  try {
    const out = execFileSync("npm", ["view", ...args, "--json"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    return out ? JSON.parse(out) : undefined;
  } catch {
    return undefined; // E404: no such package or no version in the range
  }
}

const published: string[] = [];
const added: { parent: string; name: string; entry: LockEntry }[] = [];
for (const { parent, name, range } of missing) {
  if (npmView([`${name}@${range}`, "version"]) !== undefined) {
    published.push(`${name}@${range}`);
    continue;
  }
  if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(range)) {
    console.error(`${name}@${range}: not an exact version; record it by hand`);
    process.exit(1);
  }
  // The platform fields of its latest published version: where npm would try to install it.
  const latest = (npmView([name, "os", "cpu", "libc", "license"]) ?? {}) as Pick<LockEntry, "os" | "cpu" | "libc" | "license">;
  const platform = Object.fromEntries(Object.entries(latest).map(([k, v]) => [k, k === "license" || Array.isArray(v) ? v : [v]]));
  added.push({ parent, name, entry: placeholderEntry(range, platform, lock.packages[parent]) });
}
if (published.length) {
  console.error(`published, so \`npm install\` records them itself: ${published.join(", ")}`);
  process.exit(1);
}
writeFileSync(file, `${JSON.stringify(withEntries(lock, added), null, 2)}\n`);
console.log(`recorded ${added.length} unpublished optional package(s) in package-lock.json`);
