import { CopilotPublishingUpdate, loadCopilotPublishing, updateCopilotPublishing } from "@/lib/copilot/publishing";
import { adminRoute } from "@/lib/http/admin";
import { json, parseWith, readJson } from "@/lib/http/respond";
import { audit } from "@/lib/security/audit";

export const dynamic = "force-dynamic";

/** The collections published to Microsoft 365 Copilot (admins only, by the proxy's default rule). */
export const GET = adminRoute(async () => json({ published: (await loadCopilotPublishing()).published }));

export const PATCH = adminRoute(async (request: Request) => {
  const update = parseWith(CopilotPublishingUpdate, await readJson(request));
  const { published } = await updateCopilotPublishing(update);
  await audit(request, "settings.copilot", "copilot", { published });
  return json({ published });
});
