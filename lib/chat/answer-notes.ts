/**
 * Words the model path writes into an answer's own text, so that every client (protocol
 * clients show plain text) sees them, and the chat page can render them as notices.
 */

/** Stands where the model cited a source it was not given: the claim before it is not backed by one. */
export const UNSUPPORTED_MARKER = "[unsupported]";

export type IncompleteReason = "length" | "content_filter" | "interrupted";

const WHY: Record<IncompleteReason, string> = {
  length: "the language model reached its output limit before finishing. Ask a narrower question for a complete one.",
  content_filter: "the model server's content filter stopped the reply.",
  interrupted: "the language model's reply broke off before it finished. Ask again for a complete one.",
};

/** The paragraph that ends an answer the model did not finish. */
export const incompleteNote = (reason: IncompleteReason) => `(Incomplete answer: ${WHY[reason]})`;

/** An answer's text without its closing incomplete note, and the note. */
export function splitIncompleteNote(answer: string): { text: string; note: string | null } {
  const match = /\n*\(Incomplete answer: [^\n]*\)\s*$/.exec(answer);
  return match ? { text: answer.slice(0, match.index), note: match[0].trim() } : { text: answer, note: null };
}
