import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * An app instance of a spec's own (the suite's build, which playwright.config.ts makes before any
 * test runs), on its own port with a throwaway data directory; `stop` ends it and removes the data.
 */
export interface AppInstance {
  url: string;
  stop(): Promise<void>;
}

export async function startInstance(port: number, env: Record<string, string>): Promise<AppInstance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "docchat-e2e-instance-"));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(port)], {
    env: { ...process.env, DATA_DIR: dataDir, OPENAI_API_KEY: "", OPENAI_BASE_URL: "", NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: "ignore",
  });
  const stop = async () => {
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
