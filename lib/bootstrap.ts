import { config } from "./config";
import { migrate } from "./db/migrate";
import { startWorker } from "./knowledge";

/** Runs once per server start: schema up to date, then the ingestion worker. */
export async function bootstrap(): Promise<void> {
  const applied = await migrate(config().databaseUrl);
  if (applied.length) console.log(`[db] applied migrations: ${applied.join(", ")}`);
  startWorker();
}
