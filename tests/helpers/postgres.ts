import { execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/** The machine's PostgreSQL binaries (Debian's `postgresql` package), or null. */
export function findPgBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const version = readdirSync(root).sort().at(-1);
  const bin = version ? path.join(root, version, "bin") : "";
  return bin && existsSync(path.join(bin, "initdb")) ? bin : null;
}

export interface TestPostgres {
  url: string;
  stop: () => void;
}

/**
 * A throwaway PostgreSQL server in a temp folder on a random port; null when the binaries are
 * missing or unusable here (the caller skips). PostgreSQL refuses to run as root: as "nobody" then.
 */
export async function startPostgres(bin = findPgBin()): Promise<TestPostgres | null> {
  if (!bin) return null;
  const dir = mkdtempSync(path.join(clustersRoot(), "docchat-pg-"));
  chmodSync(dir, 0o777);
  try {
    execFileSync(...run(path.join(bin, "initdb"), ["-D", path.join(dir, "db"), "-A", "trust", "-U", "postgres"]), { stdio: "ignore" });
  } catch (error) {
    console.warn("[postgres] initdb failed, skipping:", (error as Error).message);
    return null;
  }
  const port = 20000 + Math.floor(Math.random() * 20000);
  const server = spawn(...run(path.join(bin, "postgres"), ["-D", path.join(dir, "db"), "-p", String(port), "-k", dir, "-h", "127.0.0.1"]), {
    stdio: "ignore",
  });
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  for (let i = 0; i < 100; i++) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return { url, stop: () => stopCluster(bin, dir) };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  stopCluster(bin, dir);
  server.kill("SIGKILL");
  throw new Error("PostgreSQL did not start");
}

const asRoot = process.getuid?.() === 0;
const run = (cmd: string, args: string[]) =>
  (asRoot ? ["runuser", ["-u", "nobody", "--", cmd, ...args]] : [cmd, args]) as [string, string[]];

/** Where this test run's clusters live: a folder of the run's own (tests/helpers/global-setup.ts), or the temp dir. */
const clustersRoot = () => process.env.DOCCHAT_TEST_PG_ROOT ?? os.tmpdir();

/**
 * Stops a cluster and removes its folder. pg_ctl, not a signal to the spawned process: as root
 * that process is runuser, which does not pass SIGINT on, and the server kept serving.
 */
function stopCluster(bin: string, dir: string): void {
  if (existsSync(path.join(dir, "db", "postmaster.pid"))) {
    try {
      execFileSync(...run(path.join(bin, "pg_ctl"), ["stop", "-D", path.join(dir, "db"), "-m", "immediate", "-w"]), { stdio: "ignore" });
    } catch (error) {
      console.warn("[postgres] pg_ctl stop failed:", (error as Error).message);
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

/** Stops every cluster under `root` (a run's folder) and removes it: the net under a test that crashed before its own stop. */
export function stopClustersUnder(root: string, bin = findPgBin()): void {
  if (bin && existsSync(root))
    for (const entry of readdirSync(root)) if (entry.startsWith("docchat-pg-")) stopCluster(bin, path.join(root, entry));
  rmSync(root, { recursive: true, force: true });
}
