import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { config, resetConfig } from "@/lib/config";
import { closeDb } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";

/** Points the app at a fresh, migrated data directory (offline defaults). */
export async function freshDataDir(extraEnv: Record<string, string> = {}): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "docchat-test-"));
  await closeDb();
  for (const key of [
    "DATABASE_URL",
    "LANCEDB_URI",
    "UPLOAD_DIR",
    "ORIGINALS_URL",
    "AWS_ENDPOINT",
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "EMBEDDER",
  ]) {
    delete process.env[key];
  }
  Object.assign(process.env, { DATA_DIR: dir, ...extraEnv });
  resetConfig();
  await migrate(config().databaseUrl);
  return dir;
}
