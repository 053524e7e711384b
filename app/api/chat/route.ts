import { runChat } from "@/lib/chat/approach";
import { isAdmin, ownerOf } from "@/lib/security/access";
import { collectJson, parseChatRequest } from "@/lib/chat/protocol";
import { json, route } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

const errorShape = (message: string) => ({ error: message });

export const POST = route(async (request: Request) => {
  const chat = await parseChatRequest(request);
  return json(await collectJson(runChat(chat, { owner: ownerOf(request), admin: isAdmin(request) }, request.signal)));
}, errorShape);
