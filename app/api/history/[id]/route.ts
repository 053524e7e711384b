import { z } from "zod";
import { deleteChat, getChat, renameChat } from "@/lib/chat/history";
import { json, parseWith, readJson, route } from "@/lib/http/respond";
import { chatOwnerOf } from "@/lib/security/principal";

type Ctx = { params: Promise<{ id: string }> };

export const GET = route(async (request: Request, { params }: Ctx) => json(await getChat(await chatOwnerOf(request), (await params).id)));

const Rename = z.object({ title: z.string().trim().min(1, "title must not be empty").max(200) });

export const PATCH = route(async (request: Request, { params }: Ctx) => {
  const { id } = await params;
  const owner = await chatOwnerOf(request);
  await renameChat(owner, id, parseWith(Rename, await readJson(request)).title);
  return json(await getChat(owner, id));
});

export const DELETE = route(async (request: Request, { params }: Ctx) => {
  await deleteChat(await chatOwnerOf(request), (await params).id);
  return json({ deleted: true });
});
