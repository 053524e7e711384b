import { z } from "zod";
import { config, setStoredSettings } from "@/lib/config";
import { db } from "@/lib/db/client";
import { jsonSetting } from "@/lib/db/json-setting";
import { AppError } from "@/lib/errors";
import { decryptSecret, encryptSecret } from "@/lib/eri/secrets";
import { log } from "@/lib/log";
import { LOCAL_HASH_MODEL } from "./local-embedder";

/**
 * The language model server set in the app (Settings → Model): an OpenAI-compatible base URL,
 * its API key (stored encrypted like ERI credentials), the chat model and the embedding model.
 * They reach the app as the environment variables they stand for, and only where the
 * environment leaves those unset: a deployment's own variables always win.
 */

const Stored = z.object({
  baseUrl: z.string().optional(),
  apiKeyEnc: z.string().optional(),
  chatModel: z.string().optional(),
  embeddingModel: z.string().optional(),
});
type Stored = z.infer<typeof Stored>;

const store = jsonSetting("model-settings", Stored, { unreadable: "Saved model settings are unreadable; using the environment only" });

/** PUT /api/settings/model. `api_key`: undefined keeps the saved key, "" removes it. */
export const ModelSettingsInput = z.object({
  base_url: z.union([z.literal(""), z.url({ protocol: /^https?$/ })]),
  api_key: z.string().max(500).optional(),
  chat_model: z.string().trim().max(200),
  embedding_model: z.string().trim().max(200),
});
export type ModelSettingsInput = z.infer<typeof ModelSettingsInput>;

/** POST /api/settings/model/test: the server to try (the saved key when none is given). */
export const ConnectionTestInput = z.object({ base_url: z.url({ protocol: /^https?$/ }), api_key: z.string().max(500).optional() });

/** Which environment variable each setting stands for. */
const ENV = { base_url: "OPENAI_BASE_URL", api_key: "OPENAI_API_KEY", chat_model: "CHAT_MODEL", embedding_model: "EMBEDDING_MODEL" } as const;
type Field = keyof typeof ENV;
const fromEnv = (field: Field) => Boolean(process.env[ENV[field]]?.trim()) || (field === "base_url" && Boolean(process.env.AZURE_OPENAI_ENDPOINT?.trim()));

function asEnv(s: Stored): Record<string, string> {
  const env: Record<string, string> = {};
  if (s.baseUrl) env.OPENAI_BASE_URL = s.baseUrl;
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

export async function saveModelSettings(input: ModelSettingsInput): Promise<ModelSettingsView> {
  const current = await store.load();
  const apiKeyEnc = input.api_key === undefined ? current.apiKeyEnc : input.api_key.trim() ? encryptSecret(input.api_key.trim()) : undefined;
  await store.save({
    baseUrl: input.base_url || undefined,
    apiKeyEnc,
    chatModel: input.chat_model || undefined,
    embeddingModel: input.embedding_model || undefined,
  });
  await applyStoredModelSettings();
  return modelSettingsView();
}

export interface ModelSettingsView {
  base_url: string;
  has_api_key: boolean;
  chat_model: string;
  embedding_model: string;
  /** Settings an environment variable decides (shown, not editable). */
  from_env: Record<Field, boolean>;
  /** What the app uses now, whichever the source. */
  effective: { base_url: string | null; chat_model: string | null; embedding_model: string };
  /** Collections built with another embedding model: their search needs re-embedding to use the new one. */
  needs_reembedding: { name: string; embedding_model: string }[];
}

export async function modelSettingsView(): Promise<ModelSettingsView> {
  await applyStoredModelSettings();
  const saved = await store.load();
  const cfg = config();
  const collections = await db().collection.findMany({ select: { name: true, embeddingModel: true }, orderBy: { name: "asc" } });
  return {
    base_url: saved.baseUrl ?? "",
    has_api_key: Boolean(saved.apiKeyEnc),
    chat_model: saved.chatModel ?? "",
    embedding_model: saved.embeddingModel ?? "",
    from_env: { base_url: fromEnv("base_url"), api_key: fromEnv("api_key"), chat_model: fromEnv("chat_model"), embedding_model: fromEnv("embedding_model") },
    effective: { base_url: cfg.openai.azureEndpoint ?? cfg.openai.baseURL ?? null, chat_model: cfg.chatModel, embedding_model: cfg.embeddingModel },
    needs_reembedding: collections
      .filter((c) => c.embeddingModel !== cfg.embeddingModel)
      .map((c) => ({ name: c.name, embedding_model: c.embeddingModel })),
  };
}

/** Lists the server's models (`GET {base}/models`): the connection test, and the choices offered. */
export async function listModels(baseUrl: string, apiKey?: string): Promise<string[]> {
  // The saved key goes only to the saved server, never to another address typed in the form.
  const key = apiKey?.trim() || (await savedKeyFor(baseUrl));
  let response: Response;
  try {
    response = await fetch(`${baseUrl.replace(/\/+$/, "")}/models`, {
      headers: key ? { Authorization: `Bearer ${key}` } : {},
      signal: AbortSignal.timeout(8_000),
      redirect: "error",
    });
  } catch (error) {
    const timedOut = (error as Error).name === "TimeoutError";
    throw new AppError(502, timedOut ? "The model server did not answer within 8 seconds." : "The model server cannot be reached at that address.");
  }
  if (response.status === 401 || response.status === 403) throw new AppError(502, `The model server refused the API key (HTTP ${response.status}).`);
  if (!response.ok) throw new AppError(502, `The model server answered HTTP ${response.status} to GET /models: is this the base URL of an OpenAI-compatible API (it usually ends in /v1)?`);
  const body = (await response.json().catch(() => null)) as { data?: { id?: unknown }[] } | null;
  if (!Array.isArray(body?.data)) throw new AppError(502, "The model server's /models answer is not an OpenAI model list.");
  return body.data.map((m) => m.id).filter((id): id is string => typeof id === "string").sort();
}

async function savedKeyFor(baseUrl: string): Promise<string | undefined> {
  const saved = await store.load();
  return saved.apiKeyEnc && saved.baseUrl === baseUrl ? decryptSecret(saved.apiKeyEnc) : undefined;
}

/** Tests switch databases between cases. */
export function resetModelSettings(): void {
  store.reset();
  setStoredSettings({});
}
