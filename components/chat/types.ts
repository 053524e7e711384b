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
  messages: { role: "user" | "assistant" | "system"; content: string; context: unknown }[];
}

/** Which panel tab is open, for which answer, and (on the Citation tab) which source. */
export interface PanelState {
  turnId: string;
  tab: "citation" | "thoughts" | "supporting";
  citation?: string;
}
