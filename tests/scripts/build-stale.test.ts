import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildIsStale } from "../../scripts/build-stale.mjs";

/** The build check `npm start`, the eval and the bench share: they must never serve code older than the sources. */
describe("whether the production build is stale", () => {
  const roots: string[] = [];
  afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

  function app(sourceAt: number, builtAt: number | null, distDir = ".next"): string {
    const root = mkdtempSync(path.join(os.tmpdir(), "docchat-build-"));
    roots.push(root);
    mkdirSync(path.join(root, "lib", "chat"), { recursive: true });
    const source = path.join(root, "lib", "chat", "answer.ts");
    writeFileSync(source, "export {};\n");
    utimesSync(source, sourceAt, sourceAt);
    for (const dir of [path.join(root, "lib", "chat"), path.join(root, "lib")]) utimesSync(dir, sourceAt, sourceAt);
    if (builtAt !== null) {
      mkdirSync(path.join(root, distDir));
      writeFileSync(path.join(root, distDir, "BUILD_ID"), "id");
      utimesSync(path.join(root, distDir, "BUILD_ID"), builtAt, builtAt);
    }
    return root;
  }

  it("is stale with no build, or a build older than a source; current otherwise", () => {
    expect(buildIsStale(app(1_000, null))).toBe(true);
    expect(buildIsStale(app(2_000, 1_000))).toBe(true);
    expect(buildIsStale(app(1_000, 2_000))).toBe(false);
    // The build folder the caller names (the eval and e2e servers build elsewhere).
    expect(buildIsStale(app(1_000, 2_000, ".next-eval"), ".next-eval")).toBe(false);
    expect(buildIsStale(app(1_000, 2_000, ".next-eval"))).toBe(true);
  });

  it("is stale when a root file the build reads changed, or a source was deleted", () => {
    const config = app(1_000, 2_000);
    writeFileSync(path.join(config, "next.config.js"), "module.exports = {};\n");
    utimesSync(path.join(config, "next.config.js"), 3_000, 3_000);
    expect(buildIsStale(config)).toBe(true);
    const deleted = app(1_000, 2_000);
    rmSync(path.join(deleted, "lib", "chat", "answer.ts"));
    expect(buildIsStale(deleted)).toBe(true);
  });
});
