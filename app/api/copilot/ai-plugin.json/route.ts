import { copilotRoute } from "@/lib/copilot/http";
import { checkPlugin, copilotPlugin } from "@/lib/copilot/plugin";
import { copilotSettings } from "@/lib/copilot/settings";
import { conflict } from "@/lib/errors";
import { json } from "@/lib/http/respond";

// Carries LanceDB: its own maxDuration keeps Vercel from grouping it with the small functions.
export const maxDuration = 60;

export const dynamic = "force-dynamic";

/** The plugin manifest; refused, with the reasons, when it would fail Microsoft's schema. */
export const GET = copilotRoute(async (request: Request) => {
  const plugin = await copilotPlugin(copilotSettings(request));
  const check = checkPlugin(plugin);
  if (!check.valid) throw conflict(`The plugin manifest would fail Microsoft's schema: ${check.errors.join("; ")}`);
  return json(plugin.manifest);
});
