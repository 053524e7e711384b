import { z } from "zod";

/** PUT /api/answer-feedback: a reader's verdict on one of their answers (rating null clears it). */
export const FeedbackInput = z.object({
  message_id: z.string().min(1).max(100),
  rating: z.union([z.literal("up"), z.literal("down"), z.null()]),
  comment: z.string().trim().max(2000).optional(),
});
export type FeedbackInput = z.infer<typeof FeedbackInput>;

export const Rating = z.enum(["up", "down"]);
export type Rating = z.infer<typeof Rating>;

/** A cited passage as the admin review shows it and the evaluation set keeps it. */
export const CitedPassage = z.object({ citation: z.string(), file_name: z.string(), page: z.number().nullable(), content: z.string() });

/** GET /api/feedback: one reviewed answer with what it was asked and what it cited. */
export const FeedbackEntry = z.object({
  message_id: z.string(),
  chat_id: z.string(),
  rating: Rating,
  comment: z.string().nullable(),
  created_at: z.string(),
  question: z.string(),
  answer: z.string(),
  cited: z.array(CitedPassage),
});
export type FeedbackEntry = z.infer<typeof FeedbackEntry>;

/**
 * One line of the exported evaluation set, in scripts/eval-data's format (question + reference
 * `citations` as `file#page=N`), with the answer and the reader's verdict beside them.
 */
export const EvalLine = z.object({
  question: z.string(),
  citations: z.array(z.string()),
  answer: z.string(),
  rating: Rating,
  comment: z.string().optional(),
});
export type EvalLine = z.infer<typeof EvalLine>;
