import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { resetConfig } from "@/lib/config";
import { closeDb } from "@/lib/db/client";
import { activeIngestor, startWorker, stopWorker } from "@/lib/knowledge";
import { resetModelSettings } from "@/lib/models/settings";
import { freshDataDir } from "./env";
import { startFakeOpenAI, type FakeOpenAI } from "./fake-openai";
import { HANDBOOK_PAGES, makePdf, writeTemp } from "./files";
import { ingestAndWait } from "./jobs";

/** The variables that choose a model server: a test of Settings → Model starts without them. */
const MODEL_ENV = [
  "CHAT_MODEL",
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "EMBEDDING_MODEL",
  "EMBEDDER",
  "AZURE_OPENAI_ENDPOINT",
  "AZURE_OPENAI_API_VERSION",
];

/** Unsets them; the returned function puts back what was there. */
export function withoutModelEnv(): () => void {
  const saved = Object.fromEntries(MODEL_ENV.map((k) => [k, process.env[k]]));
  for (const key of MODEL_ENV) delete process.env[key];
  resetConfig();
  return () => {
    for (const [key, value] of Object.entries(saved))
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    resetConfig();
  };
}

export interface ModelTestBed {
  fake: FakeOpenAI;
  /** A temp folder for the test's files (removed by close). */
  tmp: string;
  close(): Promise<void>;
}

/**
 * A fresh data directory without model variables, a local OpenAI-compatible server, the worker
 * running and collection "hr" holding the handbook (embedded locally); close undoes it all.
 */
export async function startModelTestBed(): Promise<ModelTestBed> {
  const fake = await startFakeOpenAI();
  const restoreEnv = withoutModelEnv();
  const dir = await freshDataDir();
  const tmp = mkdtempSync(path.join(os.tmpdir(), "docchat-models-"));
  resetModelSettings();
  startWorker();
  const close = async () => {
    fake.holdEmbeddings = null;
    await stopWorker();
    await fake.close();
    resetModelSettings();
    restoreEnv();
    await closeDb();
    rmSync(dir, { recursive: true, force: true });
    rmSync(tmp, { recursive: true, force: true });
  };
  try {
    await activeIngestor().createCollection("hr");
    await ingestAndWait("hr", [writeTemp(tmp, "handbook.pdf", await makePdf(HANDBOOK_PAGES))]);
  } catch (error) {
    await close();
    throw error;
  }
  return { fake, tmp, close };
}
