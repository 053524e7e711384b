import { existsSync, readFileSync, readdirSync, realpathSync, statSync } from "node:fs";
import path from "node:path";

/**
 * What each server function of a Next.js build carries, from the build's own file traces
 * (`*.nft.json`): the route's trace plus what every function ships — the instrumentation hook's
 * trace (added to every function) and the minimal server runtime a function runs on
 * (`next-minimal-server.js.nft.json`; the full `next-server.js.nft.json`, with image
 * optimisation's sharp, belongs to `next start` and standalone output, not to a function).
 * Sizes are on-disk bytes of the distinct files, as a function is unpacked: an estimate of
 * `vercel build`'s functions, which are assembled from these same traces (one per route here;
 * `vercelFunctionSizes` reads the functions `vercel build` actually wrote).
 */
export interface FunctionSize {
  name: string;
  bytes: number;
  files: number;
  /** Whether it carries LanceDB's native library (the functions that search or ingest). */
  lancedb: boolean;
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
  const shared = [runtime ?? "", path.join(server, "instrumentation.js.nft.json")].filter(existsSync).flatMap(traced);
  const cache = new Map<string, number>();
  const routes = ["app", "pages"]
    .map((d) => path.join(server, d))
    .filter(existsSync)
    .flatMap((d) => walk(d));
  return routes
    .map((nft) => {
      const files = [...new Set([...shared, ...traced(nft)])];
      return summary("/" + path.relative(server, nft).replace(/\.js\.nft\.json$/, ""), files, cache);
    })
    .sort((a, b) => b.bytes - a.bytes);
}

function summary(name: string, files: string[], cache: Map<string, number>): FunctionSize {
  const sized = files.map((file) => ({ file: path.relative(process.cwd(), file), bytes: sizeOf(file, cache) }));
  return {
    name,
    bytes: sized.reduce((sum, f) => sum + f.bytes, 0),
    files: sized.length,
    lancedb: sized.some((f) => f.file.includes("node_modules/@lancedb/")),
    largest: sized.sort((a, b) => b.bytes - a.bytes).slice(0, 3),
  };
}

function funcDirs(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.name.endsWith(".func")) out.push(full);
    else if (entry.isDirectory()) funcDirs(full, out);
  }
  return out;
}

function filesIn(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) filesIn(full, out);
    else out.push(full);
  }
  return out;
}

/**
 * The functions of a `vercel build` (`.vercel/output/functions` in `projectDir`), as they are
 * deployed: Vercel groups routes with the same settings into one function while it stays under
 * its limit, and links every route's `.func` to its group's. A function is the files in its
 * folder plus the project files its `.vc-config.json` maps in (`filePathMap`). Named by its
 * routes (without the `.rsc` twins, which share it).
 */
export function vercelFunctionSizes(projectDir: string): FunctionSize[] {
  const functions = path.join(projectDir, ".vercel/output/functions");
  if (!existsSync(functions)) throw new Error(`No ${functions}: run \`vercel build\` first`);
  const routes = new Map<string, string[]>();
  for (const dir of funcDirs(functions)) {
    const real = realpathSync(dir);
    const route = "/" + path.relative(functions, dir).replace(/\.func$/, "");
    routes.set(real, [...(routes.get(real) ?? []), route]);
  }
  const cache = new Map<string, number>();
  return [...routes]
    .map(([dir, names]) => {
      const config = JSON.parse(readFileSync(path.join(dir, ".vc-config.json"), "utf8")) as { filePathMap?: Record<string, string> };
      const mapped = Object.values(config.filePathMap ?? {}).map((file) => path.resolve(projectDir, file));
      const shown = names.filter((n) => !n.endsWith(".rsc")).sort();
      return summary((shown.length ? shown : names).join(" "), [...filesIn(dir), ...mapped], cache);
    })
    .sort((a, b) => b.bytes - a.bytes);
}

/** What Vercel groups a route's function by, of what this project sets: a route joins a group only with the same values. */
export interface RouteSettings {
  maxDuration?: number;
  memory?: number;
}

const SOURCE_EXTENSIONS = [".ts", ".tsx", ".js", ".jsx", ".mjs"];

