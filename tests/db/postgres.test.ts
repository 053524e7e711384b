import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { closeDb, db } from "@/lib/db/client";
import { loadMigrations, migrate } from "@/lib/db/migrate";
import { findPgBin, startPostgres, type TestPostgres } from "../helpers/postgres";
import { declaredColumns } from "./schema-columns";

/**
 * The production path: the same migrations and Prisma client against a real PostgreSQL server,
 * started here from the machine's PostgreSQL binaries (skipped where there are none).
 */
const bin = findPgBin();

describe.skipIf(!bin)("PostgreSQL", () => {
  let server: TestPostgres | null = null;
  let url = "";
  let started = false;

  beforeAll(async () => {
    server = await startPostgres(bin);
    url = server?.url ?? "";
    started = server !== null;
  }, 60_000);

  afterAll(async () => {
    await closeDb();
    delete process.env.DATABASE_URL;
    resetConfig();
    server?.stop();
  });

  it("applies the migrations once, recorded for prisma migrate", async (ctx) => {
    if (!started) return ctx.skip();
    const names = loadMigrations(path.resolve("prisma/postgres/migrations")).map((m) => m.name);
    expect(await migrate(url)).toEqual(names);
    expect(await migrate(url)).toEqual([]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`);
    const columns = await client.query(
      `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name != '_prisma_migrations'`,
    );
    const declared = declaredColumns(readFileSync("prisma/schema.prisma", "utf8"));
    for (const [model, fields] of declared) {
      const actual = columns.rows
        .filter((r) => r.table_name === model)
        .map((r) => r.column_name)
        .sort();
      expect(actual, model).toEqual([...fields.keys()].sort());
    }
    expect(rows.map((r) => r.table_name)).toEqual(
      [
        "Account",
        "AnswerFeedback",
        "ApiKey",
        "AuditEvent",
        "Chat",
        "ChatMessage",
        "Collection",
        "CollectionGrant",
        "Document",
        "EriSession",
        "EriSource",
        "IngestionJob",
        "Invite",
        "JobFile",
        "Session",
        "Setting",
        "User",
        "Verification",
        "_prisma_migrations",
      ].sort(),
    );
    await client.end();
  });

  it("serves the Prisma client through the pg driver adapter", async (ctx) => {
    if (!started) return ctx.skip();
    await closeDb();
    process.env.DATABASE_URL = url;
    resetConfig();
    await db().collection.create({ data: { name: "pg_docs", embeddingModel: "local-hash-v1", embeddingDims: 384 } });
    await db().document.create({
      data: {
        id: "d1",
        collectionName: "pg_docs",
        fileName: "a.pdf",
        fileSize: 10,
        mimeType: "application/pdf",
        storagePath: "/x",
        status: "success",
        chunkCount: 7,
      },
    });
    const counts = await db().document.groupBy({ by: ["collectionName"], _count: { _all: true }, _sum: { chunkCount: true } });
    expect(counts).toEqual([{ collectionName: "pg_docs", _count: { _all: 1 }, _sum: { chunkCount: 7 } }]);
    await db().collection.delete({ where: { name: "pg_docs" } });
    expect(await db().document.count()).toBe(0); // cascade
  });
});

describe.skipIf(!bin)("a throwaway PostgreSQL server", () => {
  it("is gone once stopped: no server left serving after the tests", async (ctx) => {
    const server = await startPostgres(bin);
    if (!server) return ctx.skip();
    server.stop();
    const client = new pg.Client({ connectionString: server.url, connectionTimeoutMillis: 2_000 });
    await expect(client.connect()).rejects.toThrow();
    await client.end().catch(() => undefined);
  });
});
