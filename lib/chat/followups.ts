import type { Chunk } from "@/lib/knowledge/schemas";
import { contentWordsIn } from "@/lib/text/language";
import { citationId } from "./citations";
import { sectionQuestion } from "./topics";

/**
 * Offline follow-up questions, derived from the retrieved passages: questions about the
 * sections they come from that the question did not ask about and the answer did not quote,
 * each once. Sections of the documents the answer cites come first: a passage found for a shared word ("reimburse") in
 * another document leads elsewhere than the person is reading.
 */
export function offlineFollowups(question: string, chunks: Chunk[], cited: readonly string[] = [], count = 3): string[] {
  const asked = new Set(contentWordsIn(question));
  const citedDocuments = new Set(cited.map(documentOf));
  const fromCited = (chunk: Chunk) => citedDocuments.has(documentOf(citationId(chunk)));
  // A section the answer quotes has just been answered from: no question about it again.
  const unquoted = chunks.filter((c) => !cited.includes(citationId(c)));
  const ordered = [...unquoted.filter(fromCited), ...unquoted.filter((c) => !fromCited(c))];
  const questions = new Set<string>();
  for (const chunk of ordered) {
    const heading = typeof chunk.metadata.heading === "string" ? chunk.metadata.heading : null;
    const q = sectionQuestion(chunk.file_name, heading, asked, chunk.content);
    if (q) questions.add(q);
    if (questions.size >= count) break;
  }
  return [...questions];
}

/** "hr/handbook.pdf#page=3" → "hr/handbook.pdf". */
const documentOf = (citation: string) => citation.split("#")[0];
