import { notFound } from "@/lib/errors";
import { adminRoute } from "@/lib/http/admin";
import { json, parseWith, readJson } from "@/lib/http/respond";
import { SourceUpdate } from "@/lib/eri/source-schemas";
import { deleteSource, getSource, updateSource } from "@/lib/eri/sources";

type Ctx = { params: Promise<{ id: string }> };

export const GET = adminRoute(async (_request: Request, { params }: Ctx) => {
  const { id } = await params;
  const source = await getSource(id);
  if (!source) throw notFound(`ERI source '${id}' not found`);
  return json(source);
});

export const PATCH = adminRoute(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  return json(await updateSource(id, parseWith(SourceUpdate, await readJson(request))));
});

export const DELETE = adminRoute(async (_request: Request, { params }: Ctx) => {
  const { id } = await params;
  if (!(await deleteSource(id))) throw notFound(`ERI source '${id}' not found`);
  return json({ deleted: true, id });
});
