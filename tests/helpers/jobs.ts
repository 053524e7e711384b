import { activeIngestor } from "@/lib/knowledge";
import type { SubmittedFile } from "@/lib/knowledge/types";
import type { IngestionJobStatus } from "@/lib/knowledge/schemas";

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
