import { copilotRoute } from "@/lib/copilot/http";
import { copilotPlugin } from "@/lib/copilot/plugin";
import { copilotSettings } from "@/lib/copilot/settings";
import { json } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

export const GET = copilotRoute(async (request: Request) => json((await copilotPlugin(copilotSettings(request))).manifest));
