/**
 * Formats whose files are passages already (a Polymath library): the ingestion pipeline imports
 * their passages as they are, with their own embeddings where usable, instead of parsing and
 * chunking them. A protocol registers its format here (lib/polymath/passages.ts, registered by
 * lib/knowledge/index.ts), so the ingestion core never imports a protocol.
 */

export interface ImportedPassage {
  text: string;
  tokenCount: number;
  /** The passage's own embedding, when it can be reused in the collection. */
  vector: Float32Array | null;
  /** Where it came from (kept with the passage, so citations open its url). */
  source: { title?: string } | null;
}

export interface PassageFormat {
  /** As named in messages: "a Polymath library". */
  label: string;
  /** Whether a parsed JSON value is a file of this format (the JSON parser refuses those). */
  matches(value: unknown): boolean;
  /** The file's content when the file is of this format, else null. */
  detect(fileName: string, data: Uint8Array): unknown;
  /** Its passages for a collection; throws IngestError when the file cannot go into it. */
  read(content: unknown, collection: { embeddingModel: string; embeddingDims: number }): ImportedPassage[];
}

const formats = new Map<string, PassageFormat>();

export function registerPassageFormat(format: PassageFormat): void {
  formats.set(format.label, format);
}

/** The registered format a file is of, with its content; null for any other file. */
export function passageFile(fileName: string, data: Uint8Array): { format: PassageFormat; content: unknown } | null {
  for (const format of formats.values()) {
    const content = format.detect(fileName, data);
    if (content !== null && content !== undefined) return { format, content };
  }
  return null;
}

/** The registered format a parsed JSON value is of, if any. */
export function passageFormatOf(value: unknown): PassageFormat | undefined {
  return [...formats.values()].find((format) => format.matches(value));
}
