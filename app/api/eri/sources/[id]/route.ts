import { notFound } from "@/lib/errors";
import { adminRoute } from "@/lib/http/admin";
import { json, parseWith, readJson } from "@/lib/http/respond";
import { SourceUpdate } from "@/lib/eri/source-schemas";
import { deleteSource, getSource, updateSource } from "@/lib/eri/sources";
import { audit } from "@/lib/security/audit";

type Ctx = { params: Promise<{ id: string }> };

export const GET = adminRoute(async (_request: Request, { params }: Ctx) => {
  const { id } = await params;
  const source = await getSource(id);
  if (!source) throw notFound(`ERI source '${id}' not found`);
  return json(source);
});

export const PATCH = adminRoute(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  const update = parseWith(SourceUpdate, await readJson(request));
  const updated = await updateSource(id, update);
  await audit(request, "eri_source.update", id, update);
  return json(updated);
});

export const DELETE = adminRoute(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  if (!(await deleteSource(id))) throw notFound(`ERI source '${id}' not found`);
  await audit(request, "eri_source.delete", id);
  return json({ deleted: true, id });
});
