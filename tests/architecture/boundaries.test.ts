import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The layering the code relies on: reads go through the Knowledge Layer's door
 * (lib/knowledge/search.ts), never an adapter's internals; each protocol stays in its folder.
 */

const root = path.resolve(import.meta.dirname, "..", "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mjs)$/.test(e.name) && !e.parentPath.includes("generated"))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

const imports = (file: string) => [...readFileSync(path.join(root, file), "utf8").matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]);
/** A file's imports with relative ones written from the root (`./x` in lib/eri → `@/lib/eri/x`). */
const resolvedImports = (file: string) =>
  imports(file).map((i) => (i.startsWith(".") ? `@/${path.posix.join(path.posix.dirname(file), i)}` : i));
const product = [...sourceFiles("lib"), ...sourceFiles("app"), ...sourceFiles("components")];

describe("module boundaries", () => {
  it("nothing outside the LanceDB adapter imports it (but the modules that register it)", () => {
    const registering = new Set(["lib/knowledge/index.ts", "lib/knowledge/retrievers.ts"]);
    const offenders = product
      .filter((f) => !f.startsWith("lib/knowledge/lancedb/") && !registering.has(f))
      .flatMap((f) =>
        imports(f)
          .filter((i) => /(^|\/)lancedb\//.test(i) || i === "@lancedb/lancedb")
          .map((i) => `${f} → ${i}`),
      );
    expect(offenders).toEqual([]);
  });

  it("the knowledge core never imports a protocol folder (but its two composition roots, which register them)", () => {
    const core = ["lib/knowledge/", "lib/ingest/", "lib/models/", "lib/text/"];
    const compositionRoots = new Set(["lib/knowledge/index.ts", "lib/knowledge/retrievers.ts"]);
    const offenders = product
      .filter((f) => core.some((dir) => f.startsWith(dir)) && !compositionRoots.has(f))
      .flatMap((f) =>
        resolvedImports(f)
          .filter((i) => /^@\/lib\/(eri|polymath|copilot|chat)(\/|$)/.test(i))
          .map((i) => `${f} → ${i}`),
      );
    expect(offenders).toEqual([]);
  });

  it("the job queue never imports a backend: backends register into it", () => {
    const offenders = product
      .filter((f) => f.startsWith("lib/knowledge/jobs/"))
      .flatMap((f) =>
        resolvedImports(f)
          .filter((i) => /(^|\/)lancedb(\/|$)/.test(i) || i === "@lancedb/lancedb" || /^@\/lib\/(eri|polymath|copilot|chat)(\/|$)/.test(i))
          .map((i) => `${f} → ${i}`),
      );
    expect(offenders).toEqual([]);
  });

  it("the ERI code does not reach into chat, and HTTP helpers do not reach into protocols", () => {
    const offenders = [
      ...product
        .filter((f) => f.startsWith("lib/eri/"))
        .flatMap((f) =>
          imports(f)
            .filter((i) => i.startsWith("@/lib/chat"))
            .map((i) => `${f} → ${i}`),
        ),
      ...product
        .filter((f) => f.startsWith("lib/http/"))
        .flatMap((f) =>
          imports(f)
            .filter((i) => /^@\/lib\/(eri|chat|polymath|copilot)\//.test(i))
            .map((i) => `${f} → ${i}`),
        ),
    ];
    expect(offenders).toEqual([]);
  });
});
