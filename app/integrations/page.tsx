import type { Metadata } from "next";
import { headers } from "next/headers";
import { CopilotSection } from "@/components/integrations/CopilotSection";
import { packageProblems } from "@/lib/copilot/app-package";
import { checkPlugin, copilotPlugin, reachabilityProblem } from "@/lib/copilot/plugin";
import { copilotSettingsFromHeaders } from "@/lib/copilot/settings";
import { listCollectionRows } from "@/lib/knowledge/repo";

// Carries LanceDB: its own maxDuration keeps Vercel from grouping it with the small functions.
export const maxDuration = 60;

export const metadata: Metadata = { title: "Integrations" };
export const dynamic = "force-dynamic";

export default async function IntegrationsPage() {
  const plugin = await copilotPlugin(copilotSettingsFromHeaders(await headers()));
  const check = checkPlugin(plugin);
  const collections = (await listCollectionRows()).map((r) => r.name);
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-6 sm:px-6 sm:py-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Integrations</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-300">
          Other assistants that can search your collections and cite the pages their answers come from.
        </p>
      </div>
      <CopilotSection
        urls={plugin.urls}
        baseUrlConfigured={plugin.settings.baseUrlConfigured}
        reachability={reachabilityProblem(plugin.settings.baseUrl)}
        auth={plugin.settings.requiresKey ? { type: "ApiKeyPluginVault", referenceId: plugin.settings.referenceId } : { type: "None" }}
        check={check}
        starters={plugin.starters}
        collections={collections}
        published={plugin.collections}
        packageProblems={packageProblems(plugin)}
      />
    </div>
  );
}
