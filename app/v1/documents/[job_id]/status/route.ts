import { json, route } from "@/lib/http/respond";
import { activeIngestor } from "@/lib/knowledge";
import { findJob } from "@/lib/knowledge/repo";
import { notFound } from "@/lib/errors";

type Ctx = { params: Promise<{ job_id: string }> };

export const GET = route(async (_request: Request, { params }: Ctx) => {
  const { job_id } = await params;
  // The SDK answers an unknown job with a FAILED status; over HTTP that is a 404 (its table).
  if (!(await findJob(job_id))) throw notFound(`Job ${job_id} not found`);
  return json(await activeIngestor().getJobStatus(job_id));
});
