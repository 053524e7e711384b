import { appPackage } from "@/lib/copilot/app-package";
import { copilotRoute } from "@/lib/copilot/http";
import { copilotPlugin } from "@/lib/copilot/plugin";
import { copilotSettings } from "@/lib/copilot/settings";

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
