import { z } from "zod";
import { json, parseWith, route } from "@/lib/http/respond";
import { findJobPage } from "@/lib/knowledge/repo";
import { toJobStatus } from "@/lib/knowledge/serialize";
import { notFound } from "@/lib/errors";
import { mayRead } from "@/lib/security/collection-access";
import { principalOf } from "@/lib/security/principal";

type Ctx = { params: Promise<{ job_id: string }> };

/** `file_details` come a page at a time: `?offset=` (default 0) and `?limit=` (1–1000, default 1000). */
const FilePage = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
});

/** Read straight from the job tables: polling a job loads no knowledge store. */
export const GET = route(async (request: Request, { params }: Ctx) => {
  const { job_id } = await params;
  const { offset, limit } = parseWith(FilePage, Object.fromEntries(new URL(request.url).searchParams));
  const found = await findJobPage(job_id, offset, limit);
  // The SDK answers an unknown job with a FAILED status; over HTTP that is a 404 (its table).
  // A job of a collection one may not read is one that does not exist (its file names included).
  if (!found || !(await mayRead(await principalOf(request), found.job.collectionName))) throw notFound(`Job ${job_id} not found`);
  return json(toJobStatus(found.job, { offset, limit, total: found.total, processed: found.processed }));
});
