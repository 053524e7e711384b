import type { Chunk } from "@/lib/knowledge/schemas";
import { contentWords } from "./search-query";

/**
 * Offline follow-up questions, derived from the retrieved passages: sections the passages
 * come from that the question did not ask about.
 */
export function offlineFollowups(question: string, chunks: Chunk[], count = 3): string[] {
  const asked = new Set(contentWords(question));
  const questions: string[] = [];
  const seen = new Set<string>();
  for (const chunk of chunks) {
    const heading = typeof chunk.metadata.heading === "string" ? chunk.metadata.heading.trim() : "";
    const topic = heading && heading.length <= 80 ? heading : null;
    if (!topic) continue;
    const words = contentWords(topic);
    const doc = chunk.file_name.replace(/\.[a-z0-9]+$/i, "").replace(/[_-]+/g, " ");
    const docWords = new Set(contentWords(doc));
    // Nothing new to ask: the topic is the question's own words or just the document's title.
    if (words.length === 0 || words.every((w) => asked.has(w) || docWords.has(w))) continue;
    const key = words.join(" ");
    if (seen.has(key)) continue;
    seen.add(key);
    questions.push(`What does ${doc} say about ${topic.replace(/[:.]+$/, "").toLowerCase()}?`);
    if (questions.length >= count) break;
  }
  return questions;
}
