import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

/**
 * The LangChain.js peer pipeline (../shared/peers, see its README): what a TypeScript user would
 * assemble for the same work. Run beside the app's figures, in the same minute, for ratios.
 */

/** The peer folder given with --peer, else ../shared/peers; null when it is not installed. */
export function peerDir(argv = process.argv): string | null {
  const i = argv.indexOf("--peer");
  const dir = path.resolve(i > 0 ? argv[i + 1] : path.join(process.cwd(), "..", "shared", "peers"));
  return existsSync(path.join(dir, "node_modules")) && existsSync(path.join(dir, "langchain-pipeline.mjs")) ? dir : null;
}

/** Seconds the peer takes to ingest the Northwind PDFs in process (its own "total"), one run. */
export function runPeer(dir: string): number {
  const run = spawnSync(process.execPath, ["langchain-pipeline.mjs"], { cwd: dir, encoding: "utf8" });
  const total = /langchain peer: .*total ([\d.]+) s/.exec(run.stdout ?? "");
  if (!total) throw new Error(`the peer pipeline failed (exit ${run.status}): ${(run.stderr ?? "").slice(-500)}`);
  return Number(total[1]);
}
