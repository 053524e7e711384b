// Whether the production build is missing or older than the app's sources: `npm start` and the
// scripts that serve the app (eval, bench) rebuild then, so they never measure yesterday's code.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "generated" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** @param {string} root @param {string} [distDir] */
export function buildIsStale(root, distDir = ".next") {
  const buildId = path.join(root, distDir, "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const sources = ["app", "components", "lib"].map((d) => path.join(root, d)).filter(existsSync);
  return Math.max(...sources.map(newestSource)) > statSync(buildId).mtimeMs;
}
