// `npm start`: builds the app when no production build is present (or sources changed since),
// then serves it. Keeps the README's quick start to two commands.
import { spawnSync, spawn } from "node:child_process";
import path from "node:path";
import { buildIsStale } from "./build-stale.mjs";

const root = path.resolve(import.meta.dirname, "..");
const next = path.join(root, "node_modules", "next", "dist", "bin", "next");

if (buildIsStale(root)) {
  console.log("Building the app (first start or sources changed)…");
  const build = spawnSync(process.execPath, [next, "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// Loopback only until a token protects the app: a fresh install is not reachable from the network.
const host = process.env.HOST?.trim() || "127.0.0.1";
const loopback = ["127.0.0.1", "localhost", "::1"].includes(host);
if (!loopback && !process.env.ADMIN_TOKEN?.trim()) {
  console.error(
    `Refusing to listen on ${host} without ADMIN_TOKEN: anyone on the network could change the collections.\n` +
      "Set ADMIN_TOKEN (and CHAT_TOKEN to protect chat too), or leave HOST unset to serve this machine only.",
  );
  process.exit(1);
}
if (loopback) console.log(`Serving this machine only (${host}). To open it to a network, set ADMIN_TOKEN and HOST=0.0.0.0.`);
const server = spawn(process.execPath, [next, "start", "-H", host, ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));

// The in-process ingestion worker starts with the first call to the knowledge store's ingestor
// (activeIngestor in lib/knowledge/index.ts): the health check makes it at once, so jobs
// an earlier run left unfinished resume without waiting for a visitor.
const args = process.argv.slice(2);
const portAt = args.findIndex((a) => a === "-p" || a === "--port");
const port = portAt >= 0 ? args[portAt + 1] : process.env.PORT || "3000";
const probeHost = ["0.0.0.0", "::"].includes(host) ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
(async () => {
  for (let i = 0; i < 600 && server.exitCode === null; i++) {
    try {
      if ((await fetch(`http://${probeHost}:${port}/v1/knowledge/health`)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
})();
server.on("exit", (code) => process.exit(code ?? 0));
