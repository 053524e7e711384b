import type { Chunk } from "@/lib/knowledge/schemas";

/** A text chunk of one page, as a search returns it: the fields a test sets, the rest empty. */
export function textChunk(fields: {
  file: string;
  page: number;
  content: string;
  heading: string | null;
  score?: number;
  id?: string;
}): Chunk {
  return {
    chunk_id: fields.id ?? `${fields.file}:${fields.page}`,
    content: fields.content,
    score: fields.score ?? 1 - fields.page / 10,
    file_name: fields.file,
    page_number: fields.page,
    display_citation: `${fields.file}, p.${fields.page}`,
    content_type: "text",
    content_subtype: null,
    structured_data: null,
    image_storage_uri: null,
    image_url: null,
    metadata: { heading: fields.heading },
  };
}
