import { appPackage, packageProblems } from "@/lib/copilot/app-package";
import { copilotRoute } from "@/lib/copilot/http";
import { copilotPlugin } from "@/lib/copilot/plugin";
import { copilotSettings } from "@/lib/copilot/settings";
import { conflict } from "@/lib/errors";

// Carries LanceDB: its own maxDuration keeps Vercel from grouping it with the small functions.
export const maxDuration = 60;

export const dynamic = "force-dynamic";

/** The Teams app package; refused, with the reasons, when Microsoft 365 would refuse it. */
export const GET = copilotRoute(async (request: Request) => {
  const plugin = await copilotPlugin(copilotSettings(request));
  const problems = packageProblems(plugin);
  if (problems.length) throw conflict(`The app package would not install: ${problems.join(" ")}`);
  return new Response(Buffer.from(await appPackage(plugin)), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": 'attachment; filename="docchat-copilot.zip"',
      "Cache-Control": "no-store",
    },
  });
});
