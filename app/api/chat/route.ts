import { runChat } from "@/lib/chat/approach";
import { chatOwnerOf, principalOf } from "@/lib/security/principal";
import { collectJson, parseChatRequest } from "@/lib/chat/protocol";
import { json, route } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

const errorShape = (message: string) => ({ error: message });

export const POST = route(async (request: Request) => {
  const chat = await parseChatRequest(request);
  return json(
    await collectJson(runChat(chat, { owner: await chatOwnerOf(request), principal: await principalOf(request) }, request.signal)),
  );
}, errorShape);
