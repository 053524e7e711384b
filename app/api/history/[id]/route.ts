import { z } from "zod";
import { deleteChat, getChat, renameChat } from "@/lib/chat/history";
import { json, parseWith, readJson, route } from "@/lib/http/respond";

type Ctx = { params: Promise<{ id: string }> };

export const GET = route(async (_request: Request, { params }: Ctx) => json(await getChat((await params).id)));

const Rename = z.object({ title: z.string().trim().min(1, "title must not be empty").max(200) });

export const PATCH = route(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  await renameChat(id, parseWith(Rename, await readJson(request)).title);
  return json(await getChat(id));
});

export const DELETE = route(async (_request: Request, { params }: Ctx) => {
  await deleteChat((await params).id);
  return json({ deleted: true });
});
