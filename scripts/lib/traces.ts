import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * What each server function of a Next.js build carries, from the build's own file traces
 * (`*.nft.json`): the route's trace plus what every function ships — the instrumentation hook's
 * trace (added to every function) and the minimal server runtime a function runs on
 * (`next-minimal-server.js.nft.json`; the full `next-server.js.nft.json`, with image
 * optimisation's sharp, belongs to `next start` and standalone output, not to a function).
 * Sizes are on-disk bytes of the distinct files, as a function is unpacked: an estimate of
 * `vercel build`'s functions, which are assembled from these same traces.
 */
export interface FunctionSize {
  name: string;
  bytes: number;
  files: number;
  /** The largest files, for the report. */
  largest: { file: string; bytes: number }[];
}

function traced(nftFile: string): string[] {
  const { files } = JSON.parse(readFileSync(nftFile, "utf8")) as { files: string[] };
  const dir = path.dirname(nftFile);
  // The compiled route itself sits beside its trace.
  return [nftFile.replace(/\.nft\.json$/, ""), ...files.map((f) => path.resolve(dir, f))];
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.name.endsWith(".js.nft.json")) out.push(full);
  }
  return out;
}

function sizeOf(file: string, cache: Map<string, number>): number {
  let bytes = cache.get(file);
  if (bytes === undefined) {
    try {
      const stat = statSync(file); // follows symlinks: the function holds the file itself
      bytes = stat.isFile() ? stat.size : 0;
    } catch {
      bytes = 0;
    }
    cache.set(file, bytes);
  }
  return bytes;
}

/** Every app/pages route function of the build in `distDir`, largest first. */
export function functionSizes(distDir: string): FunctionSize[] {
  const server = path.join(distDir, "server");
  if (!existsSync(server)) throw new Error(`No build in ${distDir}: run the build first (or drop --no-build)`);
  const runtime = ["next-minimal-server.js.nft.json", "next-server.js.nft.json"].map((f) => path.join(distDir, f)).find(existsSync);
  const shared = [runtime ?? "", path.join(server, "instrumentation.js.nft.json")]
    .filter(existsSync)
    .flatMap(traced);
  const cache = new Map<string, number>();
  const routes = ["app", "pages"].map((d) => path.join(server, d)).filter(existsSync).flatMap((d) => walk(d));
  return routes
    .map((nft) => {
      const files = [...new Set([...shared, ...traced(nft)])];
      const sized = files.map((file) => ({ file: path.relative(process.cwd(), file), bytes: sizeOf(file, cache) }));
      return {
        name: "/" + path.relative(server, nft).replace(/\.js\.nft\.json$/, ""),
        bytes: sized.reduce((sum, f) => sum + f.bytes, 0),
        files: sized.length,
        largest: sized.sort((a, b) => b.bytes - a.bytes).slice(0, 3),
      };
    })
    .sort((a, b) => b.bytes - a.bytes);
}
