import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { placeholderEntry, resolveInLock, unrecordedOptional, withEntries, type Lockfile } from "@/scripts/lib/lockfile";

/** What a deployment needs of package.json, its lock and vercel.json, checked without deploying. */

const root = path.resolve(import.meta.dirname, "..", "..");
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8"));
const pkg = json("package.json");
const lock = json("package-lock.json") as Lockfile;

/** The lock's production packages reachable from `name` (what `npm install --omit=dev` installs). */
function productionClosure(name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen;
  seen.add(name);
  for (const dep of Object.keys(lock.packages[`node_modules/${name}`]?.dependencies ?? {})) productionClosure(dep, seen);
  return seen;
}

describe("a production install", () => {
  it("can start workers: the runner of `npm run worker` and what it needs are production dependencies", () => {
    const runner = String(pkg.scripts.worker).split(" ")[0];
    expect(pkg.dependencies[runner], runner).toBeDefined();
    for (const name of productionClosure(runner)) {
      expect(lock.packages[`node_modules/${name}`]?.dev, name).not.toBe(true);
    }
  });

  it("runs its postinstall: the Prisma CLI that generates the clients comes with @prisma/client", () => {
    expect(pkg.scripts.postinstall).toContain("prisma-generate");
    expect(lock.packages["node_modules/prisma"], "prisma").toBeDefined();
    expect(lock.packages["node_modules/prisma"].dev, "prisma").not.toBe(true);
  });

  it("asks for a Node.js no older than any production dependency asks for", () => {
    const major = (range: string) => Number(/(\d+)/.exec(range)?.[1] ?? 0);
    const ours = major(pkg.engines.node);
    expect(ours).toBeGreaterThanOrEqual(22);
    const lancedb = lock.packages["node_modules/@lancedb/lancedb"].engines?.node ?? "";
    expect(major(lancedb), `@lancedb/lancedb engines ${lancedb}`).toBeLessThanOrEqual(ours);
  });
});

describe("npm ci", () => {
  it("accepts the lock: every optional dependency has an entry (`npm run lock:unpublished` adds the unpublished)", () => {
    expect(unrecordedOptional(lock)).toEqual([]);
  });

  it("finds LanceDB's native build in the lock on linux x64 and arm64, glibc and musl", () => {
    const lancedb = lock.packages["node_modules/@lancedb/lancedb"];
    for (const triple of ["linux-x64-gnu", "linux-x64-musl", "linux-arm64-gnu", "linux-arm64-musl"]) {
      const name = `@lancedb/lancedb-${triple}`;
      expect(lancedb.optionalDependencies?.[name], name).toBeDefined();
      const entry = lock.packages[resolveInLock(lock, "node_modules/@lancedb/lancedb", name) ?? ""];
      expect(entry?.version, name).toBe(lancedb.version);
      // Platform fields let npm skip it on any other machine instead of fetching it.
      expect(entry?.os, name).toEqual(["linux"]);
      expect(entry?.cpu, name).toEqual([triple.split("-")[1]]);
    }
  });

  it("is what CI installs with", () => {
    const run = readFileSync(path.join(root, ".ci", "run"), "utf8");
    expect(run).toMatch(/^npm ci$/m);
    expect(run).not.toMatch(/^npm (install|i)\b/m);
  });
});

describe("recording unpublished optional packages", () => {
  const base: Lockfile = {
    packages: {
      "": { dependencies: { native: "1.0.0", other: "1.0.0" } },
      "node_modules/native": { version: "1.0.0", optionalDependencies: { "native-linux-arm64": "1.0.0", "native-linux-x64": "1.0.0" } },
      "node_modules/native-linux-x64": { version: "1.0.0", optional: true, os: ["linux"], cpu: ["x64"] },
      "node_modules/other": { version: "1.0.0", dev: true, optionalDependencies: { "native-linux-arm64": "2.0.0" } },
    },
  };

  it("finds what npm ci would call missing, resolving as Node does (nested first, then upwards)", () => {
    expect(unrecordedOptional(base)).toEqual([
      { parent: "node_modules/native", name: "native-linux-arm64", range: "1.0.0" },
      { parent: "node_modules/other", name: "native-linux-arm64", range: "2.0.0" },
    ]);
  });

  it("hoists the first entry, nests one whose name is taken, and keeps npm's key order", () => {
    const platform = { os: ["linux"], cpu: ["arm64"] };
    const fixed = withEntries(base, [
      {
        parent: "node_modules/native",
        name: "native-linux-arm64",
        entry: placeholderEntry("1.0.0", platform, base.packages["node_modules/native"]),
      },
    ]);
    const again = withEntries(fixed, [
      {
        parent: "node_modules/other",
        name: "native-linux-arm64",
        entry: placeholderEntry("2.0.0", platform, base.packages["node_modules/other"]),
      },
    ]);
    expect(unrecordedOptional(again)).toEqual([]);
    expect(Object.keys(again.packages)).toEqual([
      "",
      "node_modules/native",
      "node_modules/native-linux-arm64",
      "node_modules/native-linux-x64",
      "node_modules/other",
      "node_modules/other/node_modules/native-linux-arm64",
    ]);
    expect(again.packages["node_modules/native-linux-arm64"]).toEqual({ version: "1.0.0", cpu: ["arm64"], optional: true, os: ["linux"] });
    expect(again.packages["node_modules/other/node_modules/native-linux-arm64"]).toMatchObject({ version: "2.0.0", dev: true });
    expect(Object.keys(again.packages["node_modules/native-linux-arm64"])).toEqual(["version", "cpu", "optional", "os"]);
  });
});

/** Every file under `dir` whose name ends in `.ts` or `.tsx`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("vercel.json", () => {
  it("deploys on the Hobby plan: no function asks for more than its 300 s", () => {
    const durations = Object.entries(json("vercel.json").functions ?? {}).map(([file, f]) => [
      file,
      (f as { maxDuration?: number }).maxDuration,
    ]);
    for (const file of sources(path.join(root, "app"))) {
      const declared = /export const maxDuration = (\d+)/.exec(readFileSync(file, "utf8"))?.[1];
      if (declared) durations.push([path.relative(root, file), Number(declared)]);
    }
    expect(durations.length).toBeGreaterThan(5);
    for (const [file, seconds] of durations) expect(seconds ?? 0, String(file)).toBeLessThanOrEqual(300);
  });

  it("deploys on the Hobby plan: every cron runs at most once a day", () => {
    for (const cron of json("vercel.json").crons ?? []) {
      const [minute, hour, ...rest] = String(cron.schedule).split(/\s+/);
      expect(
        [minute, hour].every((field) => /^\d+$/.test(field)),
        cron.schedule,
      ).toBe(true);
      expect(rest, cron.schedule).toEqual(["*", "*", "*"]);
    }
  });
});
