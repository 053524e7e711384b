"use client";

import { useCallback, useRef, useState } from "react";
import type { AIChatCompletionDelta, AIChatMessage, AIChatProtocolClient } from "@microsoft/ai-chat-protocol";
import { errorMessage, fetchJson } from "@/components/ui/http";
import {
  currentVariants,
  variantOf,
  type AnswerFeedback,
  type AnswerVariant,
  type ChatContext,
  type ChatSettings,
  type StoredChat,
  type Turn,
} from "./types";

export const CHAT_ENDPOINT = "/api/chat";

let client: AIChatProtocolClient | null = null;
/** The official client, loaded on first use (ESM build; its CommonJS entry is broken). */
async function chatClient(): Promise<AIChatProtocolClient> {
  if (!client) {
    const { AIChatProtocolClient } = await import("@microsoft/ai-chat-protocol");
    // No retries: a failed answer is shown in place with its own Retry button.
    client = new AIChatProtocolClient(CHAT_ENDPOINT, { retryOptions: { maxRetries: 0 } });
  }
  return client;
}

let turnCounter = 0;
const newTurnId = () => `turn-${Date.now()}-${++turnCounter}`;

interface Options {
  settings: ChatSettings;
  /** Collection names to search; empty means all of them. */
  collections: string[];
  /** Remote ERI source ids to search as well. */
  sources: string[];
  /** Called when an answer has been stored (so the history list can refresh). */
  onStored?(chatId: string): void;
}

