import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { activeIngestor } from "@/lib/knowledge";
import { startWorker } from "@/lib/knowledge";
import { resetServerSettingsCache } from "@/lib/eri/server/settings";
import { resetSecretKey } from "@/lib/secrets";
import { clearSourceCaches } from "@/lib/eri/sources";
import { clearRemoteSessions } from "@/lib/eri/remote-session";
import { freshDataDir } from "../helpers/env";
import { waitForJob } from "../helpers/jobs";
import { HANDBOOK_PAGES, makePdf, TRAVEL_TEXT, writeTemp } from "../helpers/files";

/** A fresh data dir with ERI state reset, and (optionally) collections "handbook" and "secret" ingested. */
export async function freshEriDataDir(extraEnv: Record<string, string> = {}): Promise<string> {
  const dir = await freshDataDir(extraEnv);
  resetServerSettingsCache();
  resetSecretKey();
  clearSourceCaches();
  clearRemoteSessions();
  return dir;
}

async function ingested(jobId: string): Promise<void> {
  const status = await waitForJob(jobId);
  if (!status.is_success) throw new Error(`ingestion failed: ${JSON.stringify(status.file_details)}`);
}

export async function ingestHandbook(): Promise<void> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "docchat-eri-files-"));
  startWorker();
  await activeIngestor().createCollection("handbook", "Company handbook");
  await activeIngestor().createCollection("secret", "Not exposed over ERI");
  const handbook = await activeIngestor().submitJob(
    [writeTemp(tmp, "handbook.pdf", await makePdf(HANDBOOK_PAGES)), writeTemp(tmp, "travel.md", TRAVEL_TEXT)],
    "handbook",
  );
  const secret = await activeIngestor().submitJob(
    [writeTemp(tmp, "payroll.md", "Payroll\n\nThe annual deductible for the executive plan is 99 dollars. Salaries are paid monthly.")],
    "secret",
  );
  await ingested(handbook.jobId);
  await ingested(secret.jobId);
}

/** An ERI retrieval call as AI Studio makes it: the question as the latest prompt and the thread, with a session token. */
export const eriRetrievalRequest = (origin: string, token: string, question: string) =>
  new Request(`${origin}/retrieval`, {
    method: "POST",
    headers: { token, "content-type": "application/json" },
    body: JSON.stringify({
      latestUserPrompt: question,
      latestUserPromptType: "TEXT",
      thread: { contentBlocks: [{ content: question, role: "USER", type: "TEXT" }] },
      retrievalProcessId: null,
      parameters: null,
      maxMatches: 10,
    }),
  });
