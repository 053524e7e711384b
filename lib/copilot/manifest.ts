import { OPERATION_ID } from "./openapi";

/**
 * The API plugin manifest, schema v2.2 (plugin-manifest-v2.2.schema.json beside this file is
 * Microsoft's official schema): one function, searchKnowledge, bound to the OpenAPI runtime.
 */

type Json = Record<string, unknown>;

export const PLUGIN_NAME = "DocChat";
export const PLUGIN_NAMESPACE = "docchat";
export const DESCRIPTION_FOR_HUMAN = "Search your DocChat documents and cite the page every answer comes from.";
/** The documented lengths beyond which Copilot may ignore the rest. */
export const LIMITS = { name_for_human: 20, description_for_human: 100, description_for_model: 2048 } as const;

export interface ManifestOptions {
  /** Where the OpenAPI document is: an absolute URL when served, "openapi.json" inside the app package. */
  openApiUrl: string;
  requiresKey: boolean;
  referenceId: string | null;
  collections: string[];
  /** Example questions drawn from the documents. */
  starters: string[];
}

export function descriptionForModel(collections: string[]): string {
  const names = collections.length ? ` Its collections: ${collections.join(", ")}.` : "";
  const text =
    "Searches the documents the user's organisation uploaded to DocChat (policies, handbooks, manuals, reports) and returns " +
    "the passages that answer a question, each with a citation (file name and page) and a link that opens the source at that page. " +
    "Use it whenever the user asks about the content of these documents or wants a fact with its source." +
    names;
  return text.length <= LIMITS.description_for_model ? text : `${text.slice(0, LIMITS.description_for_model - 1)}…`;
}

const REASONING_INSTRUCTIONS = [
  `Call ${OPERATION_ID} before answering any question about the user's documents, policies, handbooks or files; pass the question or its key terms as query.`,
  "If the user names a collection, pass it as collection; otherwise leave collection out to search all of them.",
  "Determine if the response contains an error field. If it does, tell the user the error message and do not make up an answer.",
  "Use only the passages in results. Do not include any information that is not present in them.",
  "If results is empty, say that the documents do not cover the question.",
  "If spelling_corrections is not empty, tell the user which word was searched instead of which.",
];

const RESPONDING_INSTRUCTIONS = [
  "Answer from the snippets of the results, most relevant first, in the user's language.",
  "Cite every fact with its citation, linked to its url, e.g. [employee_handbook.pdf, p.3](url).",
];

/** An Adaptive Card per result: title, snippet, citation and a button that opens the source page. */
export const RESULT_CARD = {
  type: "AdaptiveCard",
  $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
  version: "1.5",
  body: [
    { type: "TextBlock", text: "${title}", weight: "Bolder", wrap: true },
    { type: "TextBlock", text: "${snippet}", wrap: true, maxLines: 6 },
    { type: "TextBlock", text: "${citation}", isSubtle: true, size: "Small", wrap: true, spacing: "Small" },
  ],
  actions: [{ type: "Action.OpenUrl", title: "Open source", url: "${url}" }],
};

export function pluginManifest(options: ManifestOptions): Json {
  const auth = options.requiresKey
    ? { type: "ApiKeyPluginVault", ...(options.referenceId ? { reference_id: options.referenceId } : {}) }
    : { type: "None" };
  return {
    $schema: "https://developer.microsoft.com/json-schemas/copilot/plugin/v2.2/schema.json",
    schema_version: "v2.2",
    name_for_human: PLUGIN_NAME,
    namespace: PLUGIN_NAMESPACE,
    description_for_human: DESCRIPTION_FOR_HUMAN,
    description_for_model: descriptionForModel(options.collections),
    functions: [
      {
        name: OPERATION_ID,
        description:
          "Search the uploaded documents for passages matching a question or keywords. Returns up to 25 passages, best first, " +
          "each with title, snippet, citation (file and page), url (opens the page), file_name, page_number, collection and score.",
        states: {
          reasoning: {
            description: `\`${OPERATION_ID}(query, collection?, top?)\` returns the passages of the user's documents that best match the query.`,
            instructions: REASONING_INSTRUCTIONS,
          },
          responding: {
            description: `Results of \`${OPERATION_ID}\`: passages with their citation and a link to the source page.`,
            instructions: RESPONDING_INSTRUCTIONS,
          },
        },
        capabilities: {
          response_semantics: {
            data_path: "$.results",
            properties: { title: "$.title", subtitle: "$.citation", url: "$.url" },
            static_template: RESULT_CARD,
          },
          security_info: { data_handling: ["GetPrivateData"] },
        },
      },
    ],
    runtimes: [
      {
        type: "OpenApi",
        auth,
        run_for_functions: [OPERATION_ID],
        spec: { url: options.openApiUrl, progress_style: "ShowUsageWithInput" },
      },
    ],
    capabilities: {
      conversation_starters: options.starters.map((text) => ({ text })),
    },
  };
}
