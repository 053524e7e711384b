import type { Chunk } from "@/lib/knowledge/schemas";
import { contentWordsIn } from "@/lib/text/language";
import { sectionQuestion } from "./topics";

/**
 * Offline follow-up questions, derived from the retrieved passages: questions about the
 * sections they come from that the question did not ask about, each once.
 */
export function offlineFollowups(question: string, chunks: Chunk[], count = 3): string[] {
  const asked = new Set(contentWordsIn(question));
  const questions = new Set<string>();
  for (const chunk of chunks) {
    const heading = typeof chunk.metadata.heading === "string" ? chunk.metadata.heading : null;
    const q = sectionQuestion(chunk.file_name, heading, asked, chunk.content);
    if (q) questions.add(q);
    if (questions.size >= count) break;
  }
  return [...questions];
}
