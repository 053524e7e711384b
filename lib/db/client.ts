import { mkdirSync } from "node:fs";
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client";
import { PrismaClient as PostgresClient } from "./generated/postgres/client";
import { config } from "../config";

/** Both generated clients expose the same model API; the SQLite one names the type. */
export type Db = SqliteClient;

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

export function sqlitePath(url: string): string {
  return path.resolve(url.replace(/^file:/, ""));
}

function createClient(url: string): Db {
  if (isPostgresUrl(url)) {
    return new PostgresClient({ adapter: new PrismaPg({ connectionString: url }) }) as unknown as Db;
  }
  const file = sqlitePath(url);
  mkdirSync(path.dirname(file), { recursive: true });
  return new SqliteClient({ adapter: new PrismaBetterSqlite3({ url: file }) });
}

const store = globalThis as unknown as { __docchatDb?: { url: string; client: Db } };

/** One client per process (kept on globalThis so dev reloads do not open more). */
export function db(): Db {
  const url = config().databaseUrl;
  if (store.__docchatDb?.url !== url) {
    store.__docchatDb = { url, client: createClient(url) };
  }
  return store.__docchatDb.client;
}

export async function closeDb(): Promise<void> {
  const current = store.__docchatDb;
  store.__docchatDb = undefined;
  await current?.client.$disconnect();
}
