import { z } from "zod";
import { config, setInEnvironment, setStoredSettings } from "@/lib/config";
import { db } from "@/lib/db/client";
import { jsonSetting } from "@/lib/db/json-setting";
import { AppError } from "@/lib/errors";
import { decryptSecret, encryptSecret } from "@/lib/secrets";
import { log } from "@/lib/log";
import { LOCAL_HASH_MODEL } from "./local-embedder";

/**
 * The language model server set in the app (Settings → Model): an OpenAI-compatible base URL or
 * an Azure OpenAI endpoint with its API version, the API key (stored encrypted like ERI
 * credentials), the chat model and the embedding model (Azure: deployment names).
 * They reach the app as the environment variables they stand for, and only where the
 * environment leaves those unset: a deployment's own variables always win.
 */

const Provider = z.enum(["openai", "azure"]);

const Stored = z.object({
  provider: Provider.optional(),
  baseUrl: z.string().optional(),
  azureEndpoint: z.string().optional(),
  azureApiVersion: z.string().optional(),
  apiKeyEnc: z.string().optional(),
  chatModel: z.string().optional(),
  embeddingModel: z.string().optional(),
});
type Stored = z.infer<typeof Stored>;

const store = jsonSetting("model-settings", Stored, { unreadable: "Saved model settings are unreadable; using the environment only" });

/** PUT /api/settings/model. `api_key`: undefined keeps the saved key, "" removes it. */
const ServerUrl = z.union([z.literal(""), z.url({ protocol: /^https?$/ })]);
const ApiVersion = z
  .string()
  .trim()
  .max(40)
  .regex(/^[\w.-]*$/, "An API version looks like 2024-10-21");
export const ModelSettingsInput = z.object({
  provider: Provider.default("openai"),
  base_url: ServerUrl,
  azure_endpoint: ServerUrl.default(""),
  azure_api_version: ApiVersion.default(""),
  api_key: z.string().max(500).optional(),
  chat_model: z.string().trim().max(200),
  embedding_model: z.string().trim().max(200),
});
export type ModelSettingsInput = z.input<typeof ModelSettingsInput>;

/** POST /api/settings/model/test: the server to try (the saved key when none is given). */
export const ConnectionTestInput = z.object({
  provider: Provider.default("openai"),
  /** The base URL, or the Azure endpoint. */
  base_url: z.url({ protocol: /^https?$/ }),
  azure_api_version: ApiVersion.optional(),
  api_key: z.string().max(500).optional(),
});
export type ConnectionTestInput = z.input<typeof ConnectionTestInput>;

/** Which environment variable each setting stands for. */
const ENV = {
  base_url: "OPENAI_BASE_URL",
  azure_endpoint: "AZURE_OPENAI_ENDPOINT",
  azure_api_version: "AZURE_OPENAI_API_VERSION",
  api_key: "OPENAI_API_KEY",
  chat_model: "CHAT_MODEL",
  embedding_model: "EMBEDDING_MODEL",
} as const;
type Field = keyof typeof ENV;
const envSet = setInEnvironment;
/** Either server variable decides the server (Azure's endpoint wins over a base URL in lib/models/chat.ts). */
const serverFromEnv = () => envSet(ENV.base_url) || envSet(ENV.azure_endpoint);
const fromEnv = (field: Field) => (field === "base_url" || field === "azure_endpoint" ? serverFromEnv() : envSet(ENV[field]));

function asEnv(s: Stored): Record<string, string> {
  const env: Record<string, string> = {};
  if (!serverFromEnv()) {
    if (s.provider === "azure") {
      if (s.azureEndpoint) env.AZURE_OPENAI_ENDPOINT = s.azureEndpoint;
      if (s.azureApiVersion) env.AZURE_OPENAI_API_VERSION = s.azureApiVersion;
    } else if (s.baseUrl) env.OPENAI_BASE_URL = s.baseUrl;
  }
  if (s.apiKeyEnc) {
    try {
      env.OPENAI_API_KEY = decryptSecret(s.apiKeyEnc);
    } catch (error) {
      // APP_SECRET changed: the chat goes on without the key (Settings → Model asks for it again).
      log("error", "model_key_unreadable", { message: (error as Error).message });
    }
  }
  if (s.chatModel) env.CHAT_MODEL = s.chatModel;
  if (s.embeddingModel) {
    // Said outright: a saved key alone must not switch collections built locally to another embedder.
    env.EMBEDDER = s.embeddingModel === LOCAL_HASH_MODEL ? "local" : "openai";
    env.EMBEDDING_MODEL = s.embeddingModel;
  }
  return env;
}

/** Brings the saved settings into config() (cached a few seconds; call before reading the model config). */
export async function applyStoredModelSettings(): Promise<void> {
  setStoredSettings(asEnv(await store.load()));
}

