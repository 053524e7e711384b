import { notFound } from "@/lib/errors";
import { adminRoute } from "@/lib/http/admin";
import { json, parseWith, readJson } from "@/lib/http/respond";
import { SourceSearchRequest } from "@/lib/eri/source-schemas";
import { EriRetriever } from "@/lib/eri/retriever";
import { getSource } from "@/lib/eri/sources";

type Ctx = { params: Promise<{ id: string }> };

/** A search through the `eri` retriever: the chunks and citations chat would get. 502 when the remote failed. */
export const POST = adminRoute(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  const body = parseWith(SourceSearchRequest, await readJson(request));
  if (!(await getSource(id))) throw notFound(`ERI source '${id}' not found`);
  const result = await new EriRetriever().retrieve(body.query, id, body.top_k, null, { signal: request.signal });
  return json(result, result.success ? 200 : 502);
});
