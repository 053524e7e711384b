import { citedIds } from "@/lib/chat/cited-ids";
import type { ChatContext } from "@/lib/chat/schemas";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import type { EvalLine, FeedbackEntry, FeedbackInput, Rating } from "./schemas";

/**
 * Thumbs up/down with an optional comment, stored with the answer it judges (an assistant
 * ChatMessage). A reader rates only answers in their own chats; admins read them all.
 */

const toNumber = (rating: Rating) => (rating === "up" ? 1 : -1);
const toRating = (n: number): Rating => (n > 0 ? "up" : "down");

export async function saveFeedback(owner: string, input: FeedbackInput): Promise<{ rating: Rating | null; comment: string | null }> {
  const message = await db().chatMessage.findFirst({
    where: { id: input.message_id, role: "assistant", chat: { ownerId: owner } },
    select: { id: true },
  });
  if (!message) throw notFound(`Answer '${input.message_id}' not found`);
  if (input.rating === null) {
    await db().answerFeedback.deleteMany({ where: { messageId: message.id } });
    return { rating: null, comment: null };
  }
  const data = { rating: toNumber(input.rating), comment: input.comment?.trim() || null };
  await db().answerFeedback.upsert({ where: { messageId: message.id }, create: { messageId: message.id, ...data }, update: data });
  return { rating: input.rating, comment: data.comment };
}

/** Every verdict, newest first, with the question asked, the answer and the passages it cited. */
export async function listFeedback(options: { rating?: Rating; take?: number } = {}): Promise<FeedbackEntry[]> {
  const rows = await db().answerFeedback.findMany({
    where: options.rating ? { rating: toNumber(options.rating) } : undefined,
    orderBy: { createdAt: "desc" },
    take: options.take ?? 500,
    include: { message: true },
  });
  // The question is the user message just before each answer.
  const questions = await db().chatMessage.findMany({
    where: { OR: rows.map((r) => ({ chatId: r.message.chatId, position: r.message.position - 1 })) },
    select: { chatId: true, position: true, content: true },
  });
  const questionOf = new Map(questions.map((q) => [`${q.chatId}:${q.position}`, q.content]));
  return rows.map((r) => ({
    message_id: r.messageId,
    chat_id: r.message.chatId,
    rating: toRating(r.rating),
    comment: r.comment,
    created_at: r.createdAt.toISOString(),
    question: questionOf.get(`${r.message.chatId}:${r.message.position - 1}`) ?? "",
    answer: r.message.content,
    cited: citedPassages(r.message.content, r.message.context),
  }));
}

function citedPassages(answer: string, contextJson: string): FeedbackEntry["cited"] {
  let context: Partial<ChatContext>;
  try {
    context = JSON.parse(contextJson) as Partial<ChatContext>;
  } catch {
    return [];
  }
  const sources = context.data_points?.sources ?? [];
  return citedIds(answer, context.data_points?.citations ?? []).map((citation) => {
    const passages = sources.filter((s) => s.id === citation);
    return {
      citation,
      file_name: passages[0]?.file_name ?? citation,
      page: passages[0]?.page ?? null,
      content: passages.map((p) => p.content).join("\n…\n"),
    };
  });
}

/** The verdicts as an evaluation set: one JSON object a line (scripts/eval-data's shape). */
export function toEvalJsonl(entries: FeedbackEntry[]): string {
  return entries
    .filter((e) => e.question)
    .map((e) => {
      const line: EvalLine = {
        question: e.question,
        citations: e.cited.map((c) => c.citation),
        answer: e.answer,
        rating: e.rating,
        ...(e.comment ? { comment: e.comment } : {}),
      };
      return `${JSON.stringify(line)}\n`;
    })
    .join("");
}
