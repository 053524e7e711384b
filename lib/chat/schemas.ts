import { z } from "zod";
import { RetrievalMode } from "@/lib/knowledge/schemas";
import { MAX_MESSAGE_CHARS } from "./limits";

/** AI Chat Protocol request (specs/ai-chat-protocol.md) with this app's own overrides. */

export const MAX_MESSAGES = 100;
export const MAX_BODY_BYTES = 512 * 1024;

export const ChatMessage = z.object({
  role: z.enum(["user", "assistant", "system"], { message: "role must be user, assistant or system" }),
  content: z
    .string({ message: "content must be a string" })
    .max(MAX_MESSAGE_CHARS, `content must be at most ${MAX_MESSAGE_CHARS} characters`),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** Known overrides are validated; unknown ones are ignored, as the protocol allows. */
export const Overrides = z
  .object({
    top: z.coerce.number().int().min(1).max(50).optional(),
    retrieval_mode: RetrievalMode.optional(),
    temperature: z.coerce.number().min(0).max(2).optional(),
    suggest_followup_questions: z.boolean().optional(),
    seed: z.coerce.number().int().optional(),
    collections: z.array(z.string()).max(100).optional(),
    sources: z.array(z.string()).max(20).optional(),
  })
  .passthrough();
export type Overrides = z.infer<typeof Overrides>;

const SessionState = z.union([z.string().max(200), z.null()]).optional();

export const ChatRequest = z
  .object({
    messages: z
      .array(ChatMessage)
      .min(1, "messages must contain at least one message")
      .max(MAX_MESSAGES, `messages may hold at most ${MAX_MESSAGES} entries`)
      .refine((m) => m.at(-1)?.role === "user", "the last message must be from the user")
      .refine((m) => (m.at(-1)?.content.trim().length ?? 0) > 0, "the last message must not be empty"),
    context: z.object({ overrides: Overrides.optional() }).passthrough().nullish(),
    sessionState: z.unknown().optional(),
    session_state: z.unknown().optional(),
  })
  .transform((req) => {
    const raw = req.sessionState ?? req.session_state ?? null;
    const parsed = SessionState.safeParse(raw);
    return {
      messages: req.messages,
      overrides: req.context?.overrides ?? {},
      // Anything that is not a chat id we issued starts a new chat.
      chatId: parsed.success && typeof parsed.data === "string" ? parsed.data : null,
    };
  });
export type ChatRequest = z.infer<typeof ChatRequest>;

export interface Thought {
  title: string;
  description: unknown;
  /** A model step's `token_usage` is here, where the reference frontend reads it. */
  props?: Record<string, unknown> & { token_usage?: TokenUsage };
  elapsed_ms?: number;
}

/** As the reference app reports a completion's usage (its TokenUsageProps). */
export interface TokenUsage {
  prompt_tokens: number;
  completion_tokens: number;
  reasoning_tokens: number;
  total_tokens: number;
}

/** A prompt message as a thought shows it (the reference frontend renders these as JSON). */
export interface PromptMessage {
  role: string;
  content: string;
}

export interface CitationSource {
  id: string;
  collection: string | null;
  file_id: string | null;
  file_name: string;
  page: number | null;
  url: string | null;
  content: string;
  /** The SDK content type (text, table, chart, image): tables and images render as such. */
  content_type?: string;
  /** A table passage's rows as JSON `{ columns, rows }`, or other raw data (JSON sections). */
  structured_data?: string | null;
  /** Where the browser loads an image passage's picture. */
  image_url?: string | null;
  /** How the source names the cited page when it is not "Page N": "slide 3", "sheet Budget". */
  locator?: string | null;
}

export interface DataPoints {
  text: string[];
  citations: string[];
  sources: CitationSource[];
}

export interface ChatContext {
  data_points: DataPoints;
  thoughts: Thought[];
  /** "extractive": built from the retrieved passages, no language model involved. */
  answer_mode: "model" | "extractive";
  /**
   * A model's answer: "incomplete" when its reply was cut short (output limit, content filter,
   * a stream that broke off); the answer text then ends with a note saying so.
   */
  answer_status?: "complete" | "incomplete";
  /** Typo in the question → the documents' word it was searched as. */
  spelling_corrections?: Record<string, string>;
  followup_questions?: string[];
}
