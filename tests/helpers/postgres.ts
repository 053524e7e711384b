import { execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync } from "node:fs";
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
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => (asRoot ? ["runuser", ["-u", "nobody", "--", cmd, ...args]] : [cmd, args]) as [string, string[]];
  const dir = mkdtempSync(path.join(os.tmpdir(), "docchat-pg-"));
  chmodSync(dir, 0o777);
  try {
    execFileSync(...run(path.join(bin, "initdb"), ["-D", path.join(dir, "db"), "-A", "trust", "-U", "postgres"]), { stdio: "ignore" });
  } catch (error) {
    console.warn("[postgres] initdb failed, skipping:", (error as Error).message);
    return null;
  }
  const port = 20000 + Math.floor(Math.random() * 20000);
  const server = spawn(...run(path.join(bin, "postgres"), ["-D", path.join(dir, "db"), "-p", String(port), "-k", dir, "-h", "127.0.0.1"]), { stdio: "ignore" });
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  for (let i = 0; i < 100; i++) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return { url, stop: () => void server.kill("SIGINT") };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  server.kill("SIGKILL");
  throw new Error("PostgreSQL did not start");
}
