import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import type { ChatContext } from "./schemas";

/**
 * Stored chats (the session state is the chat id) so the UI can list, reopen and delete them.
 * Each belongs to its owner (lib/security/access.ts ownerOf): another owner's chat id is, for
 * every function here, a chat that does not exist.
 */

const TITLE_CHARS = 80;

export function titleFrom(question: string): string {
  const flat = question.replace(/\s+/g, " ").trim();
  return flat.length > TITLE_CHARS ? `${flat.slice(0, TITLE_CHARS - 1)}…` : flat || "New chat";
}

/** Returns the chat id to use: the given one when it is the owner's, else a new chat's id. */
export async function ensureChat(owner: string, chatId: string | null, firstQuestion: string): Promise<string> {
  if (chatId && (await db().chat.findFirst({ where: { id: chatId, ownerId: owner }, select: { id: true } }))) return chatId;
  const id = randomUUID();
  await db().chat.create({ data: { id, ownerId: owner, title: titleFrom(firstQuestion) } });
  return id;
}

export async function appendTurn(chatId: string, question: string, answer: string, context: ChatContext): Promise<void> {
  // Position read and writes in one transaction, so two turns racing on one chat never collide.
  await db().$transaction(async (tx) => {
    const last = await tx.chatMessage.findFirst({ where: { chatId }, orderBy: { position: "desc" }, select: { position: true } });
    const position = (last?.position ?? -1) + 1;
    await tx.chatMessage.create({ data: { id: randomUUID(), chatId, position, role: "user", content: question } });
    await tx.chatMessage.create({
      data: { id: randomUUID(), chatId, position: position + 1, role: "assistant", content: answer, context: JSON.stringify(context) },
    });
    await tx.chat.update({ where: { id: chatId }, data: { updatedAt: new Date() } });
  });
}

export async function listChats(owner: string) {
  // A chat whose first answer failed has no messages: nothing to reopen.
  const chats = await db().chat.findMany({ where: { ownerId: owner, messages: { some: {} } }, orderBy: { updatedAt: "desc" }, take: 200 });
  return chats.map((c) => ({ id: c.id, title: c.title, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString() }));
}

export async function getChat(owner: string, id: string) {
  const chat = await db().chat.findFirst({
    where: { id, ownerId: owner },
    include: { messages: { orderBy: { position: "asc" }, include: { feedback: true } } },
  });
  if (!chat) throw notFound(`Chat '${id}' not found`);
  return {
    id: chat.id,
    title: chat.title,
    createdAt: chat.createdAt.toISOString(),
    updatedAt: chat.updatedAt.toISOString(),
    messages: chat.messages.map((m) => ({
      id: m.id,
      role: m.role,
      content: m.content,
      context: JSON.parse(m.context) as unknown,
      // The reader's thumbs up/down on an answer (lib/feedback).
      feedback: m.feedback ? { rating: m.feedback.rating > 0 ? "up" : "down", comment: m.feedback.comment } : null,
    })),
  };
}

export async function renameChat(owner: string, id: string, title: string) {
  const { count } = await db().chat.updateMany({ where: { id, ownerId: owner }, data: { title: titleFrom(title) } });
  if (count === 0) throw notFound(`Chat '${id}' not found`);
}

export async function deleteChat(owner: string, id: string) {
  const { count } = await db().chat.deleteMany({ where: { id, ownerId: owner } });
  if (count === 0) throw notFound(`Chat '${id}' not found`);
}
