import { notFound } from "@/lib/errors";
import { adminRoute } from "@/lib/http/admin";
import { json, parseWith, readJson } from "@/lib/http/respond";
import { getRetriever } from "@/lib/knowledge";
import { SourceSearchRequest } from "@/lib/eri/source-schemas";
import { getSource } from "@/lib/eri/sources";

type Ctx = { params: Promise<{ id: string }> };

/** A search through the `eri` retriever: the chunks and citations chat would get. 502 when the remote failed. */
export const POST = adminRoute(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  const body = parseWith(SourceSearchRequest, await readJson(request));
  if (!(await getSource(id))) throw notFound(`ERI source '${id}' not found`);
  const result = await getRetriever("eri").retrieve(body.query, id, body.top_k, null, { signal: request.signal });
  return json(result, result.success ? 200 : 502);
});
