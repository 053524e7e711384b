import OpenAI, { AzureOpenAI } from "openai";
import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";

/** The configured chat model through the `openai` SDK (any OpenAI-compatible server, or Azure). */

const globalModel = globalThis as unknown as { __docchatOpenAI?: { key: string; client: OpenAI } };

export function chatModelName(): string | null {
  return config().chatModel;
}

export function openaiClient(): OpenAI {
  const { openai, chatTimeoutMs } = config();
  const key = JSON.stringify([openai, chatTimeoutMs]);
  if (globalModel.__docchatOpenAI?.key !== key) {
    // Our own bounded timeouts and a clear error beat the SDK's silent retries here.
    const common = { apiKey: openai.apiKey || "not-needed", maxRetries: 0, timeout: chatTimeoutMs };
    const client = openai.azureEndpoint
      ? new AzureOpenAI({ ...common, endpoint: openai.azureEndpoint, apiVersion: openai.azureApiVersion })
      : new OpenAI({ ...common, baseURL: openai.baseURL || undefined });
    globalModel.__docchatOpenAI = { key, client };
  }
  return globalModel.__docchatOpenAI.client;
}

/**
 * A model reply that is no answer though the HTTP call succeeded (not a stream, silent, cut
 * off). `detail` says what the server did, for the log; the message is for people.
 */
export class ModelFault extends AppError {
  constructor(
    status: number,
    message: string,
    readonly detail: string,
    readonly upstreamStatus: number | null = null,
  ) {
    super(status, message);
  }
}

/**
 * A model failure as a message for people (what happened and what to do, no internals),
 * logged once as a JSON line with what the model server actually did.
 */
export function modelError(error: unknown, step: "answer" | "rewrite" | "summary" = "answer"): AppError {
  const shown = describe(error);
  const status = error instanceof ModelFault ? error.upstreamStatus : ((error as { status?: number })?.status ?? null);
  const detail = error instanceof ModelFault ? error.detail : String((error as Error)?.message ?? error);
  log("error", "model_failure", { step, status, message: detail.slice(0, 500), shown: shown.message });
  return shown;
}

function describe(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const status = (error as { status?: number }).status;
  const name = (error as { name?: string }).name ?? "";
  if (status === 429) return new AppError(503, "The language model is rate-limited right now. Please try again in a moment.");
  if (status === 401 || status === 403) return new AppError(502, "The language model rejected the configured API key.");
  if (status === 404) return new AppError(502, "The configured chat model was not found on the model server.");
  if (status && status >= 500) return new AppError(502, `The language model server failed (HTTP ${status}). Please try again.`);
  if (/timeout|abort/i.test(name) || /timed? ?out/i.test(String(error)))
    return new AppError(504, "The language model did not answer in time. Please try again.");
  if (/connect|ECONNREFUSED|ENOTFOUND|fetch failed/i.test(String((error as Error)?.message ?? error)) || name === "APIConnectionError")
    return new AppError(502, "The language model server cannot be reached.");
  return new AppError(502, "The language model call failed.");
}
