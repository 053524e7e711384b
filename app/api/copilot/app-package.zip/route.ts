import { appPackage } from "@/lib/copilot/app-package";
import { copilotRoute } from "@/lib/copilot/http";
import { copilotPlugin } from "@/lib/copilot/plugin";
import { copilotSettings } from "@/lib/copilot/settings";

// Carries LanceDB: its own maxDuration keeps Vercel from grouping it with the small functions.
export const maxDuration = 60;

export const dynamic = "force-dynamic";

export const GET = copilotRoute(async (request: Request) => {
  const zip = appPackage(await copilotPlugin(copilotSettings(request)));
  return new Response(Buffer.from(zip), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": 'attachment; filename="docchat-copilot.zip"',
      "Cache-Control": "no-store",
    },
  });
});
