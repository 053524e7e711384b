import { copyFileSync } from "node:fs";
import path from "node:path";
import { config, resetConfig } from "@/lib/config";
import { migrate } from "@/lib/db/migrate";
import { activeIngestor } from "@/lib/knowledge";
import { startWorker } from "@/lib/knowledge";
import type { IngestionJobStatus } from "@/lib/knowledge/schemas";
import { scratchDir } from "./northwind";

/** Runs the app's own layers in this process against a scratch data directory. */
export async function scratchApp(prefix: string, env: Record<string, string> = {}): Promise<string> {
  const dir = scratchDir(prefix);
  for (const key of ["DATABASE_URL", "LANCEDB_URI", "UPLOAD_DIR", "OPENAI_API_KEY", "OPENAI_BASE_URL"]) delete process.env[key];
  Object.assign(process.env, { DATA_DIR: dir, ...env });
  resetConfig();
  await migrate(config().databaseUrl);
  startWorker();
  return dir;
}

export async function waitForJob(jobId: string): Promise<IngestionJobStatus> {
  for (;;) {
    const status = await activeIngestor().getJobStatus(jobId);
    if (status.is_terminal) return status;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Copies files to temp paths (the ingestor takes ownership of what it is given) and ingests them. */
export async function ingestFiles(collection: string, files: { name: string; path: string; size: number }[], tmp: string) {
  const submitted = files.map((f, i) => {
    const copy = path.join(tmp, `upload-${i}`);
    copyFileSync(f.path, copy);
    return { path: copy, fileName: f.name, size: f.size };
  });
  const { jobId } = await activeIngestor().submitJob(submitted, collection);
  return waitForJob(jobId);
}
