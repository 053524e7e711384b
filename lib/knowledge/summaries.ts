import { config } from "@/lib/config";
import { modelError, openaiClient } from "@/lib/models/chat";
import { contentWords } from "@/lib/text/query";
import { answerStem } from "@/lib/text/stem";

/**
 * Document summaries shown to users and listed in the chat prompt ("Uploaded Documents").
 * Offline: the opening sentences that best use the document's own words, cut to a short
 * length; with a chat model configured, one sentence written by the model.
 */
const MAX_SUMMARY_CHARS = 240;
/** Sentences of the first chunks are candidates: a summary says what the document opens with. */
const OPENING_CHUNKS = 6;
/** The document's words are counted over at most this many chunks. */
const COUNTED_CHUNKS = 200;
/** Opening sentences needed to judge which are about the document (fewer: taken as they come). */
const MIN_JUDGED_SENTENCES = 6;

/** Markdown markers and title-like lines (no final punctuation) are not summary material. */
function bodyText(chunk: string): string {
  return chunk
    .split("\n")
    .map((line) => line.replace(/^\s*(#{1,6}\s+|[-*•]\s+|>\s*)/, "").trim())
    .filter((line) => /[.!?:]$/.test(line) || line.split(/\s+/).length > 12)
    .join(" ");
}

const stems = (text: string) => new Set(contentWords(text).map(answerStem));

/**
 * The first opening sentences that use the document's own words at least as much as its typical
 * opening sentence does (the mean of log counts over a sentence's distinct words). Boilerplate
 * opening a document (a disclaimer, a copyright line) talks about what the rest of it never
 * mentions, and is passed over.
 */
export function extractiveSummary(chunkTexts: string[]): string | null {
  const bodies = chunkTexts.slice(0, OPENING_CHUNKS).map((chunk) => bodyText(chunk).replace(/\s+/g, " ").trim());
  const text = bodies.join(" ").trim();
  if (!text) return null;
  // Whole sentences of each chunk (a chunk's unfinished end is not one); headings, page furniture
  // and very short fragments are not candidates; nor is a sentence twice.
  const sentences = [...new Set(bodies.flatMap((body) => (body.match(/[^.!?]+(?:[.!?]+|$)/g) ?? []).map((s) => s.trim())))].filter(
    (s) => /[.!?]$/.test(s) && s.split(" ").length >= 6,
  );
  const counts = new Map<string, number>();
  for (const chunk of chunkTexts.slice(0, COUNTED_CHUNKS)) for (const stem of stems(chunk)) counts.set(stem, (counts.get(stem) ?? 0) + 1);
  const weight = (sentence: string) => {
    const own = [...stems(sentence)];
    return own.length ? own.reduce((sum, stem) => sum + Math.log1p(counts.get(stem) ?? 0), 0) / own.length : 0;
  };
  const weights = sentences.map(weight);
  const typical = [...weights].sort((a, b) => a - b)[Math.floor((weights.length - 1) / 2)];
  // A short document has too few sentences to tell its topic from its boilerplate: it opens as it opens.
  const judged = sentences.length >= MIN_JUDGED_SENTENCES;
  let summary = "";
  for (const [i, sentence] of sentences.entries()) {
    if (judged && weights[i] < typical) continue;
    if (summary && summary.length + sentence.length + 1 > MAX_SUMMARY_CHARS) break;
    summary = summary ? `${summary} ${sentence}` : sentence;
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
