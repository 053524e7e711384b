import { AppError, badRequest } from "@/lib/errors";
import { parseUntrustedJson } from "@/lib/http/json";
import { describeZodError } from "@/lib/http/respond";
import { log } from "@/lib/log";
import { readLimitedText } from "@/lib/security/limits";
import type { ChatEvent } from "./approach";
import { ChatRequest, MAX_BODY_BYTES, type ChatContext } from "./schemas";

/** AI Chat Protocol framing: request parsing, the JSON response and the NDJSON stream. */

export async function parseChatRequest(request: Request): Promise<ChatRequest> {
  const tooLarge = () => badRequest(`Request body is too large (limit ${MAX_BODY_BYTES / 1024} KB); shorten the conversation`);
  const text = await readLimitedText(request, MAX_BODY_BYTES).catch((error: unknown) => {
    throw error instanceof AppError && error.status === 413 ? tooLarge() : error;
  });
  const parsed = ChatRequest.safeParse(parseUntrustedJson(text));
  if (!parsed.success) throw badRequest(describeZodError(parsed.error));
  return parsed.data;
}

const sessionFields = (chatId: string) => ({ session_state: chatId, sessionState: chatId });

export async function collectJson(events: AsyncGenerator<ChatEvent>): Promise<Record<string, unknown>> {
  for await (const event of events) {
    if (event.type === "done") {
      return {
        message: { role: "assistant", content: event.answer },
        context: event.context,
        ...sessionFields(event.chatId),
      };
    }
  }
  throw new AppError(500, "The answer ended unexpectedly");
}

export const errorMessage = (error: unknown) =>
  error instanceof AppError ? error.message : "The app encountered an error processing your request.";

const sameDataPoints = (a: ChatContext["data_points"], b: ChatContext["data_points"]) =>
  a.text.length === b.text.length && a.text.every((text, i) => text === b.text[i]);

/**
 * Streams events as NDJSON, every line ending in "\n" (the official client drops a last line
 * without it). The first event is awaited by the caller so errors before streaming are plain
 * HTTP errors; later errors become an `{"error": ...}` line.
 */
export function ndjsonStream(first: ChatEvent, rest: AsyncGenerator<ChatEvent>, requestId?: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const line = (value: unknown) => encoder.encode(`${JSON.stringify(value)}\n`);
  const frame = (event: ChatEvent) => {
    if (event.type === "context") return line({ delta: { role: "assistant" }, context: event.context, ...sessionFields(event.chatId) });
    if (event.type === "delta") return line({ delta: { content: event.content } });
    // The answer read more than the first line said (offline: the passages' whole pages). A
    // reference-style client takes any line with data points for the first one, its whole
    // context: such a last line restates all of it.
    if (first.type === "context" && !sameDataPoints(event.context.data_points, first.context.data_points))
      return line({ delta: { role: "assistant" }, context: event.context, ...sessionFields(event.chatId) });
    const { followup_questions, thoughts, answer_status } = event.context;
    const end = { thoughts, ...(followup_questions ? { followup_questions } : {}), ...(answer_status ? { answer_status } : {}) };
    return line({ delta: {}, context: end, ...sessionFields(event.chatId) });
  };
  let cancelled = false; // the client went away (stop button, closed tab)
  return new ReadableStream({
    async start(controller) {
      controller.enqueue(frame(first));
      try {
        for await (const event of rest) {
          if (cancelled) break;
          controller.enqueue(frame(event));
        }
      } catch (error) {
        if (cancelled) return;
        if (!(error instanceof AppError)) log("error", "chat_stream_failed", { request_id: requestId, error });
        controller.enqueue(line({ error: errorMessage(error) }));
      }
      if (!cancelled) controller.close();
    },
    async cancel() {
      cancelled = true;
      await rest.return(undefined);
    },
  });
}
