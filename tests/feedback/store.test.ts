import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendTurn, deleteChat, ensureChat, getChat } from "@/lib/chat/history";
import type { ChatContext } from "@/lib/chat/schemas";
import { closeDb, db } from "@/lib/db/client";
import { EvalLine } from "@/lib/feedback/schemas";
import { listFeedback, saveFeedback, toEvalJsonl } from "@/lib/feedback/store";
import { freshDataDir } from "../helpers/env";

const source = (id: string, file: string, page: number, content: string) => ({
  id,
  collection: "hr",
  file_id: "f1",
  file_name: file,
  page,
  url: null,
  content,
});

const context: ChatContext = {
  answer_mode: "extractive",
  thoughts: [],
  data_points: {
    text: [],
    citations: ["guide.pdf#page=2", "guide.pdf#page=5"],
    sources: [
      source("guide.pdf#page=2", "guide.pdf", 2, "Visitors park in the west garage."),
      source("guide.pdf#page=5", "guide.pdf", 5, "Unrelated."),
    ],
  },
};

describe("answer feedback", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await freshDataDir();
  });
  afterAll(async () => {
    await closeDb();
    rmSync(dir, { recursive: true, force: true });
  });

  async function answeredChat(owner: string, question: string) {
    const chatId = await ensureChat(owner, null, question);
    await appendTurn(chatId, question, "Visitors park in the west garage [guide.pdf#page=2].", context);
    const answer = (await getChat(owner, chatId)).messages.find((m) => m.role === "assistant")!;
    return { chatId, answerId: answer.id };
  }

  it("stores a verdict with the answer, shows it on the reopened chat, and clears it", async () => {
    const { chatId, answerId } = await answeredChat("alice", "Where do visitors park?");
    expect(await saveFeedback("alice", { message_id: answerId, rating: "down", comment: "  Missing the price  " })).toEqual({
      rating: "down",
      comment: "Missing the price",
    });
    await saveFeedback("alice", { message_id: answerId, rating: "up" });
    const reopened = (await getChat("alice", chatId)).messages.find((m) => m.id === answerId);
    expect(reopened?.feedback).toEqual({ rating: "up", comment: null });
    await saveFeedback("alice", { message_id: answerId, rating: null });
    expect((await getChat("alice", chatId)).messages.find((m) => m.id === answerId)?.feedback).toBeNull();
  });

  it("refuses someone else's answer and a question (only answers are rated)", async () => {
    const { chatId, answerId } = await answeredChat("alice", "Is parking free?");
    await expect(saveFeedback("mallory", { message_id: answerId, rating: "down" })).rejects.toMatchObject({ status: 404 });
    const question = (await getChat("alice", chatId)).messages.find((m) => m.role === "user")!;
    await expect(saveFeedback("alice", { message_id: question.id, rating: "up" })).rejects.toMatchObject({ status: 404 });
  });

  it("lists verdicts with question, answer and only the cited passages, and exports them as eval JSONL", async () => {
    const { answerId } = await answeredChat("bob", "Where can guests leave their car?");
    await saveFeedback("bob", { message_id: answerId, rating: "up", comment: "Exactly right" });
    const entry = (await listFeedback()).find((e) => e.message_id === answerId)!;
    expect(entry).toMatchObject({ question: "Where can guests leave their car?", rating: "up", comment: "Exactly right" });
    expect(entry.cited).toEqual([
      { citation: "guide.pdf#page=2", file_name: "guide.pdf", page: 2, content: "Visitors park in the west garage." },
    ]);
    expect((await listFeedback({ rating: "down" })).some((e) => e.message_id === answerId)).toBe(false);

    const lines = toEvalJsonl(await listFeedback({ rating: "up" }))
      .trimEnd()
      .split("\n");
    const line = lines.map((l) => EvalLine.parse(JSON.parse(l))).find((l) => l.question === "Where can guests leave their car?");
    expect(line).toEqual({
      question: "Where can guests leave their car?",
      citations: ["guide.pdf#page=2"],
      answer: "Visitors park in the west garage [guide.pdf#page=2].",
      rating: "up",
      comment: "Exactly right",
    });
  });

  it("goes with its chat when the chat is deleted", async () => {
    const { chatId, answerId } = await answeredChat("carol", "Where?");
    await saveFeedback("carol", { message_id: answerId, rating: "down" });
    await deleteChat("carol", chatId);
    expect(await db().answerFeedback.count({ where: { messageId: answerId } })).toBe(0);
  });
});