/** The conversation on screen: asking, streaming, stopping, retrying, reopening a stored chat. */
export function useChat({ settings, collections, sources, onStored }: Options) {
  const [turns, setTurnsState] = useState<Turn[]>([]);
  const [chatId, setChatIdState] = useState<string | null>(null);
  // Refs mirror the state so async streaming code always sees the latest values.
  const turnsRef = useRef<Turn[]>([]);
  const chatIdRef = useRef<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  const setTurns = useCallback((update: (list: Turn[]) => Turn[]) => {
    turnsRef.current = update(turnsRef.current);
    setTurnsState(turnsRef.current);
  }, []);
  const setChatId = useCallback((id: string | null) => {
    chatIdRef.current = id;
    setChatIdState(id);
  }, []);
  const patchTurn = useCallback(
    (id: string, patch: (t: Turn) => Partial<Turn>) => setTurns((list) => list.map((t) => (t.id === id ? { ...t, ...patch(t) } : t))),
    [setTurns],
  );

  const stream = useCallback(
    async (turn: Turn, earlier: Turn[]) => {
      abortRef.current?.abort();
      const abort = new AbortController();
      abortRef.current = abort;
      const messages: AIChatMessage[] = [
        ...earlier
          .filter((t) => t.status === "done")
          .flatMap((t): AIChatMessage[] => [
            { role: "user", content: t.question },
            { role: "assistant", content: t.answer },
          ]),
        { role: "user", content: turn.question },
      ];
      const overrides = {
        retrieval_mode: settings.retrievalMode,
        top: settings.top,
        temperature: settings.temperature,
        suggest_followup_questions: settings.suggestFollowups,
        ...(collections.length ? { collections } : {}),
        ...(sources.length ? { sources } : {}),
      };
      let storedId: string | null = chatIdRef.current;
      try {
        const chunks = await (
          await chatClient()
        ).getStreamedCompletion(messages, {
          context: { overrides },
          sessionState: chatIdRef.current,
          abortSignal: abort.signal,
        });
        for await (const chunk of chunks as AsyncIterable<AIChatCompletionDelta & { session_state?: unknown }>) {
          const session = chunk.sessionState ?? chunk.session_state;
          if (typeof session === "string" && session !== storedId) {
            storedId = session;
            setChatId(session);
          }
          const context = chunk.context as Partial<ChatContext> | undefined;
          const content = chunk.delta?.content ?? "";
          if (context || content) {
            patchTurn(turn.id, (t) => ({
              answer: t.answer + content,
              context: context ? { ...t.context, ...context } : t.context,
            }));
          }
        }
        // The answer just stored is the chat's last: its id is what feedback is given on. The turn
        // is done (its thumbs shown) once the id is known, so a quick thumbs click is not lost.
        let messageId: string | undefined;
        if (storedId) {
          onStored?.(storedId);
          const stored = await fetchJson<StoredChat>(`/api/history/${encodeURIComponent(storedId)}`).catch(() => null);
          messageId = stored?.messages.findLast((m) => m.role === "assistant")?.id;
        }
        patchTurn(turn.id, () => ({ status: "done", ...(messageId ? { messageId } : {}) }));
      } catch (error) {
        if (abort.signal.aborted) patchTurn(turn.id, () => ({ status: "stopped" }));
        else patchTurn(turn.id, () => ({ status: "error", error: errorMessage(error) }));
      } finally {
        if (abortRef.current === abort) abortRef.current = null;
      }
    },
    [settings, collections, sources, onStored, patchTurn, setChatId],
  );

  const ask = useCallback(
    (question: string) => {
      const text = question.trim();
      if (!text) return;
      const turn: Turn = { id: newTurnId(), question: text, answer: "", status: "streaming" };
      const earlier = turnsRef.current;
      setTurns((list) => [...list, turn]);
      void stream(turn, earlier);
    },
    [stream, setTurns],
  );

  /** Asks a stopped or failed question again, in place. */
  const retry = useCallback(
    (turnId: string) => {
      const list = turnsRef.current;
      const index = list.findIndex((t) => t.id === turnId);
      if (index === -1) return;
      const fresh: Turn = { id: newTurnId(), question: list[index].question, answer: "", status: "streaming" };
      setTurns(() => [...list.slice(0, index), fresh, ...list.slice(index + 1)]);
      void stream(fresh, list.slice(0, index));
    },
    [stream, setTurns],
  );

  /** A new answer to the last question, kept beside the earlier ones (both stay in the history). */
  const regenerate = useCallback(
    (turnId: string) => {
      const list = turnsRef.current;
      const turn = list.at(-1);
      if (!turn || turn.id !== turnId || turn.status === "streaming") return;
      const variants = currentVariants(turn);
      const blank: AnswerVariant = {
        answer: "",
        status: "streaming",
        context: undefined,
        error: undefined,
        messageId: undefined,
        feedback: undefined,
      };
      const fresh: Turn = { id: turn.id, question: turn.question, ...blank, variants: [...variants, blank], shown: variants.length };
      setTurns(() => [...list.slice(0, -1), fresh]);
      void stream(fresh, list.slice(0, -1));
    },
    [stream, setTurns],
  );

  /** Shows another of a question's answers (the one later questions then build on). */
  const showVariant = useCallback(
    (turnId: string, index: number) =>
      patchTurn(turnId, (t) => {
        const variants = currentVariants(t);
        return variants[index] && t.status !== "streaming" ? { ...variants[index], variants, shown: index } : {};
      }),
    [patchTurn],
  );

  /** Thumbs up/down (null takes it back) with an optional comment, stored with the answer. */
  const rate = useCallback(
    async (turnId: string, feedback: AnswerFeedback | null) => {
      const turn = turnsRef.current.find((t) => t.id === turnId);
      if (!turn?.messageId) return;
      await fetchJson("/api/answer-feedback", {
        method: "PUT",
        body: JSON.stringify({ message_id: turn.messageId, rating: feedback?.rating ?? null, comment: feedback?.comment ?? undefined }),
      });
      patchTurn(turnId, () => ({ feedback }));
    },
    [patchTurn],
  );

  const stop = useCallback(() => abortRef.current?.abort(), []);

  const clear = useCallback(() => {
    abortRef.current?.abort();
    setTurns(() => []);
    setChatId(null);
  }, [setTurns, setChatId]);

  /** Reopens a stored chat; the next question continues it. */
  const load = useCallback(
    async (id: string) => {
      abortRef.current?.abort();
      const chat = await fetchJson<StoredChat>(`/api/history/${encodeURIComponent(id)}`);
      setTurns(() => turnsFromMessages(chat.messages));
      setChatId(chat.id);
    },
    [setTurns, setChatId],
  );

  const streaming = turns.some((t) => t.status === "streaming");
  return { turns, chatId, streaming, ask, retry, regenerate, showVariant, rate, stop, clear, load };
}

/** A question asked again right after itself is a regenerated answer: shown as that turn's variants. */
function turnsFromMessages(messages: StoredChat["messages"]): Turn[] {
  const pairs: { question: string; variant: AnswerVariant }[] = [];
  for (const m of messages) {
    if (m.role === "user") pairs.push({ question: m.content, variant: { ...variantOf({ answer: "", status: "done" } as Turn) } });
    else if (m.role === "assistant" && pairs.length) {
      Object.assign(pairs[pairs.length - 1].variant, {
        answer: m.content,
        context: (m.context ?? undefined) as Partial<ChatContext> | undefined,
        messageId: m.id,
        feedback: m.feedback,
      });
    }
  }
  const turns: Turn[] = [];
  for (const { question, variant } of pairs) {
    const last = turns.at(-1);
    if (last && last.question === question) {
      const variants = [...currentVariants(last), variant];
      Object.assign(last, variant, { variants, shown: variants.length - 1 });
    } else {
      turns.push({ id: newTurnId(), question, ...variant });
    }
  }
  return turns;
}
