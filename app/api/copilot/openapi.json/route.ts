import { copilotRoute } from "@/lib/copilot/http";
import { copilotOpenApi } from "@/lib/copilot/plugin";
import { copilotSettings } from "@/lib/copilot/settings";
import { json } from "@/lib/http/respond";

// Carries LanceDB: its own maxDuration keeps Vercel from grouping it with the small functions.
export const maxDuration = 60;

export const dynamic = "force-dynamic";

export const GET = copilotRoute(async (request: Request) => json((await copilotOpenApi(copilotSettings(request))).openApi));
