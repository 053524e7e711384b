import { listChats } from "@/lib/chat/history";
import { json, route } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

export const GET = route(async () => json(await listChats()));
