import { liveSetting, onVercel } from "@/lib/config";

/**
 * Who runs ingestion jobs (INGEST_WORKER):
 *   "server"   — the long-lived Next.js server runs an in-process worker (default off Vercel);
 *   "request"  — no long-lived process: the upload request goes on ingesting after its response
 *                (Next.js `after()`), and the cron route resumes what is left (default on Vercel);
 *   "external" — separate `npm run worker` processes claim the jobs from the shared database.
 * Imports only the config module, so the server's start-up code can ask without loading the
 * knowledge store.
 */
export type WorkerMode = "server" | "request" | "external";

export function workerMode(env?: Record<string, string | undefined>): WorkerMode {
  const chosen = liveSetting("INGEST_WORKER", env);
  if (chosen === "external" || chosen === "request") return chosen;
  // Serverless functions end with their request: an in-process worker would never run there.
  if (onVercel(env)) return "request";
  return "server";
}

const server = globalThis as unknown as { __docchatServerStarted?: boolean };

/** Called once the Next.js server has started (instrumentation); tests and scripts never do. */
export function markServerStarted(): void {
  server.__docchatServerStarted = true;
}

/** Whether this process is a started Next.js server that should run the in-process worker. */
export function serverRunsWorker(): boolean {
  return server.__docchatServerStarted === true && workerMode() === "server";
}
