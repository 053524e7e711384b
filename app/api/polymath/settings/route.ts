import { adminRoute } from "@/lib/http/admin";
import { json, parseWith, readJson } from "@/lib/http/respond";
import { polymathSettingsResponse } from "@/lib/polymath/admin-view";
import { loadPolymathSettings, PolymathSettingsUpdate, updatePolymathSettings } from "@/lib/polymath/settings";
import { audit } from "@/lib/security/audit";

export const dynamic = "force-dynamic";

/** The Polymath host's settings (no token hashes), the collections to publish, the host address. */
export const GET = adminRoute(async (request: Request) => json(await polymathSettingsResponse(await loadPolymathSettings(), request)));

export const PATCH = adminRoute(async (request: Request) => {
  const update = parseWith(PolymathSettingsUpdate, await readJson(request));
  const saved = await updatePolymathSettings(update);
  await audit(request, "settings.polymath", "polymath", update);
  return json(await polymathSettingsResponse(saved, request));
});
