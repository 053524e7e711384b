import { json, parseWith, readJson, route } from "@/lib/http/respond";
import { ModelSettingsInput, modelSettingsView, saveModelSettings } from "@/lib/models/settings";
import { audit } from "@/lib/security/audit";

export const dynamic = "force-dynamic";

/** Admins: the model server set in the app, which settings the environment decides, and what is in use. */
export const GET = route(async () => json(await modelSettingsView()));

export const PUT = route(async (request: Request) => {
  const input = parseWith(ModelSettingsInput, await readJson(request));
  const saved = await saveModelSettings(input);
  await audit(request, "settings.model", "model", input);
  return json(saved);
});
