import { route } from "@/lib/http/respond";
import { documentAtPath, originalResponse } from "@/lib/knowledge/originals";
import { principalOf } from "@/lib/security/principal";

type Ctx = { params: Promise<{ path: string[] }> };

/**
 * Citations as the reference Chat Protocol frontend opens them: `/content/<citation>`, i.e.
 * `/content/<file name>#page=N` (or `<collection>/<file name>` when the name is shared).
 */
export const GET = route(async (request: Request, { params }: Ctx) =>
  originalResponse(await documentAtPath((await params).path, await principalOf(request))),
);
