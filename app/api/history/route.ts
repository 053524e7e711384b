import { listChats } from "@/lib/chat/history";
import { json, route } from "@/lib/http/respond";
import { chatOwnerOf } from "@/lib/security/principal";

export const dynamic = "force-dynamic";

export const GET = route(async (request: Request) => json(await listChats(await chatOwnerOf(request))));
