import { listChats } from "@/lib/chat/history";
import { json, route } from "@/lib/http/respond";
import { ownerOf } from "@/lib/security/access";

export const dynamic = "force-dynamic";

export const GET = route(async (request: Request) => json(await listChats(ownerOf(request))));
