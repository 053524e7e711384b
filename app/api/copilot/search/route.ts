import { copilotRoute } from "@/lib/copilot/http";
import { copilotSearch, CopilotSearchParams } from "@/lib/copilot/search";
import { copilotSettings, requireCopilotKey } from "@/lib/copilot/settings";
import { json, parseWith } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

export const GET = copilotRoute(async (request: Request) => {
  requireCopilotKey(request);
  const params = parseWith(CopilotSearchParams, Object.fromEntries(new URL(request.url).searchParams));
  return json(await copilotSearch(params, copilotSettings(request).baseUrl));
});
