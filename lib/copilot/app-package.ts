import { createHash } from "node:crypto";
import { strToU8, zipSync } from "fflate";
import { colorIcon, outlineIcon, ACCENT } from "./icons";
import { DESCRIPTION_FOR_HUMAN, PLUGIN_NAME, pluginManifest } from "./manifest";
import { checkPlugin, MAX_STARTERS, type CopilotPlugin } from "./plugin";
import { FIRST_VERSION, packageVersion } from "./publishing";
import { schemaErrors } from "./validate";

/**
 * The Teams app package (a zip) that installs DocChat into Microsoft 365 Copilot as a
 * declarative agent whose one action is the API plugin. Upload it in Teams (Apps → Manage your
 * apps → Upload an app) or the Microsoft 365 admin centre.
 */

export const PACKAGE_FILES = {
  teamsManifest: "manifest.json",
  agent: "declarativeAgent.json",
  plugin: "ai-plugin.json",
  openApi: "openapi.json",
  colorIcon: "color.png",
  outlineIcon: "outline.png",
} as const;

/** The newest versions Microsoft's offline validators (@microsoft/app-manifest) know; their schemas are in schemas/. */
const TEAMS_MANIFEST_VERSION = "1.30";
const AGENT_MANIFEST_VERSION = "v1.8";
const AGENT_ID = "docchatAgent";
const ACTION_ID = "docchatSearch";

type Json = Record<string, unknown>;

/** The same deployment always gets the same app id, so a new package updates the installed app. */
export function appId(baseUrl: string): string {
  const hash = createHash("sha1").update(`docchat-copilot:${baseUrl}`).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50; // version 5 (name-based, SHA-1)
  hash[8] = (hash[8] & 0x3f) | 0x80; // RFC 4122 variant
  const h = hash.subarray(0, 16).toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

export const AGENT_INSTRUCTIONS = [
  "You answer questions from the documents the user's organisation keeps in DocChat.",
  "For every question about policies, handbooks, manuals, reports or any uploaded file, first call the DocChat searchKnowledge action with the question (or its key terms) as query.",
  "Answer only from the passages it returns; never add facts that are not in them. If nothing relevant comes back, say that the documents do not cover the question.",
  "Cite each fact with the passage's citation (file and page), linked to its url, so the user can open the page.",
  "If the search reports spelling corrections, say which word was searched instead.",
].join("\n");

export function teamsManifest(plugin: CopilotPlugin, version: string): Json {
  const base = plugin.settings.baseUrl;
  return {
    $schema: `https://developer.microsoft.com/json-schemas/teams/v${TEAMS_MANIFEST_VERSION}/MicrosoftTeams.schema.json`,
    manifestVersion: TEAMS_MANIFEST_VERSION,
    version,
    id: appId(base),
    developer: {
      name: PLUGIN_NAME,
      websiteUrl: base,
      // Unset, the package is refused (packageProblems): Teams requires both.
      privacyUrl: plugin.settings.privacyUrl ?? "",
      termsOfUseUrl: plugin.settings.termsUrl ?? "",
    },
    icons: { color: PACKAGE_FILES.colorIcon, outline: PACKAGE_FILES.outlineIcon },
    name: { short: PLUGIN_NAME, full: "DocChat: chat with your documents" },
    description: {
      short: "Answers from your documents, with the page each fact comes from.",
      full:
        `${DESCRIPTION_FOR_HUMAN} DocChat searches the documents uploaded to ${base} and returns the passages ` +
        "that answer a question, each with its file, page and a link that opens the source at that page.",
    },
    accentColor: ACCENT,
    copilotAgents: { declarativeAgents: [{ id: AGENT_ID, file: PACKAGE_FILES.agent }] },
    validDomains: [new URL(base).hostname],
  };
}

export function declarativeAgent(plugin: CopilotPlugin): Json {
  return {
    $schema: `https://developer.microsoft.com/json-schemas/copilot/declarative-agent/${AGENT_MANIFEST_VERSION}/schema.json`,
    version: AGENT_MANIFEST_VERSION,
    name: PLUGIN_NAME,
    description: "Answers questions from the documents in DocChat and cites the page every fact comes from.",
    instructions: AGENT_INSTRUCTIONS,
    conversation_starters: plugin.starters.slice(0, MAX_STARTERS).map((text) => ({ text })),
    actions: [{ id: ACTION_ID, file: PACKAGE_FILES.plugin }],
  };
}

/** The plugin manifest inside the package points at the OpenAPI document beside it. */
export function packagedPluginManifest(plugin: CopilotPlugin): Json {
  const { settings, collections, starters } = plugin;
  return pluginManifest({ ...settings, openApiUrl: PACKAGE_FILES.openApi, collections, starters });
}

const jsonFile = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

/**
 * Why the package cannot be installed, one line each (none: it can). Each manifest is checked
 * against Microsoft's schema of its kind, as the Teams Developer Portal and `atk validate` do.
 */
export function packageProblems(plugin: CopilotPlugin): string[] {
  const problems: string[] = [];
  if (plugin.collections.length === 0) problems.push("No collection is published for Copilot: choose at least one under Integrations.");
  if (!plugin.settings.privacyUrl || !plugin.settings.termsUrl) {
    problems.push("Teams requires a privacy statement and terms of use: set COPILOT_PRIVACY_URL and COPILOT_TERMS_URL (https addresses).");
  }
  const named = (file: string, errors: string[]) => errors.map((e) => `${file} ${e}`);
  problems.push(...named(PACKAGE_FILES.plugin, checkPlugin(plugin, packagedPluginManifest(plugin)).errors));
  if (plugin.settings.privacyUrl && plugin.settings.termsUrl) {
    problems.push(...named(PACKAGE_FILES.teamsManifest, schemaErrors("teams", teamsManifest(plugin, FIRST_VERSION))));
  }
  problems.push(...named(PACKAGE_FILES.agent, schemaErrors("agent", declarativeAgent(plugin))));
  return problems;
}

/** The zip, versioned by its content: the same content keeps its version, a change gets the next one. */
export async function appPackage(plugin: CopilotPlugin): Promise<Uint8Array> {
  const files = {
    [PACKAGE_FILES.agent]: jsonFile(declarativeAgent(plugin)),
    [PACKAGE_FILES.plugin]: jsonFile(packagedPluginManifest(plugin)),
    [PACKAGE_FILES.openApi]: jsonFile(plugin.openApi),
  };
  const content = createHash("sha256");
  for (const [name, data] of [...Object.entries(files), [PACKAGE_FILES.teamsManifest, jsonFile(teamsManifest(plugin, ""))] as const])
    content.update(name).update(data);
  const version = await packageVersion(content.digest("hex"));
  return zipSync(
    {
      [PACKAGE_FILES.teamsManifest]: jsonFile(teamsManifest(plugin, version)),
      ...files,
      // PNGs are compressed already.
      [PACKAGE_FILES.colorIcon]: [colorIcon(), { level: 0 }],
      [PACKAGE_FILES.outlineIcon]: [outlineIcon(), { level: 0 }],
    },
    { level: 6, mtime: new Date("2025-01-01T00:00:00Z") },
  );
}
