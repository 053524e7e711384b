import { exampleQuestions } from "@/lib/chat/suggestions";
import { pluginManifest } from "./manifest";
import { openApiDocument, SEARCH_PATH } from "./openapi";
import { COPILOT_PRINCIPAL, publishedCollections } from "./publishing";
import type { CopilotSettings } from "./settings";
import { validateManifest, type ManifestCheck } from "./validate";
import { log } from "@/lib/log";

/** Everything the Copilot routes, the app package and the Integrations page serve, built once per request. */

type Json = Record<string, unknown>;

export const COPILOT_PATHS = {
  manifest: "/api/copilot/ai-plugin.json",
  openApi: "/api/copilot/openapi.json",
  search: SEARCH_PATH,
  appPackage: "/api/copilot/app-package.zip",
} as const;

/** A declarative agent shows at most six conversation starters. */
export const MAX_STARTERS = 6;
const FALLBACK_STARTER = "What topics do my documents cover?";

export interface CopilotPlugin {
  settings: CopilotSettings;
  urls: Record<keyof typeof COPILOT_PATHS, string>;
  collections: string[];
  starters: string[];
  openApi: Json;
  /** The manifest as served: its runtime points at the OpenAPI document's absolute URL. */
  manifest: Json;
}

/** Example questions from the published collections' documents (section headings), or one generic question. */
async function conversationStarters(collections: string[]): Promise<string[]> {
  if (collections.length === 0) return [FALLBACK_STARTER];
  const questions = await exampleQuestions(COPILOT_PRINCIPAL, collections, MAX_STARTERS).catch((error: unknown) => {
    log("warn", "copilot_starters_unavailable", { error });
    return [];
  });
  return questions.length ? questions : [FALLBACK_STARTER];
}

/** The OpenAPI document alone: Copilot fetches it often, and it needs no conversation starters. */
export async function copilotOpenApi(settings: CopilotSettings): Promise<{ collections: string[]; openApi: Json }> {
  // Only what an admin published is named to Microsoft's cloud.
  const collections = await publishedCollections();
  return { collections, openApi: openApiDocument({ baseUrl: settings.baseUrl, collections, requiresKey: settings.requiresKey }) };
}

export async function copilotPlugin(settings: CopilotSettings): Promise<CopilotPlugin> {
  const { collections, openApi } = await copilotOpenApi(settings);
  const starters = await conversationStarters(collections);
  const urls = Object.fromEntries(
    Object.entries(COPILOT_PATHS).map(([key, path]) => [key, `${settings.baseUrl}${path}`]),
  ) as CopilotPlugin["urls"];
  const manifest = pluginManifest({ ...settings, openApiUrl: urls.openApi, collections, starters });
  return { settings, urls, collections, starters, openApi, manifest };
}

/**
 * Why Microsoft 365 could not reach this address, or null when it can: Copilot calls plugins
 * from Microsoft's cloud, over HTTPS, so a local or private address works only for trying things out.
 */
export function reachabilityProblem(baseUrl: string): string | null {
  const url = new URL(baseUrl);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const local =
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host.endsWith(".local") ||
    host === "::1" ||
    /^(127|10)\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    !host.includes(".");
  if (local)
    return `${url.host} is a local address: Microsoft 365 cannot reach it. Set PUBLIC_BASE_URL to the public HTTPS address of this app.`;
  if (url.protocol !== "https:")
    return "Microsoft 365 calls plugins over HTTPS only: serve this app over HTTPS and set PUBLIC_BASE_URL to that address.";
  return null;
}

/** A plugin manifest (the served one unless told) checked against the official schema and the OpenAPI document. */
export function checkPlugin(plugin: CopilotPlugin, manifest: Json = plugin.manifest): ManifestCheck {
  const check = validateManifest(manifest, plugin.openApi);
  if (plugin.settings.requiresKey && !plugin.settings.referenceId) {
    check.errors.unshift(
      "COPILOT_API_KEY is set but COPILOT_API_KEY_REFERENCE_ID is not: register the key in the Teams Developer Portal and set its reference id",
    );
    check.valid = false;
  }
  return check;
}
