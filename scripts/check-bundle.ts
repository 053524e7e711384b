/**
 * `npm run check:bundle`: what each server function of the production build carries, and a
 * failure when one exceeds Vercel's 250 MiB limit less a margin (225 MiB: larger functions are
 * grouped apart), or when one that carries no LanceDB exceeds 20 MB (decimal, the unit).
 * Also fails when a route whose trace carries LanceDB sets no maxDuration of its own (segment
 * config or a vercel.json `functions` entry), or a route without LanceDB has the same settings as
 * one with it: Vercel groups routes with the same settings into one function, and the small
 * routes would ship LanceDB's library. That holds in every mode, `next build` traces included.
 *
 * Builds with `vercel build` when a `vercel` binary is on PATH or in node_modules/.bin, and reads
 * the functions it wrote (.vercel/output/functions: Vercel groups routes with the same settings
 * into one function). Otherwise builds with `next build` (in NEXT_DIST_DIR, default .next) and
 * sums each route's file traces, one function per route. `--no-build` reads an existing build's
 * traces (CI reuses the e2e suite's build that way; with `--vercel`, an existing .vercel/output).
 *   npm run check:bundle [-- --no-build] [--next | --vercel] [--dist .next]
 *                        [--limit-mib 225] [--small-limit-mb 20]
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { functionSizes, groupingProblems, vercelFunctionSizes, type FunctionSize } from "./lib/traces";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const flag = (name: string) => process.argv.includes(`--${name}`);
const distDir = path.resolve(arg("dist") ?? process.env.NEXT_DIST_DIR ?? ".next");
const limitMiB = Number(arg("limit-mib") ?? 225);
const smallLimitMB = Number(arg("small-limit-mb") ?? 20);
const MiB = 2 ** 20;
const MB = 1e6;

function vercelBinary(): string | undefined {
  const local = path.resolve("node_modules/.bin/vercel");
  if (existsSync(local)) return local;
  const found = spawnSync("sh", ["-c", "command -v vercel"], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() || undefined : undefined;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function build(): FunctionSize[] {
  const vercel = flag("next") ? undefined : vercelBinary();
  if (flag("vercel") && !vercel) throw new Error("--vercel: no vercel binary on PATH or in node_modules/.bin");
  if (vercel) {
    // An unlinked checkout builds offline with the minimal project settings (.vercel is ignored).
    const project = path.resolve(".vercel/project.json");
    if (!existsSync(project)) {
      mkdirSync(path.dirname(project), { recursive: true });
      writeFileSync(project, JSON.stringify({ projectId: "x", orgId: "y", settings: { framework: "nextjs" } }));
    }
    console.log(`Building with ${vercel} build …`);
    const env = { ...process.env };
    delete env.NEXT_DIST_DIR; // Vercel's Next.js builder reads .next
    run(vercel, ["build"], env);
    return vercelFunctionSizes(process.cwd());
  }
  console.log(`Building with next build into ${path.relative(process.cwd(), distDir) || "."} …`);
  run(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
    ...process.env,
    NEXT_DIST_DIR: path.relative(process.cwd(), distDir),
  });
  return functionSizes(distDir);
}

const vercelOutput = !flag("next") && (flag("no-build") ? flag("vercel") : vercelBinary() !== undefined);
const functions = !flag("no-build") ? build() : vercelOutput ? vercelFunctionSizes(process.cwd()) : functionSizes(distDir);
// Per-route traces (`vercel build` leaves Next's build in .next): which routes carry LanceDB, and
// whether each sets the maxDuration that keeps it out of the small routes' functions.
const tracesDir = vercelOutput ? path.resolve(arg("dist") ?? ".next") : distDir;
const grouping = groupingProblems(vercelOutput ? functionSizes(tracesDir) : functions, tracesDir, process.cwd());
const over = functions.filter((f) => f.bytes > limitMiB * MiB);
const small = functions.filter((f) => !f.lancedb);
const smallOver = small.filter((f) => f.bytes > smallLimitMB * MB);

console.log(`\n${"MiB".padStart(8)} ${"MB".padStart(7)}  files  function (largest file)`);
for (const f of functions) {
  const top = f.largest[0];
  const note = top && top.bytes > 10 * MiB ? `  (${top.file} ${(top.bytes / MiB).toFixed(0)} MiB)` : "";
  console.log(
    `${(f.bytes / MiB).toFixed(1).padStart(8)} ${(f.bytes / MB).toFixed(1).padStart(7)}  ${String(f.files).padStart(5)}  ${f.name}${note}`,
  );
}
const range = (list: FunctionSize[], unit: number, name: string) =>
  list.length
    ? `${(Math.min(...list.map((f) => f.bytes)) / unit).toFixed(1)}–${(Math.max(...list.map((f) => f.bytes)) / unit).toFixed(1)} ${name}`
    : "none";
console.log(
  `\n${functions.length} functions: ${functions.length - small.length} with LanceDB (${range(
    functions.filter((f) => f.lancedb),
    MiB,
    "MiB",
  )}, ` + `limit ${limitMiB} MiB), ${small.length} without (${range(small, MB, "MB")}, limit ${smallLimitMB} MB).`,
);
if (over.length) console.error(`Over ${limitMiB} MiB: ${over.map((f) => f.name).join(", ")}`);
if (smallOver.length) console.error(`Without LanceDB but over ${smallLimitMB} MB: ${smallOver.map((f) => f.name).join(", ")}`);
for (const problem of grouping) console.error(problem);
if (over.length || smallOver.length || grouping.length) process.exit(1);
