import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** What a deployment needs of package.json, its lock and vercel.json, checked without deploying. */

const root = path.resolve(import.meta.dirname, "..", "..");
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8"));
const pkg = json("package.json");
const lock = json("package-lock.json") as {
  packages: Record<string, { dev?: boolean; dependencies?: Record<string, string>; engines?: { node?: string } }>;
};

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

  it("asks for a Node.js no older than any production dependency asks for", () => {
    const major = (range: string) => Number(/(\d+)/.exec(range)?.[1] ?? 0);
    const ours = major(pkg.engines.node);
    expect(ours).toBeGreaterThanOrEqual(22);
    const lancedb = lock.packages["node_modules/@lancedb/lancedb"].engines?.node ?? "";
    expect(major(lancedb), `@lancedb/lancedb engines ${lancedb}`).toBeLessThanOrEqual(ours);
  });
});

describe("vercel.json", () => {
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
