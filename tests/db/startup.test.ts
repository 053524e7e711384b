import { chmodSync, existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { bootstrap } from "@/lib/bootstrap";
import { config, resetConfig } from "@/lib/config";
import { closeDb, db as dbClient } from "@/lib/db/client";
import { stopWorker } from "@/lib/knowledge";
import { incomingDir } from "@/lib/knowledge/storage";

/** What a server start does to the data directory: owner-only files, no crash leftovers. */

const mode = (file: string) => statSync(file).mode & 0o777;

async function startWith(dataDir: string) {
  await closeDb();
  for (const key of ["DATABASE_URL", "LANCEDB_URI", "UPLOAD_DIR", "OPENAI_API_KEY", "OPENAI_BASE_URL"]) delete process.env[key];
  process.env.DATA_DIR = dataDir;
  resetConfig();
  await bootstrap();
}

afterEach(async () => {
  await stopWorker();
  await closeDb();
});

describe("start-up", () => {
  const parent = mkdtempSync(path.join(os.tmpdir(), "docchat-startup-"));

  it("creates the data directory and app.db readable by the owner only", async () => {
    const dataDir = path.join(parent, "fresh", "data");
    await startWith(dataDir);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, "app.db"))).toBe(0o600);
  });

  it("fixes the mode of an existing world-readable app.db", async () => {
    const dataDir = path.join(parent, "existing");
    await startWith(dataDir);
    await stopWorker();
    await closeDb();
    const db = path.join(dataDir, "app.db");
    chmodSync(db, 0o644);
    await startWith(dataDir);
    expect(mode(db)).toBe(0o600);
    // SQLite gives the WAL the database's mode when it creates it (as the app writes).
    await dbClient().chat.create({ data: { id: "c1", title: "t" } });
    expect(mode(`${db}-wal`)).toBe(0o600);
  });

  it("removes temp uploads a crash left behind, and nothing else", async () => {
    const dataDir = path.join(parent, "crashed");
    await startWith(dataDir);
    await stopWorker();
    const incoming = incomingDir();
    mkdirSync(incoming, { recursive: true });
    writeFileSync(path.join(incoming, "3f1c0d2e-leftover"), "half an upload");
    const original = path.join(config().uploadDir, "hr", "some-file-id", "handbook.pdf");
    mkdirSync(path.dirname(original), { recursive: true });
    writeFileSync(original, "%PDF-1.7");
    await startWith(dataDir);
    expect(existsSync(path.join(incoming, "3f1c0d2e-leftover"))).toBe(false);
    expect(existsSync(original)).toBe(true);
  });
});
