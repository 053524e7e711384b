import type { Chunk } from "@/lib/knowledge/schemas";
import { contentWords } from "@/lib/text/query";
import { sectionQuestion } from "./topics";

/**
 * Offline follow-up questions, derived from the retrieved passages: sections the passages
 * come from that the question did not ask about.
 */
export function offlineFollowups(question: string, chunks: Chunk[], count = 3): string[] {
  const asked = new Set(contentWords(question));
  const questions = new Set<string>();
  for (const chunk of chunks) {
    const heading = typeof chunk.metadata.heading === "string" ? chunk.metadata.heading : null;
    const q = sectionQuestion(chunk.file_name, heading, asked);
    if (q) questions.add(q);
    if (questions.size >= count) break;
  }
  return [...questions];
}
