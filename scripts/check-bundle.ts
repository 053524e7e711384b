/**
 * `npm run check:bundle`: what each server function of the production build carries, and a
 * failure when one exceeds Vercel's 250 MiB limit less a margin (225 MiB: larger functions are
 * grouped apart). Builds first (in NEXT_DIST_DIR, default .next) unless `--no-build`, which
 * reads an existing build's traces — CI reuses the e2e suite's build that way.
 *   npm run check:bundle [-- --no-build] [--dist .next] [--limit-mib 225]
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { functionSizes } from "./lib/traces";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const distDir = path.resolve(arg("dist") ?? process.env.NEXT_DIST_DIR ?? ".next");
const limitMiB = Number(arg("limit-mib") ?? 225);
const MiB = 2 ** 20;

if (!process.argv.includes("--no-build")) {
  console.log(`Building into ${path.relative(process.cwd(), distDir) || "."} …`);
  const build = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_DIST_DIR: path.relative(process.cwd(), distDir), NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const functions = functionSizes(distDir);
const over = functions.filter((f) => f.bytes > limitMiB * MiB);
console.log(`\n${"MiB".padStart(8)}  files  function (largest file)`);
for (const f of functions) {
  const top = f.largest[0];
  const note = top && top.bytes > 10 * MiB ? `  (${top.file} ${(top.bytes / MiB).toFixed(0)} MiB)` : "";
  console.log(`${(f.bytes / MiB).toFixed(1).padStart(8)}  ${String(f.files).padStart(5)}  ${f.name}${note}`);
}
const small = functions.filter((f) => f.bytes <= 20 * MiB).length;
console.log(`\n${functions.length} functions: ${small} at most 20 MiB, ${over.length} above ${limitMiB} MiB.`);
if (over.length) {
  console.error(`Over the limit: ${over.map((f) => f.name).join(", ")}`);
  process.exit(1);
}
