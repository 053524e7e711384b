import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { loadMigrations, migrate } from "@/lib/db/migrate";
import { declaredColumns } from "./schema-columns";

const SQLITE_TYPES: Record<string, string> = { String: "TEXT", Int: "INTEGER", Float: "REAL", Boolean: "BOOLEAN", DateTime: "DATETIME" };

describe("migrations", () => {
  it("yield exactly the tables and columns schema.prisma declares (SQLite)", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "docchat-mig-"));
    const url = `file:${path.join(dir, "app.db")}`;
    expect(await migrate(url)).toEqual(loadMigrations(path.resolve("prisma/migrations")).map((m) => m.name));
    expect(await migrate(url)).toEqual([]); // idempotent

    const declared = declaredColumns(readFileSync("prisma/schema.prisma", "utf8"));
    const conn = new Database(path.join(dir, "app.db"), { readonly: true });
    const tables = conn
      .prepare(`SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' AND name != '_prisma_migrations'`)
      .all()
      .map((r) => (r as { name: string }).name)
      .sort();
    expect(tables).toEqual([...declared.keys()].sort());
    for (const [model, fields] of declared) {
      const columns = conn.prepare(`PRAGMA table_info("${model}")`).all() as { name: string; type: string; notnull: number; pk: number }[];
      expect(columns.map((c) => c.name).sort(), model).toEqual([...fields.keys()].sort());
      for (const column of columns) {
        const field = fields.get(column.name)!;
        expect(column.type, `${model}.${column.name}`).toBe(SQLITE_TYPES[field.type]);
        expect(column.notnull === 1 || column.pk === 1, `${model}.${column.name} nullability`).toBe(!field.optional);
      }
    }
    // Recorded the way `prisma migrate deploy` expects: name + sha256 checksum, finished.
    const recorded = conn.prepare(`SELECT migration_name, checksum, finished_at FROM _prisma_migrations`).all() as {
      migration_name: string;
      checksum: string;
      finished_at: number | null;
    }[];
    for (const row of recorded) {
      const sql = readFileSync(path.join("prisma/migrations", row.migration_name, "migration.sql"));
      expect(row.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
      expect(row.finished_at).not.toBeNull();
    }
    conn.close();
  });

  it("keep the PostgreSQL migrations in step with the SQLite ones", () => {
    const sqlite = loadMigrations(path.resolve("prisma/migrations")).map((m) => m.name);
    const postgres = loadMigrations(path.resolve("prisma/postgres/migrations")).map((m) => m.name);
    expect(postgres).toEqual(sqlite);
    // Every declared column is created somewhere in the PostgreSQL migrations (tests/db/postgres.test.ts
    // checks the resulting tables on a real server where one is available).
    const allSql = loadMigrations(path.resolve("prisma/postgres/migrations"))
      .map((m) => m.sql)
      .join("\n");
    for (const [model, fields] of declaredColumns(readFileSync("prisma/schema.prisma", "utf8"))) {
      expect(allSql, model).toContain(`"${model}"`);
      for (const field of fields.keys()) expect(allSql, `${model}.${field}`).toContain(`"${field}"`);
    }
  });
});