export async function saveModelSettings(raw: ModelSettingsInput): Promise<ModelSettingsView> {
  const input = ModelSettingsInput.parse(raw);
  const current = await store.load();
  const apiKeyEnc =
    input.api_key === undefined ? current.apiKeyEnc : input.api_key.trim() ? encryptSecret(input.api_key.trim()) : undefined;
  await store.save({
    provider: input.provider,
    baseUrl: input.base_url || undefined,
    azureEndpoint: input.azure_endpoint || undefined,
    azureApiVersion: input.azure_api_version || undefined,
    apiKeyEnc,
    chatModel: input.chat_model || undefined,
    embeddingModel: input.embedding_model || undefined,
  });
  await applyStoredModelSettings();
  return modelSettingsView();
}

export interface ModelSettingsView {
  provider: z.infer<typeof Provider>;
  base_url: string;
  azure_endpoint: string;
  /** The saved one, else the version the app uses. */
  azure_api_version: string;
  has_api_key: boolean;
  chat_model: string;
  embedding_model: string;
  /** Settings an environment variable decides (shown, not editable). */
  from_env: Record<Field, boolean>;
  /** What the app uses now, whichever the source. */
  effective: { base_url: string | null; chat_model: string | null; embedding_model: string };
  /**
   * Collections built with another embedding model: their search needs re-embedding to use the
   * new one (POST /v1/collections/{name}/reembed); `job_id`: the re-embedding queued or running.
   */
  needs_reembedding: { name: string; embedding_model: string; job_id: string | null }[];
}

export async function modelSettingsView(): Promise<ModelSettingsView> {
  await applyStoredModelSettings();
  const saved = await store.load();
  const cfg = config();
  const collections = await db().collection.findMany({
    select: {
      name: true,
      embeddingModel: true,
      jobs: { where: { kind: "reembed", status: { in: ["pending", "processing"] } }, select: { id: true } },
    },
    orderBy: { name: "asc" },
  });
  return {
    provider: saved.provider ?? "openai",
    base_url: saved.baseUrl ?? "",
    azure_endpoint: saved.azureEndpoint ?? "",
    azure_api_version: saved.azureApiVersion ?? cfg.openai.azureApiVersion,
    has_api_key: Boolean(saved.apiKeyEnc),
    chat_model: saved.chatModel ?? "",
    embedding_model: saved.embeddingModel ?? "",
    from_env: Object.fromEntries(Object.keys(ENV).map((field) => [field, fromEnv(field as Field)])) as Record<Field, boolean>,
    effective: {
      base_url: cfg.openai.azureEndpoint ?? cfg.openai.baseURL ?? null,
      chat_model: cfg.chatModel,
      embedding_model: cfg.embeddingModel,
    },
    needs_reembedding: collections
      .filter((c) => c.embeddingModel !== cfg.embeddingModel)
      .map((c) => ({ name: c.name, embedding_model: c.embeddingModel, job_id: c.jobs[0]?.id ?? null })),
  };
}

/**
 * Lists the server's models (`GET {base}/models`; Azure: `GET {endpoint}/openai/models`, its
 * base models, since deployments are listed only by Azure's management API): the connection
 * test, and the choices offered.
 */
export async function listModels(raw: ConnectionTestInput): Promise<string[]> {
  const server = ConnectionTestInput.parse(raw);
  const baseUrl = server.base_url.replace(/\/+$/, "");
  // The saved key goes only to the saved server, never to another address typed in the form.
  const key = server.api_key?.trim() || (await savedKeyFor(server.provider, server.base_url));
  const azure = server.provider === "azure";
  const url = azure
    ? `${baseUrl}/openai/models?api-version=${encodeURIComponent(server.azure_api_version || config().openai.azureApiVersion)}`
    : `${baseUrl}/models`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: key ? (azure ? { "api-key": key } : { Authorization: `Bearer ${key}` }) : {},
      signal: AbortSignal.timeout(8_000),
      redirect: "error",
    });
  } catch (error) {
    const timedOut = (error as Error).name === "TimeoutError";
    throw new AppError(
      502,
      timedOut ? "The model server did not answer within 8 seconds." : "The model server cannot be reached at that address.",
    );
  }
  if (response.status === 401 || response.status === 403)
    throw new AppError(502, `The model server refused the API key (HTTP ${response.status}).`);
  if (!response.ok) {
    const hint = azure
      ? "is this the Azure OpenAI endpoint (https://NAME.openai.azure.com) with a valid API version?"
      : "is this the base URL of an OpenAI-compatible API (it usually ends in /v1)?";
    throw new AppError(502, `The model server answered HTTP ${response.status} to GET ${new URL(url).pathname}: ${hint}`);
  }
  const body = (await response.json().catch(() => null)) as { data?: { id?: unknown }[] } | null;
  if (!Array.isArray(body?.data)) throw new AppError(502, "The model server's /models answer is not an OpenAI model list.");
  return body.data
    .map((m) => m.id)
    .filter((id): id is string => typeof id === "string")
    .sort();
}

async function savedKeyFor(provider: Stored["provider"], url: string): Promise<string | undefined> {
  const saved = await store.load();
  const savedUrl = (saved.provider ?? "openai") === provider ? (provider === "azure" ? saved.azureEndpoint : saved.baseUrl) : undefined;
  return saved.apiKeyEnc && savedUrl === url ? decryptSecret(saved.apiKeyEnc) : undefined;
}

/** Tests switch databases between cases. */
export function resetModelSettings(): void {
  store.reset();
  setStoredSettings({});
}
