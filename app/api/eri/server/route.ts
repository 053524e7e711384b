import { adminRoute } from "@/lib/http/admin";
import { json, parseWith, readJson } from "@/lib/http/respond";
import { serverSettingsResponse } from "@/lib/eri/server/admin-view";
import { ServerSettingsUpdate, updateServerSettings, loadServerSettings } from "@/lib/eri/server/settings";
import { audit } from "@/lib/security/audit";

export const dynamic = "force-dynamic";

/** This app's own ERI server: settings (no secrets), the collections to choose from, the address for AI Studio. */
export const GET = adminRoute(async (request: Request) => json(await serverSettingsResponse(await loadServerSettings(), request)));

export const PATCH = adminRoute(async (request: Request) => {
  const update = parseWith(ServerSettingsUpdate, await readJson(request));
  const saved = await updateServerSettings(update);
  await audit(request, "settings.eri_server", "eri server", update);
  return json(await serverSettingsResponse(saved, request));
});
export const PUT = PATCH;
