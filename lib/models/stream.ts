import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming } from "openai/resources/chat/completions";
import { config } from "@/lib/config";
import { log } from "@/lib/log";
import { ModelFault, openaiClient } from "./chat";
import { retryDecision, sleep } from "./retry";

/** How a stream that produced answer text ended: finished, or cut short (and why). */
export type StreamEnding =
  | { complete: true }
  | {
      complete: false;
      /** length: the model's output limit; content_filter: the server's filter; interrupted: the stream broke off. */
      reason: "length" | "content_filter" | "interrupted";
      /** What the server did, for the log. */
      detail: string;
    };

/**
 * A streamed chat completion that is either an answer or an error, never silence:
 * - the first chunk must arrive within CHAT_TIMEOUT_MS, each later one within
 *   CHAT_IDLE_TIMEOUT_MS of the previous (a stalled stream is aborted);
 * - a 200 reply that is not Server-Sent Events (JSON, an HTML proxy page) is an error;
 * - a stream that ends with neither content nor a finish_reason is an error;
 * - a transient failure (429, 5xx, a dropped connection) before any answer text is retried
 *   CHAT_MAX_RETRIES times, waiting as Retry-After asks (at most CHAT_RETRY_MAX_WAIT_MS);
 * - once answer text has streamed, nothing is retried: a stream that then stops without
 *   finish_reason "stop" (length limit, filter, dropped connection, stall) returns an
 *   incomplete ending, so the text the user has seen is kept and flagged.
 * The SDK ends a stream silently when it is aborted, so the stall is checked after the loop.
 * Ends quietly when `signal` (the client) aborts.
 */
export async function* modelStream(
  params: Omit<ChatCompletionCreateParamsStreaming, "stream">,
  signal?: AbortSignal,
): AsyncGenerator<ChatCompletionChunk, StreamEnding> {
  const { chatMaxRetries, chatRetryMaxWaitMs } = config();
  for (let attempt = 0; ; attempt++) {
    const state = { chunks: 0, content: false };
    try {
      return yield* attemptStream(params, state, signal);
    } catch (error) {
      if (signal?.aborted) throw error;
      if (state.content) return { complete: false, reason: "interrupted", detail: errorDetail(error) };
      const decision = retryDecision(error, attempt, { retries: chatMaxRetries, maxWaitMs: chatRetryMaxWaitMs });
      if (!decision.retry) throw error;
      log("warn", "model_retry", { attempt: attempt + 1, wait_ms: Math.round(decision.waitMs), message: errorDetail(error).slice(0, 300) });
      await sleep(decision.waitMs, signal);
    }
  }
}

/** One request: yields its chunks; `state` tells the caller whether answer text came out. */
async function* attemptStream(
  params: Omit<ChatCompletionCreateParamsStreaming, "stream">,
  state: { chunks: number; content: boolean },
  signal?: AbortSignal,
): AsyncGenerator<ChatCompletionChunk, StreamEnding> {
  const { chatTimeoutMs, chatIdleTimeoutMs } = config();
  const stall = new AbortController();
  let timer = setTimeout(() => stall.abort(), chatTimeoutMs);
  const stalled = () => stall.signal.aborted && !signal?.aborted;
  const stallError = () =>
    state.chunks === 0
      ? new ModelFault(504, "The language model did not answer in time. Please try again.", `no chunk within ${chatTimeoutMs} ms`)
      : new ModelFault(
          504,
          `The language model stopped answering mid-reply (nothing for ${duration(chatIdleTimeoutMs)}). Please try again.`,
          `stream idle for ${chatIdleTimeoutMs} ms after ${state.chunks} chunk(s)`,
          200,
        );
  try {
    const { data: stream, response } = await openaiClient()
      .chat.completions.create({ ...params, stream: true }, { signal: signal ? AbortSignal.any([signal, stall.signal]) : stall.signal })
      .withResponse();
    const type = response.headers.get("content-type") ?? "";
    if (!/^text\/event-stream\b/i.test(type)) {
      stream.controller.abort();
      throw new ModelFault(
        502,
        "The language model server sent a reply that is not an answer stream.",
        `200 reply with content-type '${type}'`,
        response.status,
      );
    }
    let finishReason: string | null = null;
    for await (const chunk of stream) {
      state.chunks++;
      clearTimeout(timer);
      timer = setTimeout(() => stall.abort(), chatIdleTimeoutMs);
      for (const choice of chunk.choices ?? []) {
        if (choice.delta?.content) state.content = true;
        if (choice.finish_reason) finishReason = choice.finish_reason;
      }
      yield chunk;
    }
    if (stalled()) throw stallError();
    if (signal?.aborted) return { complete: true };
    if (!state.content && !finishReason) {
      throw new ModelFault(
        502,
        "The language model's reply ended without an answer. Please try again.",
        `stream ended after ${state.chunks} chunk(s) with no content and no finish_reason`,
        response.status,
      );
    }
    if (finishReason === "length" || finishReason === "content_filter")
      return { complete: false, reason: finishReason, detail: `finish_reason '${finishReason}'` };
    if (!finishReason)
      return { complete: false, reason: "interrupted", detail: `stream ended after ${state.chunks} chunk(s) without a finish_reason` };
    return { complete: true };
  } catch (error) {
    if (stalled() && !(error instanceof ModelFault)) throw stallError();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

const errorDetail = (error: unknown) => (error instanceof ModelFault ? error.detail : String((error as Error)?.message ?? error));

const duration = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);
