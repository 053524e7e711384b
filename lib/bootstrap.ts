import { mkdirSync } from "node:fs";
import { config, onVercel } from "./config";
import { migrate } from "./db/migrate";
import { lingerAfterRefusals } from "./http/lingering-close";
import { applyStoredModelSettings } from "./models/settings";
import { clearIncoming } from "./knowledge/storage";
import { warmUpPdfWorkers } from "./ingest/workers/pdf-warm-up";
import { markServerStarted, serverRunsWorker } from "./knowledge/worker-mode";
import { startHousekeeping } from "./security/housekeeping";
import { checkConditionalWrites } from "./storage/conditional-writes";

/**
 * Runs once per server start: schema up to date, crash leftovers gone. It imports no knowledge
 * store: instrumentation's imports are traced into every serverless function, and LanceDB's
 * native library alone is 200 MB. The in-process worker (INGEST_WORKER=server, the default off
 * Vercel) starts with the first call to the knowledge store's ingestor (activeIngestor in
 * lib/knowledge/index.ts); `npm start`'s health check makes that call at once. Its PDF worker
 * threads start here (no LanceDB in them), warming up while Next.js loads its routes.
 */
export async function bootstrap(): Promise<void> {
  // Owner-only when created here: the database, the originals and the ERI secret live in it.
  mkdirSync(config().dataDir, { recursive: true, mode: 0o700 });
  const lancedbStore = config().lancedbStore;
  if (lancedbStore) await checkConditionalWrites(lancedbStore);
  const applied = await migrate(config().databaseUrl);
  if (applied.length) console.log(`[db] applied migrations: ${applied.join(", ")}`);
  await applyStoredModelSettings(); // the model server saved in Settings → Model

  const leftovers = await clearIncoming();
  if (leftovers) console.log(`[uploads] removed ${leftovers} temp upload(s) left by an earlier run`);
  markServerStarted();
  if (serverRunsWorker()) void warmUpPdfWorkers();
  // On Vercel a process lives for one request (the daily cron, /api/cron/ingest, does the upkeep
  // there) and the platform's front end holds the client's connection.
  if (!onVercel()) {
    startHousekeeping();
    lingerAfterRefusals();
  }
}
