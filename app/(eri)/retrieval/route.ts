import { Contexts, RetrievalRequest } from "@/lib/eri/schemas";
import { eriJson, eriRoute } from "@/lib/eri/server/http";
import { retrieveContexts } from "@/lib/eri/server/retrieval";
import { requestOrigin } from "@/lib/http/origin";
import { parseWith, readJson } from "@/lib/http/respond";

// Carries LanceDB: its own maxDuration keeps Vercel from grouping it with the small functions.
export const maxDuration = 60;

/** ERI v1 retrieval: the thread and latest prompt in, matching passages as Contexts out. */
export const POST = eriRoute(
  async (request, settings, reader) => {
    const body = parseWith(RetrievalRequest, await readJson(request));
    return eriJson(Contexts, await retrieveContexts(body, settings, requestOrigin(request), reader));
  },
  { requireSession: true },
);
