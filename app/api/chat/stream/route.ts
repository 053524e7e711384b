import { runChat } from "@/lib/chat/approach";
import { chatOwnerOf, principalOf } from "@/lib/security/principal";
import { ndjsonStream, parseChatRequest } from "@/lib/chat/protocol";
import { requestIdOf } from "@/lib/log";
import { AppError } from "@/lib/errors";
import { route } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

const errorShape = (message: string) => ({ error: message });

export const POST = route(async (request: Request) => {
  const chat = await parseChatRequest(request);
  const events = runChat(chat, { owner: await chatOwnerOf(request), principal: await principalOf(request) }, request.signal);
  const first = await events.next(); // errors before streaming become a plain HTTP error
  if (first.done) throw new AppError(500, "The answer ended unexpectedly");
  return new Response(ndjsonStream(first.value, events, requestIdOf(request)), {
    headers: { "Content-Type": "application/json-lines", "Cache-Control": "no-store", "X-Accel-Buffering": "no" },
  });
}, errorShape);
