import { json, route } from "@/lib/http/respond";
import { findJob } from "@/lib/knowledge/repo";
import { toJobStatus } from "@/lib/knowledge/serialize";
import { notFound } from "@/lib/errors";

type Ctx = { params: Promise<{ job_id: string }> };

/** Read straight from the job tables: polling a job loads no knowledge store. */
export const GET = route(async (_request: Request, { params }: Ctx) => {
  const { job_id } = await params;
  const job = await findJob(job_id);
  // The SDK answers an unknown job with a FAILED status; over HTTP that is a 404 (its table).
  if (!job) throw notFound(`Job ${job_id} not found`);
  return json(toJobStatus(job));
});
