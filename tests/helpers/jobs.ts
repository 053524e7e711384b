import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { resetConfig } from "@/lib/config";
import { activeIngestor } from "@/lib/knowledge";
import type { SubmittedFile } from "@/lib/knowledge/types";
import type { IngestionJobStatus } from "@/lib/knowledge/schemas";
import { makePdf, writeTemp } from "./files";

/** Polls a job until it ends (fails the test after a minute). */
export async function waitForJob(jobId: string): Promise<IngestionJobStatus> {
  for (let i = 0; i < 1200; i++) {
    const status = await activeIngestor().getJobStatus(jobId);
    if (status.is_terminal) return status;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("ingestion job did not finish");
}

/** Submits files to a collection and waits for the job; returns the final status and file ids. */
export async function ingestAndWait(collection: string, files: SubmittedFile[]) {
  const { jobId, fileIds } = await activeIngestor().submitJob(files, collection);
  return { status: await waitForJob(jobId), fileIds };
}

/**
 * A one-page "leave.pdf" in its own collection, cut into small chunks so the page is several
 * passages and a search for one finds only part of the page: what reading whole pages is for.
 * The collection is gone, and CHUNK_TOKENS as it was, when `run` ends (other tests search every
 * collection).
 */
export async function withSeveralPassagePage(page: string, run: () => Promise<void>): Promise<void> {
  const chunkTokens = process.env.CHUNK_TOKENS;
  process.env.CHUNK_TOKENS = "64";
  resetConfig();
  const tmp = mkdtempSync(path.join(os.tmpdir(), "docchat-leave-"));
  await activeIngestor().createCollection("leave");
  try {
    await ingestAndWait("leave", [writeTemp(tmp, "leave.pdf", await makePdf([page]))]);
    await run();
  } finally {
    if (chunkTokens === undefined) delete process.env.CHUNK_TOKENS;
    else process.env.CHUNK_TOKENS = chunkTokens;
    resetConfig();
    await activeIngestor().deleteCollection("leave");
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Who may take parental leave, how to ask, how long it lasts: one page of four paragraphs. */
export const LEAVE_PAGE = [
  "Parental Leave",
  "Parental leave is open to every employee who becomes a parent by birth, adoption or foster placement. Parental leave may start up to two weeks before the expected arrival, and both parents may take parental leave at the same time.",
  "Requests go to the people team through the portal, with the expected date and any documents the portal asks for. Managers are told once a request is approved.",
  "The benefit lasts sixteen weeks at full pay and may be split into two blocks.",
].join("\n");
