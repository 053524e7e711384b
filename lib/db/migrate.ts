import { createHash, randomUUID } from "node:crypto";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { isPostgresUrl, sqlitePath } from "./client";

/**
 * Applies the committed SQL migrations and records them in Prisma's own
 * `_prisma_migrations` table, so a later `prisma migrate deploy` sees them as applied.
 * (The Prisma CLI needs a schema-engine binary that cannot be downloaded offline.)
 */
const MIGRATIONS_TABLE_SQLITE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME,
  "migration_name" TEXT NOT NULL, "logs" TEXT, "rolled_back_at" DATETIME,
  "started_at" DATETIME NOT NULL DEFAULT current_timestamp,
  "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0)`;
const MIGRATIONS_TABLE_PG = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ, "migration_name" VARCHAR(255) NOT NULL, "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ, "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function migrationsDir(url: string): string {
  // Read at run time from the working directory, untraced (turbopackIgnore): next.config.js ships
  // the SQL files with every function.
  const root = path.resolve(/*turbopackIgnore: true*/ process.cwd(), "prisma");
  return isPostgresUrl(url) ? path.join(root, "postgres", "migrations") : path.join(root, "migrations");
}

export function loadMigrations(dir: string): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/** Returns the names of the migrations applied by this call. */
export async function migrate(url: string, dir = migrationsDir(url)): Promise<string[]> {
  const migrations = loadMigrations(dir);
  return isPostgresUrl(url) ? migratePostgres(url, migrations) : migrateSqlite(sqlitePath(url), migrations);
}

function migrateSqlite(file: string, migrations: Migration[]): string[] {
  ownerOnly(file);
  const conn = new Database(file);
  try {
    conn.pragma("journal_mode = WAL");
    conn.exec(MIGRATIONS_TABLE_SQLITE);
    const done = new Set(
      conn
        .prepare(`SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`)
        .all()
        .map((row) => (row as { migration_name: string }).migration_name),
    );
    const applied: string[] = [];
    for (const m of migrations.filter((m) => !done.has(m.name))) {
      conn.transaction(() => {
        conn.exec(m.sql);
        conn
          .prepare(
            `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
             VALUES (?, ?, ?, ?, ?, 1)`,
          )
          .run(randomUUID(), m.checksum, Date.now(), m.name, Date.now());
      })();
      applied.push(m.name);
    }
    return applied;
  } finally {
    conn.close();
  }
}

/**
 * The database holds chats and settings: created readable by its owner only (its folder too, when
 * created here), and an existing file's mode is fixed. SQLite gives its -wal and -shm files the
 * database's mode when it creates them; existing ones are fixed here as well.
 */
function ownerOnly(file: string): void {
  // turbopackIgnore: a path from the configuration, which the build's file tracing cannot resolve
  // and would otherwise answer by taking the whole project into every function.
  mkdirSync(path.dirname(/*turbopackIgnore: true*/ file), { recursive: true, mode: 0o700 });
  closeSync(openSync(/*turbopackIgnore: true*/ file, "a", 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(/*turbopackIgnore: true*/ f)) chmodSync(/*turbopackIgnore: true*/ f, 0o600);
  }
}

async function migratePostgres(url: string, migrations: Migration[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // One app instance migrates at a time; others wait on the advisory lock.
    await client.query("SELECT pg_advisory_lock(72707369)");
    await client.query(MIGRATIONS_TABLE_PG);
    const { rows } = await client.query(
      `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const done = new Set(rows.map((r: { migration_name: string }) => r.migration_name));
    const applied: string[] = [];
    for (const m of migrations.filter((m) => !done.has(m.name))) {
      await client.query("BEGIN");
      try {
        await client.query(m.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
           VALUES ($1, $2, now(), $3, now(), 1)`,
          [randomUUID(), m.checksum, m.name],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
      applied.push(m.name);
    }
    return applied;
  } finally {
    // Closing the session releases the lock anyway: a failed unlock needs no more than that.
    await client.query("SELECT pg_advisory_unlock(72707369)").catch(() => undefined);
    await client.end();
  }
}
