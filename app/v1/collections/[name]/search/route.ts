import { AppError } from "@/lib/errors";
import { json, parseWith, readJson, route } from "@/lib/http/respond";
import { activeRetriever } from "@/lib/knowledge";
import { filtersToWhere } from "@/lib/knowledge/filters";
import { existingCollectionName } from "@/lib/knowledge/params";
import { SearchRequest } from "@/lib/knowledge/schemas";

type Ctx = { params: Promise<{ name: string }> };

export const POST = route(async (request: Request, { params }: Ctx) => {
  const name = await existingCollectionName((await params).name);
  const body = parseWith(SearchRequest, await readJson(request));
  filtersToWhere(body.filters); // 400 on unknown fields before searching
  const result = await activeRetriever().retrieve(body.query, name, body.top_k, body.filters, { mode: body.retrieval_mode });
  if (!result.success) throw new AppError(/built with/.test(result.error_message ?? "") ? 409 : 500, result.error_message ?? "Retrieval failed");
  return json(result);
});
