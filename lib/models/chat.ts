import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, AzureOpenAI } from "openai";
import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { retryAfterMs } from "./retry";

/** The configured chat model through the `openai` SDK (any OpenAI-compatible server, or Azure). */

const globalModel = globalThis as unknown as { __docchatOpenAI?: { key: string; client: OpenAI } };

export function chatModelName(): string | null {
  return config().chatModel;
}

export function openaiClient(): OpenAI {
  const { openai, chatTimeoutMs } = config();
  const key = JSON.stringify([openai, chatTimeoutMs]);
  if (globalModel.__docchatOpenAI?.key !== key) {
    // Our own bounded timeouts and retries (lib/models/retry.ts) beat the SDK's silent ones.
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
  if (tooLong(error)) {
    return new AppError(
      400,
      "The question, its sources and the conversation so far are too long for the language model to read at once. Start a new chat or ask a shorter question.",
    );
  }
  if (status === 429) return new AppError(503, `The language model is rate-limited right now. Please try again ${inAWhile(error)}.`);
  if (status === 401 || status === 403) return new AppError(502, "The language model rejected the configured API key.");
  if (status === 404) return new AppError(502, "The configured chat model was not found on the model server.");
  if (status && status >= 500) return new AppError(502, `The language model server failed (HTTP ${status}). Please try again.`);
  // By class: the SDK's timeout and abort errors, and the platform's (DOMException AbortError /
  // TimeoutError, undici's ConnectTimeoutError) that a stream may throw as it is read.
  if (error instanceof APIConnectionTimeoutError || error instanceof APIUserAbortError || /timeout|abort/i.test(name))
    return new AppError(504, "The language model did not answer in time. Please try again.");
  if (error instanceof APIConnectionError || unreachable(error)) return new AppError(502, "The language model server cannot be reached.");
  return new AppError(502, "The language model call failed.");
}

/** A network failure outside the SDK's wrapping, by Node's documented system error codes. */
function unreachable(error: unknown): boolean {
  const code = (error as { code?: unknown; cause?: { code?: unknown } })?.cause?.code ?? (error as { code?: unknown })?.code;
  return code === "ECONNREFUSED" || code === "ENOTFOUND";
}

/** Error codes and types that mean the context window overflowed: OpenAI's, llama.cpp's. */
const CONTEXT_OVERFLOW = new Set(["context_length_exceeded", "exceed_context_size_error"]);

/**
 * The model's context window overflowed, by the error's code or type (OpenAI, llama.cpp). vLLM
 * and Ollama send an HTTP 400 with neither (vLLM's `code` is the number 400): for them alone
 * the wording is read.
 */
function tooLong(error: unknown): boolean {
  if (!(error instanceof APIError) || error.status !== 400) return false;
  if (CONTEXT_OVERFLOW.has(String(error.code)) || CONTEXT_OVERFLOW.has(String(error.type))) return true;
  return /context (length|window)|maximum context|too many tokens|exceeds? .*context/i.test(error.message);
}

/** "in 30 seconds" when the server said how long to wait, else "in a moment". */
function inAWhile(error: unknown): string {
  const wait = error instanceof APIError && error.headers ? retryAfterMs(error.headers) : undefined;
  if (wait === undefined || wait < 1000) return "in a moment";
  const seconds = Math.ceil(wait / 1000);
  return seconds < 120 ? `in ${seconds} seconds` : `in ${Math.ceil(seconds / 60)} minutes`;
}
