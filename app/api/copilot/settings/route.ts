import { CopilotPublishingUpdate, loadCopilotPublishing, updateCopilotPublishing } from "@/lib/copilot/publishing";
import { adminRoute } from "@/lib/http/admin";
import { json, parseWith, readJson } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

/** The collections published to Microsoft 365 Copilot (admins only, by the proxy's default rule). */
export const GET = adminRoute(async () => json({ published: (await loadCopilotPublishing()).published }));

export const PATCH = adminRoute(async (request: Request) => {
  const update = parseWith(CopilotPublishingUpdate, await readJson(request));
  return json({ published: (await updateCopilotPublishing(update)).published });
});
