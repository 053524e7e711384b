import type { ChatContext } from "@/lib/chat/schemas";
import type { RetrievalMode } from "@/lib/knowledge/schemas";

export type { ChatContext, CitationSource, DataPoints, Thought } from "@/lib/chat/schemas";

/** One question and its answer as the page shows them. */
export interface Turn {
  id: string;
  question: string;
  answer: string;
  /** Arrives with the first streamed line; follow-ups and final thoughts arrive last. */
  context?: Partial<ChatContext>;
  status: "streaming" | "done" | "stopped" | "error";
  error?: string;
  /** The stored answer's id, known once it is stored: feedback is given on it. */
  messageId?: string;
  feedback?: AnswerFeedback | null;
  /** Every answer to this question (regenerated ones beside the first), the shown one at `shown`. */
  variants?: AnswerVariant[];
  shown?: number;
}

export interface AnswerFeedback {
  rating: "up" | "down";
  comment: string | null;
}

/** One of several answers to the same question. */
export type AnswerVariant = Pick<Turn, "answer" | "context" | "status" | "error" | "messageId" | "feedback">;

/** The turn's shown answer as a variant (every key present, so it overwrites all of them). */
export const variantOf = (t: Turn): AnswerVariant => ({
  answer: t.answer,
  context: t.context,
  status: t.status,
  error: t.error,
  messageId: t.messageId,
  feedback: t.feedback,
});

/** All the turn's answers with the shown one up to date. */
export function currentVariants(t: Turn): AnswerVariant[] {
  if (!t.variants) return [variantOf(t)];
  return t.variants.map((v, i) => (i === (t.shown ?? 0) ? variantOf(t) : v));
}

export interface ChatSettings {
  retrievalMode: RetrievalMode;
  top: number;
  temperature: number;
  suggestFollowups: boolean;
}

export const DEFAULT_SETTINGS: ChatSettings = { retrievalMode: "hybrid", top: 10, temperature: 0.3, suggestFollowups: true };

export interface ChatSummary {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
}

export interface StoredChat extends ChatSummary {
  messages: { id: string; role: "user" | "assistant" | "system"; content: string; context: unknown; feedback: AnswerFeedback | null }[];
}

/** Which panel tab is open, for which answer, and (on the Citation tab) which source. */
export interface PanelState {
  turnId: string;
  tab: "citation" | "thoughts" | "supporting";
  citation?: string;
}