/** A vercel.json `functions` key as `vercel build` matches it: the source file's path exactly, or a glob (`*`, `**`, `?`). */
function matchesFunctionsKey(file: string, pattern: string): boolean {
  if (file === pattern) return true;
  const source = pattern
    .split(/(\*\*\/|\*\*|\*|\?)/)
    .map((part) =>
      part === "**/"
        ? "(?:[^/]*/)*"
        : part === "**"
          ? ".*"
          : part === "*"
            ? "[^/]*"
            : part === "?"
              ? "[^/]"
              : part.replace(/[.+^${}()|[\]\\]/g, "\\$&"),
    )
    .join("");
  return new RegExp(`^${source}$`).test(file);
}

/**
 * The settings of each app route of the build in `distDir` (named as `functionSizes` names them,
 * "/app/api/chat/route"), as `vercel build` reads them: the first vercel.json `functions` entry
 * matching the route's source file, overridden by the route's segment config (`export const
 * maxDuration = …`, which Next records in the build's functions-config-manifest.json by URL path).
 */
export function routeSettings(
  distDir: string,
  projectDir: string,
  routes: string[],
): Map<string, { source?: string; settings: RouteSettings }> {
  const manifestFile = path.join(distDir, "server/functions-config-manifest.json");
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, "utf8")) as { functions: Record<string, RouteSettings> }).functions
    : {};
  // "/(eri)/retrieval/route" → "/retrieval"
  const routesFile = path.join(distDir, "app-path-routes-manifest.json");
  const routePaths = existsSync(routesFile) ? (JSON.parse(readFileSync(routesFile, "utf8")) as Record<string, string>) : {};
  const vercelFile = path.join(projectDir, "vercel.json");
  const functions = existsSync(vercelFile)
    ? ((JSON.parse(readFileSync(vercelFile, "utf8")) as { functions?: Record<string, RouteSettings> }).functions ?? {})
    : {};
  const result = new Map<string, { source?: string; settings: RouteSettings }>();
  for (const route of routes) {
    const base = route.replace(/^\//, ""); // app/api/chat/route
    const source = SOURCE_EXTENSIONS.map((ext) => base + ext).find((file) => existsSync(path.join(projectDir, file)));
    const entry = source ? Object.entries(functions).find(([pattern]) => matchesFunctionsKey(source, pattern))?.[1] : undefined;
    const own = manifest[routePaths[base.replace(/^app/, "")] ?? ""] ?? {}; // keyed by URL path, "/api/chat"
    const pick = (s: RouteSettings | undefined): RouteSettings =>
      Object.fromEntries(
        Object.entries(s ?? {}).filter(([key, value]) => (key === "maxDuration" || key === "memory") && value !== undefined),
      );
    result.set(route, { source, settings: { ...pick(entry), ...pick(own) } });
  }
  return result;
}

/**
 * Vercel groups routes with the same settings into one function while it stays under its size
 * limit, so a route without LanceDB that shares its settings with one that carries it ships
 * LanceDB's library too. Routes whose trace carries LanceDB therefore set their own maxDuration;
 * the problems found, one line per route, with what to change.
 */
export function groupingProblems(routes: FunctionSize[], distDir: string, projectDir: string): string[] {
  const appRoutes = routes.filter((r) => r.name.startsWith("/app/"));
  const settings = routeSettings(
    distDir,
    projectDir,
    appRoutes.map((r) => r.name),
  );
  const key = (s: RouteSettings) => JSON.stringify([s.maxDuration, s.memory]);
  const problems: string[] = [];
  const lancedbKeys = new Map<string, string>();
  for (const route of appRoutes.filter((r) => r.lancedb)) {
    const { source, settings: s } = settings.get(route.name)!;
    if (s.maxDuration === undefined) {
      problems.push(
        `${source ?? route.name} carries LanceDB but sets no maxDuration of its own: add \`export const maxDuration = 60;\` ` +
          `to it (or a vercel.json "functions" entry with a maxDuration covering it), so that Vercel groups it apart from the functions without LanceDB.`,
      );
    } else lancedbKeys.set(key(s), source ?? route.name);
  }
  for (const route of appRoutes.filter((r) => !r.lancedb)) {
    const { source, settings: s } = settings.get(route.name)!;
    const twin = lancedbKeys.get(key(s));
    if (twin) {
      problems.push(
        `${source ?? route.name} carries no LanceDB but has the same maxDuration (${s.maxDuration}) and memory as ${twin}, which does: ` +
          `Vercel would group them into one function; give it a different maxDuration or none.`,
      );
    }
  }
  return problems;
}
