import { HEADING_PATH_SEPARATOR } from "@/lib/ingest/chunk";

/**
 * Whose a quoted sentence is, in a document of records (a role library, product sheets): a
 * bullet under "Chief Financial Officer › Qualifications" does not say which job it lists.
 */

/** The record a heading path names ("Chief Financial Officer › Qualifications" → "Chief Financial Officer"), or null. */
export function recordOf(heading: string | null): string | null {
  const at = heading?.indexOf(HEADING_PATH_SEPARATOR) ?? -1;
  return at > 0 ? heading!.slice(0, at) : null;
}

/** The sentence, led by its record's title unless it names the record itself. */
export function withRecordName({ text, heading }: { text: string; heading: string | null }): string {
  const record = recordOf(heading);
  return record === null || text.toLowerCase().includes(record.toLowerCase()) ? text : `**${record}:** ${text}`;
}
