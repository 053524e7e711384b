import { json, parseWith, readJson, route } from "@/lib/http/respond";
import { ModelSettingsInput, modelSettingsView, saveModelSettings } from "@/lib/models/settings";

export const dynamic = "force-dynamic";

/** Admins: the model server set in the app, which settings the environment decides, and what is in use. */
export const GET = route(async () => json(await modelSettingsView()));

export const PUT = route(async (request: Request) => json(await saveModelSettings(parseWith(ModelSettingsInput, await readJson(request)))));
