import { json, route } from "@/lib/http/respond";
import { INGEST_BUDGET_MS } from "@/lib/knowledge/background";
import { runQueuedJobs } from "@/lib/knowledge";
import { pendingJobIds } from "@/lib/knowledge/jobs/repository";
import { requireCronSecret } from "@/lib/security/cron";
import { runHousekeeping } from "@/lib/security/housekeeping";

export const dynamic = "force-dynamic";

/**
 * Vercel Cron (vercel.json), daily: resumes ingestion jobs no function is running any more (a
 * timed-out upload, a crash: stale heartbeats) and any still queued, for up to INGEST_BUDGET_MS;
 * and the daily housekeeping (audit rows past AUDIT_RETENTION_DAYS, expired sessions).
 */
export const GET = route(async (request: Request) => {
  requireCronSecret(request);
  const housekeeping = await runHousekeeping();
  await runQueuedJobs(INGEST_BUDGET_MS);
  return json({ pending_jobs: (await pendingJobIds()).length, audit_pruned: housekeeping.audit?.deleted ?? 0 });
});
