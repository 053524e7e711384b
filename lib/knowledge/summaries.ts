/**
 * Document summaries shown to users and listed in the chat prompt ("Uploaded Documents").
 * Offline: the first informative sentences of the document, cut to a short length.
 */
const MAX_SUMMARY_CHARS = 240;

export function extractiveSummary(chunkTexts: string[]): string | null {
  const text = chunkTexts.slice(0, 3).join(" ").replace(/\s+/g, " ").trim();
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
