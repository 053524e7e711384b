import { AppError, notFound } from "@/lib/errors";
import { activeRetriever } from "@/lib/knowledge/retrievers";
import { json, parseWith, readJson, route } from "@/lib/http/respond";
import { filterClauses } from "@/lib/knowledge/filters";
import { collectionName } from "@/lib/knowledge/params";
import { SearchRequest, type RetrievalResult } from "@/lib/knowledge/schemas";
import { searchKnowledge } from "@/lib/knowledge/search";
import { principalOf } from "@/lib/security/principal";

// Carries LanceDB: its own maxDuration keeps Vercel from grouping it with the small functions.
export const maxDuration = 60;

type Ctx = { params: Promise<{ name: string }> };

export const POST = route(async (request: Request, { params }: Ctx) => {
  const name = collectionName((await params).name);
  const body = parseWith(SearchRequest, await readJson(request));
  filterClauses(body.filters); // 400 on unknown fields before searching
  const found = await searchKnowledge({
    query: body.query,
    principal: await principalOf(request),
    top: body.top_k,
    mode: body.retrieval_mode,
    collections: [name],
    filters: body.filters,
  });
  // The read path looks the collection up anyway: one query says whether it exists.
  if (found.unknownCollections.length) throw notFound(`Collection '${name}' not found`);
  const failure = found.failures[0];
  if (failure) throw new AppError(failure.status, failure.message);
  const result: RetrievalResult = {
    query: body.query,
    backend: activeRetriever().backendName,
    chunks: found.chunks,
    total_tokens: found.chunks.reduce((sum, c) => sum + Number(c.metadata.token_count ?? 0), 0),
    success: true,
    error_message: null,
  };
  return json(result);
});
