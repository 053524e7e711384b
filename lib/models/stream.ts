import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming } from "openai/resources/chat/completions";
import { config } from "@/lib/config";
import { ModelFault, openaiClient } from "./chat";

/**
 * A streamed chat completion that is either a real answer or an error, never silence:
 * - the first chunk must arrive within CHAT_TIMEOUT_MS, each later one within
 *   CHAT_IDLE_TIMEOUT_MS of the previous (a stalled stream is aborted);
 * - a 200 reply that is not Server-Sent Events (JSON, an HTML proxy page) is an error;
 * - a stream that ends with neither content nor a finish_reason is an error.
 * The SDK ends a stream silently when it is aborted, so the stall is checked after the loop.
 * Ends quietly when `signal` (the client) aborts.
 */
export async function* modelStream(
  params: Omit<ChatCompletionCreateParamsStreaming, "stream">,
  signal?: AbortSignal,
): AsyncGenerator<ChatCompletionChunk> {
  const { chatTimeoutMs, chatIdleTimeoutMs } = config();
  const stall = new AbortController();
  let chunks = 0;
  let timer = setTimeout(() => stall.abort(), chatTimeoutMs);
  const stalled = () => stall.signal.aborted && !signal?.aborted;
  const stallError = () =>
    chunks === 0
      ? new ModelFault(504, "The language model did not answer in time. Please try again.", `no chunk within ${chatTimeoutMs} ms`)
      : new ModelFault(
          504,
          `The language model stopped answering mid-reply (nothing for ${duration(chatIdleTimeoutMs)}). Please try again.`,
          `stream idle for ${chatIdleTimeoutMs} ms after ${chunks} chunk(s)`,
          200,
        );
  try {
    const { data: stream, response } = await openaiClient()
      .chat.completions.create({ ...params, stream: true }, { signal: signal ? AbortSignal.any([signal, stall.signal]) : stall.signal })
      .withResponse();
    const type = response.headers.get("content-type") ?? "";
    if (!/^text\/event-stream\b/i.test(type)) {
      stream.controller.abort();
      throw new ModelFault(502, "The language model server sent a reply that is not an answer stream.", `200 reply with content-type '${type}'`, response.status);
    }
    let content = false;
    let finished = false;
    for await (const chunk of stream) {
      chunks++;
      clearTimeout(timer);
      timer = setTimeout(() => stall.abort(), chatIdleTimeoutMs);
      for (const choice of chunk.choices ?? []) {
        if (choice.delta?.content) content = true;
        if (choice.finish_reason) finished = true;
      }
      yield chunk;
    }
    if (stalled()) throw stallError();
    if (signal?.aborted) return;
    if (!content && !finished) {
      throw new ModelFault(502, "The language model's reply ended without an answer. Please try again.", `stream ended after ${chunks} chunk(s) with no content and no finish_reason`, response.status);
    }
  } catch (error) {
    if (stalled() && !(error instanceof ModelFault)) throw stallError();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

const duration = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);
