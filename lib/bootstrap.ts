import { mkdirSync } from "node:fs";
import { config } from "./config";
import { migrate } from "./db/migrate";
import { startWorker } from "./knowledge";
import { clearIncoming } from "./knowledge/storage";

/** Runs once per server start: schema up to date, crash leftovers gone, then the ingestion worker. */
export async function bootstrap(): Promise<void> {
  // Owner-only when created here: the database, the originals and the ERI secret live in it.
  mkdirSync(config().dataDir, { recursive: true, mode: 0o700 });
  const applied = await migrate(config().databaseUrl);
  if (applied.length) console.log(`[db] applied migrations: ${applied.join(", ")}`);
  const leftovers = await clearIncoming();
  if (leftovers) console.log(`[uploads] removed ${leftovers} temp upload(s) left by an earlier run`);
  startWorker();
}
