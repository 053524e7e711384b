/** `npm run db:migrate`: applies pending migrations to DATABASE_URL (default SQLite in DATA_DIR). */
import { config } from "@/lib/config";
import { migrate } from "@/lib/db/migrate";

migrate(config().databaseUrl)
  .then((applied) => console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date"))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
