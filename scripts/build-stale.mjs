// Whether the production build is missing or older than what it is built from: `npm start` and
// the scripts that serve the app (eval, bench) rebuild then, so they never serve yesterday's code.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** What `next build` reads: the app's folders and the root files that change the build. */
const SOURCE_DIRS = ["app", "components", "lib", "prisma"];
const SOURCE_FILES = ["proxy.ts", "instrumentation.ts", "next.config.js", "tsconfig.json", "postcss.config.mjs", "package-lock.json"];

// A folder's own time moves when a file in it is added, renamed or deleted.
function newestIn(dir) {
  let newest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "generated" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function buildIsStale(root, distDir = ".next") {
  const buildId = path.join(root, distDir, "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const dirs = SOURCE_DIRS.map((d) => path.join(root, d)).filter(existsSync);
  const files = SOURCE_FILES.map((f) => path.join(root, f)).filter(existsSync);
  const newest = Math.max(0, ...dirs.map(newestIn), ...files.map((f) => statSync(f).mtimeMs));
  return newest > statSync(buildId).mtimeMs;
}
