import { defineConfig } from "@playwright/test";
import os from "node:os";
import path from "node:path";
import { KEEP_ALIVE_MS } from "./e2e/pages/instance";
import { ADMIN_TOKEN, CHAT_TOKEN, OPEN_PORT, PROTECTED_PORT, S3_PORT, S3_URL, STORAGE_PORT } from "./e2e/pages/protected";
import { s3Environment } from "./tests/helpers/s3-server";

const PORT = OPEN_PORT;
/** `next start` as the suite runs it (idle connections kept: see KEEP_ALIVE_MS). */
const start = (port: number) => `node node_modules/next/dist/bin/next start -H 127.0.0.1 -p ${port} --keepAliveTimeout ${KEEP_ALIVE_MS}`;
const offline = { OPENAI_API_KEY: "", OPENAI_BASE_URL: "", MAX_UPLOAD_MB: "5", NEXT_TELEMETRY_DISABLED: "1" };
/** A throwaway data directory per run: the suite starts from an empty app, as a new user would. */
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `docchat-e2e-${Date.now()}`);
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: [
    {
      // The production build, offline defaults (no API key, no tokens: local single-user mode), fresh data.
      command: `node node_modules/next/dist/bin/next build && ${start(PORT)}`,
      url: `http://127.0.0.1:${PORT}/v1/knowledge/health`,
      // The build takes 2-3 min on 2 quiet cores, over 5 when other jobs share them.
      timeout: 900_000,
      reuseExistingServer: false,
      stdout: "pipe",
      // The publisher links the Copilot app package needs (e2e/integrations.spec.ts).
      env: {
        ...offline,
        DATA_DIR: dataDir,
        COPILOT_PRIVACY_URL: "https://example.org/privacy",
        COPILOT_TERMS_URL: "https://example.org/terms",
      },
    },
    {
      // The same build (the servers start in order, so it exists by now) as a protected
      // instance: admin and chat tokens set, for the hostile-input suite (e2e/hostile.spec.ts).
      command: start(PROTECTED_PORT),
      url: `http://127.0.0.1:${PROTECTED_PORT}/v1/knowledge/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: { ...offline, DATA_DIR: `${dataDir}-protected`, ADMIN_TOKEN, CHAT_TOKEN },
    },
    {
      // A local S3-compatible store (SigV4 checked, CORS for the browser) for the next instance.
      command: `node node_modules/tsx/dist/cli.mjs tests/helpers/s3-server.ts ${S3_PORT}`,
      url: `${S3_URL}/healthz`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "pipe",
    },
    {
      // Originals in object storage, uploads straight from the browser (e2e/object-storage.spec.ts).
      command: start(STORAGE_PORT),
      url: `http://127.0.0.1:${STORAGE_PORT}/v1/knowledge/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: { ...offline, DATA_DIR: `${dataDir}-storage`, MAX_UPLOAD_MB: "20", ...s3Environment({ url: S3_URL, bucket: "docchat-test" }) },
    },
  ],
});
