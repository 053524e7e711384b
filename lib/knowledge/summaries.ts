import { config } from "@/lib/config";
import { modelError, openaiClient } from "@/lib/models/chat";

/**
 * Document summaries shown to users and listed in the chat prompt ("Uploaded Documents").
 * Offline: the first informative sentences of the document, cut to a short length; with a
 * chat model configured, one sentence written by the model.
 */
const MAX_SUMMARY_CHARS = 240;

/** Markdown markers and title-like lines (no final punctuation) are not summary material. */
function bodyText(chunk: string): string {
  return chunk
    .split("\n")
    .map((line) => line.replace(/^\s*(#{1,6}\s+|[-*•]\s+|>\s*)/, "").trim())
    .filter((line) => /[.!?:]$/.test(line) || line.split(/\s+/).length > 12)
    .join(" ");
}

export function extractiveSummary(chunkTexts: string[]): string | null {
  const text = chunkTexts.slice(0, 3).map(bodyText).join(" ").replace(/\s+/g, " ").trim();
  if (!text) return null;
  const sentences = text.match(/[^.!?]+[.!?]+/g) ?? [text];
  let summary = "";
  for (const sentence of sentences) {
    const s = sentence.trim();
    // Skip headings, page furniture and very short fragments.
    if (s.split(" ").length < 6) continue;
    if (summary && summary.length + s.length + 1 > MAX_SUMMARY_CHARS) break;
    summary = summary ? `${summary} ${s}` : s;
    if (summary.length >= MAX_SUMMARY_CHARS / 2) break;
  }
  if (!summary) summary = text;
  return summary.length > MAX_SUMMARY_CHARS ? `${summary.slice(0, MAX_SUMMARY_CHARS - 1).trimEnd()}…` : summary;
}

const SUMMARY_TIMEOUT_MS = 15_000;

/**
 * The SDK's generate_summary: one sentence from the chat model when one is configured (from the
 * start and end of the document), else the extractive summary. A model failure never fails
 * the file; it falls back to the extractive one.
 */
export async function summarize(fileName: string, chunkTexts: string[]): Promise<string | null> {
  const fallback = extractiveSummary(chunkTexts);
  const model = config().chatModel;
  if (!model || chunkTexts.length === 0) return fallback;
  const sample = [...chunkTexts.slice(0, 3), ...chunkTexts.slice(-2)].join("\n").slice(0, 4000);
  try {
    const completion = await openaiClient().chat.completions.create(
      {
        model,
        temperature: 0,
        max_tokens: 80,
        messages: [{ role: "user", content: `Summarize this document (${fileName}) in one sentence:\n\n${sample}` }],
      },
      { timeout: SUMMARY_TIMEOUT_MS },
    );
    return completion.choices[0]?.message?.content?.trim().slice(0, 400) || fallback;
  } catch (error) {
    modelError(error, "summary"); // logged; the file keeps the extractive summary
    return fallback;
  }
}
