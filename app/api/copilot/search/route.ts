import { copilotRoute } from "@/lib/copilot/http";
import { copilotSearch, CopilotSearchParams } from "@/lib/copilot/search";
import { copilotSettings, requireCopilotKey } from "@/lib/copilot/settings";
import { json, parseWith } from "@/lib/http/respond";
import { signedInPrincipal } from "@/lib/security/principal";

// Carries LanceDB: its own maxDuration keeps Vercel from grouping it with the small functions.
export const maxDuration = 60;

export const dynamic = "force-dynamic";

export const GET = copilotRoute(async (request: Request) => {
  requireCopilotKey(request);
  const params = parseWith(CopilotSearchParams, Object.fromEntries(new URL(request.url).searchParams));
  return json(await copilotSearch(params, copilotSettings(request).baseUrl, await signedInPrincipal(request)));
});
