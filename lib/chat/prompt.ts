import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { DataPoints, ChatMessage } from "./schemas";

/** The prompt of the model path: instructions, uploaded documents, history, sources. */

export interface DocumentSummary {
  fileName: string;
  summary: string | null;
}

const HISTORY_TURNS = 10;

export function systemPrompt(documents: DocumentSummary[], followups: boolean): string {
  const lines = [
    "You are an assistant that answers questions about the user's documents.",
    "Answer ONLY with facts from the sources listed with the question. If the sources do not contain the answer, say you don't know; do not make up facts.",
    "Each source has a name followed by a colon and its text. Cite every fact with the source name in square brackets, e.g. [report.pdf#page=3]. Use the exact name; do not combine sources in one bracket — write [a.pdf#page=1][b.pdf#page=2].",
    "Be concise. Use Markdown for lists and tables when it helps.",
  ];
  if (followups) {
    lines.push(
      "After the answer, suggest three short follow-up questions the user might ask next about their documents, each enclosed in double angle brackets, e.g. <<Are there exclusions for prescriptions?>>. Do not repeat questions already asked.",
    );
  }
  const withSummary = documents.filter((d) => d.summary);
  if (documents.length) {
    lines.push(
      "",
      "## Uploaded Documents",
      "",
      "The user has uploaded the following documents to the knowledge base:",
      "",
      ...(withSummary.length ? withSummary : documents).slice(0, 50).map((d) => `- **${d.fileName}**${d.summary ? `: ${d.summary}` : ""}`),
    );
  }
  return lines.join("\n");
}

export function sourcesBlock(dataPoints: DataPoints): string {
  return dataPoints.text.map((t) => t.replace(/\s+/g, " ")).join("\n");
}

export function buildMessages(
  system: string,
  history: ChatMessage[],
  question: string,
  dataPoints: DataPoints,
): ChatCompletionMessageParam[] {
  const past = history
    .filter((m) => m.role !== "system")
    .slice(-HISTORY_TURNS)
    .map((m) => ({ role: m.role as "user" | "assistant", content: m.content }));
  const sources = dataPoints.text.length ? sourcesBlock(dataPoints) : "(no sources found)";
  return [{ role: "system", content: system }, ...past, { role: "user", content: `${question}\n\nSources:\n${sources}` }];
}

export const QUERY_REWRITE_PROMPT =
  "Below is the history of a conversation and a new question from the user. Write a search query for a document search engine " +
  "that finds the answer to the new question. Resolve pronouns and references using the history. Return only the query, " +
  "no quotes, no explanation, no file names.";
