import { config } from "@/lib/config";
import { modelError, openaiClient } from "@/lib/models/chat";
import { dominantLanguage, type Lang } from "@/lib/text/language";
import { contentWords } from "@/lib/text/query";
import { answerStem } from "@/lib/text/stem";

/**
 * Document summaries shown to users and listed with a model's sources (the documents they come
 * from). Offline: the opening sentences that best use the document's own words, cut to a short
 * length; with a chat model configured, one sentence the model writes from sentences sampled
 * across the whole document.
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

const stems = (text: string, lang: Lang) => new Set(contentWords(text, lang).map(answerStem));

/** Chunks read to tell the document's language: one detection per document, not one per chunk and sentence. */
const LANGUAGE_SAMPLE_CHUNKS = 20;

/** The document's language (its words are told from its stop words); English when none tells. */
const documentLanguage = (chunkTexts: string[]): Lang => dominantLanguage(spread(chunkTexts, LANGUAGE_SAMPLE_CHUNKS)) ?? "en";

/** How many of the chunks use each word stem. */
function stemCounts(chunkTexts: string[], lang: Lang): Map<string, number> {
  const counts = new Map<string, number>();
  for (const chunk of chunkTexts) for (const stem of stems(chunk, lang)) counts.set(stem, (counts.get(stem) ?? 0) + 1);
  return counts;
}

/** How much a sentence uses the document's own words: the mean of log counts over its distinct words. */
const weigher = (counts: Map<string, number>, lang: Lang) => (sentence: string) => {
  const own = [...stems(sentence, lang)];
  return own.length ? own.reduce((sum, stem) => sum + Math.log1p(counts.get(stem) ?? 0), 0) / own.length : 0;
};

/** Whole sentences of a chunk's body text (its unfinished end is not one), of 6 words or more. */
const wholeSentences = (body: string) =>
  (body.match(/[^.!?]+(?:[.!?]+|$)/g) ?? []).map((s) => s.trim()).filter((s) => /[.!?]$/.test(s) && s.split(" ").length >= 6);

/** At most `n` of the items, spread evenly from first to last. */
function spread<T>(items: T[], n: number): T[] {
  if (items.length <= n) return items;
  return Array.from({ length: n }, (_, i) => items[Math.floor((i * items.length) / n)]);
}

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
  const sentences = [...new Set(bodies.flatMap(wholeSentences))];
  const counted = chunkTexts.slice(0, COUNTED_CHUNKS);
  const lang = documentLanguage(counted);
  const weights = sentences.map(weigher(stemCounts(counted, lang), lang));
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

/** The model reads this much of a document to summarise it. */
const SAMPLE_CHARS = 4000;
/** Equal stretches of the document, each giving the sample its share of sentences. */
const SAMPLE_STRETCHES = 8;
/** Chunks read per stretch (spread across it): enough sentences to choose from, at bounded cost. */
const CHUNKS_PER_STRETCH = 12;

/**
 * What the model reads to summarise a document: from each of several equal stretches of it,
 * the sentences that use the document's own words most (so not its cover or a disclaimer), in
 * document order.
 */
export function summarySample(chunkTexts: string[], maxChars = SAMPLE_CHARS): string {
  const whole = chunkTexts.join("\n").trim();
  const counted = spread(chunkTexts, COUNTED_CHUNKS);
  const lang = documentLanguage(counted);
  const weight = weigher(stemCounts(counted, lang), lang);
  const seen = new Set<string>();
  const stretches = Array.from({ length: SAMPLE_STRETCHES }, (_, i) => {
    const stretch = chunkTexts.slice(
      Math.floor((i * chunkTexts.length) / SAMPLE_STRETCHES),
      Math.floor(((i + 1) * chunkTexts.length) / SAMPLE_STRETCHES),
    );
    return spread(stretch, CHUNKS_PER_STRETCH)
      .flatMap((chunk) => wholeSentences(bodyText(chunk).replace(/\s+/g, " ")))
      .filter((text) => !seen.has(text) && Boolean(seen.add(text)))
      .map((text, at) => ({ text, at, weight: weight(text) }));
  });
  // Sentences below the document's typical one are its furniture (a cover, a disclaimer), wherever they stand.
  const weights = stretches
    .flat()
    .map((s) => s.weight)
    .sort((a, b) => a - b);
  const typical = weights[Math.floor((weights.length - 1) / 2)] ?? 0;
  // Too few sentences to tell the document's topic from its furniture: it is read as it is.
  if (weights.length < MIN_JUDGED_SENTENCES) return whole.slice(0, maxChars);
  const share = Math.floor(maxChars / stretches.filter((s) => s.length).length);
  const parts: string[] = [];
  for (const sentences of stretches) {
    const chosen: typeof sentences = [];
    let used = 0;
    for (const sentence of [...sentences].sort((a, b) => b.weight - a.weight)) {
      if (sentence.weight < typical || used + sentence.text.length + 1 > share) continue;
      chosen.push(sentence);
      used += sentence.text.length + 1;
    }
    if (chosen.length)
      parts.push(
        chosen
          .sort((a, b) => a.at - b.at)
          .map((s) => s.text)
          .join(" "),
      );
  }
  return parts.join("\n…\n") || whole.slice(0, maxChars);
}

const SUMMARY_TIMEOUT_MS = 15_000;

/**
 * The SDK's generate_summary: one sentence from the chat model when one is configured (from
 * sentences sampled across the whole document), else the extractive summary. A model failure
 * never fails the file; it falls back to the extractive one.
 */
export async function summarize(fileName: string, chunkTexts: string[]): Promise<string | null> {
  const fallback = extractiveSummary(chunkTexts);
  const model = config().chatModel;
  if (!model || chunkTexts.length === 0) return fallback;
  const sample = summarySample(chunkTexts);
  try {
    const completion = await openaiClient().chat.completions.create(
      {
        model,
        temperature: 0,
        max_tokens: 80,
        messages: [
          { role: "user", content: `Summarize this document (${fileName}) in one sentence. Sentences from across it:\n\n${sample}` },
        ],
      },
      { timeout: SUMMARY_TIMEOUT_MS },
    );
    return completion.choices[0]?.message?.content?.trim().slice(0, 400) || fallback;
  } catch (error) {
    modelError(error, "summary"); // logged; the file keeps the extractive summary
    return fallback;
  }
}
