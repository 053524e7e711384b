import { json, route } from "@/lib/http/respond";
import { sharedSources } from "@/lib/eri/sources";

export const dynamic = "force-dynamic";

/** Chat users: the remote ERI sources an admin shared with them, to pick in chat settings. */
export const GET = route(async () => json(await sharedSources()));
