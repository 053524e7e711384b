import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

/**
 * How long the suite's servers keep an idle connection open (`next start --keepAliveTimeout`).
 * Node's default closes one after 5 s (6 s in fact, advertising 5), shorter than a test may leave
 * its API client idle while the browser works; and Playwright's API client ignores the server's
 * `Keep-Alive: timeout` (microsoft/playwright#42698): it reuses the connection just as the server
 * closes it, and the call fails with read ECONNRESET. Longer than any test (60 s) or spec.
 */
export const KEEP_ALIVE_MS = 600_000;

/**
 * An app instance of a spec's own (the suite's build, which playwright.config.ts makes before any
 * test runs), on its own port with a throwaway data directory; `stop` ends it and removes the data.
 * Its output goes to the run's log line by line, marked `[instance :<port>]` as the config's
 * servers' is `[WebServer]`, so a failure on it can be traced to what the server said.
 */
export interface AppInstance {
  url: string;
  stop(): Promise<void>;
}

export async function startInstance(port: number, env: Record<string, string>): Promise<AppInstance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "docchat-e2e-instance-"));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(port), "--keepAliveTimeout", String(KEEP_ALIVE_MS)],
    {
      env: { ...process.env, DATA_DIR: dataDir, OPENAI_API_KEY: "", OPENAI_BASE_URL: "", NEXT_TELEMETRY_DISABLED: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    if (from) createInterface({ input: from }).on("line", (line) => to.write(`[instance :${port}] ${line}\n`));
  }
  let stopping = false;
  child.once("exit", (code, signal) => {
    if (!stopping) process.stderr.write(`[instance :${port}] exited unasked (code ${code}, signal ${signal})\n`);
  });
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${url}/v1/knowledge/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`the app instance on port ${port} did not start`);
}
