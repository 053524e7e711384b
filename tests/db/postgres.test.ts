import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "@/lib/config";
import { closeDb, db } from "@/lib/db/client";
import { loadMigrations, migrate } from "@/lib/db/migrate";
import { declaredColumns } from "./schema-columns";

/**
 * The production path: the same migrations and Prisma client against a real PostgreSQL server,
 * started here from the machine's PostgreSQL binaries (skipped where there are none).
 */
function findPgBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const version = readdirSync(root).sort().at(-1);
  const bin = version ? path.join(root, version, "bin") : "";
  return bin && existsSync(path.join(bin, "initdb")) ? bin : null;
}

const bin = findPgBin();
const asRoot = process.getuid?.() === 0;
// PostgreSQL refuses to run as root: run it as "nobody" then.
const run = (cmd: string, args: string[]) => (asRoot ? ["runuser", ["-u", "nobody", "--", cmd, ...args]] : [cmd, args]) as [string, string[]];

describe.skipIf(!bin)("PostgreSQL", () => {
  let server: ChildProcess;
  let url = "";
  const dir = mkdtempSync(path.join(os.tmpdir(), "docchat-pg-"));
  const port = 20000 + Math.floor(Math.random() * 20000);

  let started = false;

  beforeAll(async () => {
    chmodSync(dir, 0o777);
    try {
      execFileSync(...run(path.join(bin!, "initdb"), ["-D", path.join(dir, "db"), "-A", "trust", "-U", "postgres"]), { stdio: "ignore" });
    } catch (error) {
      // Binaries present but unusable here (no runuser, no permission): nothing to test against.
      console.warn("[postgres test] initdb failed, skipping:", (error as Error).message);
      return;
    }
    server = spawn(...run(path.join(bin!, "postgres"), ["-D", path.join(dir, "db"), "-p", String(port), "-k", dir, "-h", "127.0.0.1"]), { stdio: "ignore" });
    url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
    for (let i = 0; i < 100; i++) {
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        await client.end();
        started = true;
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error("PostgreSQL did not start");
  }, 60_000);

  afterAll(async () => {
    await closeDb();
    delete process.env.DATABASE_URL;
    resetConfig();
    server?.kill("SIGINT");
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
      const actual = columns.rows.filter((r) => r.table_name === model).map((r) => r.column_name).sort();
      expect(actual, model).toEqual([...fields.keys()].sort());
    }
    expect(rows.map((r) => r.table_name)).toEqual(
      ["Chat", "ChatMessage", "Collection", "Document", "EriSession", "EriSource", "IngestionJob", "JobFile", "Setting", "_prisma_migrations"].sort(),
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
      data: { id: "d1", collectionName: "pg_docs", fileName: "a.pdf", fileSize: 10, mimeType: "application/pdf", storagePath: "/x", status: "success", chunkCount: 7 },
    });
    const counts = await db().document.groupBy({ by: ["collectionName"], _count: { _all: true }, _sum: { chunkCount: true } });
    expect(counts).toEqual([{ collectionName: "pg_docs", _count: { _all: 1 }, _sum: { chunkCount: 7 } }]);
    await db().collection.delete({ where: { name: "pg_docs" } });
    expect(await db().document.count()).toBe(0); // cascade
  });
});
