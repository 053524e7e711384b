/**
 * `npm run worker`: an ingestion worker as its own process. Any number of them (and of app
 * servers) may share one database: each claims queued jobs atomically, beats a heartbeat while it
 * runs one, and takes over jobs whose worker stopped beating. Run the app with
 * INGEST_WORKER=external so its servers leave ingestion to these processes. The workers need the
 * app's settings (DATABASE_URL, LANCEDB_URI, and ORIGINALS_URL or DATA_DIR/UPLOAD_DIR: the same originals).
 */
import { config } from "@/lib/config";
import { closeDb } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { startWorker, stopWorker } from "@/lib/knowledge";
import { startHousekeeping } from "@/lib/security/housekeeping";
import { checkConditionalWrites } from "@/lib/storage/conditional-writes";

async function main() {
  const lancedbStore = config().lancedbStore;
  if (lancedbStore) await checkConditionalWrites(lancedbStore);
  const applied = await migrate(config().databaseUrl);
  if (applied.length) console.log(`[db] applied migrations: ${applied.join(", ")}`);
  startWorker({ shared: true });
  // A deployment whose servers are short-lived (serverless) still prunes the audit trail here.
  startHousekeeping();
  console.log(`[worker ${process.pid}] claiming ingestion jobs (${config().ingestConcurrency} lane(s))`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[worker ${process.pid}] ${signal}: finishing the files under way, handing back the rest`);
    await stopWorker();
    await closeDb();
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(signal));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
