import { documentTitle } from "@/lib/knowledge/document-title";
import { contentWords } from "@/lib/text/query";

/**
 * A question about one section of a document ("What does travel policy say about hotel
 * allowance?"), or null when the heading adds nothing: empty, too long, only words already
 * asked, or the document's own title.
 */
export function sectionQuestion(fileName: string, heading: string | null | undefined, asked: Set<string> = new Set()): string | null {
  const topic = heading?.trim().replace(/[:.]+$/, "");
  if (!topic || topic.length > 80) return null;
  const subject = documentTitle(fileName);
  // A heading holding the whole title ("PerksPlus Health and Wellness Program") is the cover page's.
  if (topic.toLowerCase().includes(subject.toLowerCase())) return null;
  const known = new Set([...asked, ...contentWords(subject)]);
  const words = contentWords(topic);
  if (words.length === 0 || words.every((w) => known.has(w))) return null;
  return `What does ${subject} say about ${topic.toLowerCase()}?`;
}
