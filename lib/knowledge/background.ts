import { after } from "next/server";
import { runQueuedJobs } from "./index";
import { workerMode } from "./worker-mode";

/**
 * Time a function spends ingesting after its response (upload) or per cron call, leaving room
 * under vercel.json's maxDuration (300 s) for the files under way to finish.
 */
export const INGEST_BUDGET_MS = 240_000;

/** INGEST_WORKER=request: the upload's own function ingests once its 202 has been sent. */
export function ingestAfterResponse(): void {
  if (workerMode() === "request") after(() => runQueuedJobs(INGEST_BUDGET_MS));
}
