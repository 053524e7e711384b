// Generates both Prisma clients (SQLite default, PostgreSQL production) from one schema.
// The Prisma CLI insists on a schema-engine binary even for `generate`, which does not use
// it; pointing it at any existing file keeps generation offline.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sqliteSchema = path.join(root, "prisma/schema.prisma");
const pgSchema = path.join(root, "prisma/postgres/schema.prisma");

const source = readFileSync(sqliteSchema, "utf8");
const derived =
  "// GENERATED from prisma/schema.prisma by scripts/prisma-generate.mjs. Do not edit.\n" +
  source
    .replace('provider = "sqlite"', 'provider = "postgresql"')
    .replace('output   = "../lib/db/generated/sqlite"', 'output   = "../../lib/db/generated/postgres"');
mkdirSync(path.dirname(pgSchema), { recursive: true });
writeFileSync(pgSchema, derived);

const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: "1" };
const cli = path.join(root, "node_modules/prisma/build/index.js");
for (const schema of [sqliteSchema, pgSchema]) {
  execFileSync(process.execPath, [cli, "generate", "--schema", schema], { cwd: root, env, stdio: "inherit" });
}
