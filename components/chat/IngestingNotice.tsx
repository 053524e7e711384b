"use client";

import { useIngestingFiles } from "./useCollections";

/** Says when the searched collections still have files being ingested (answers may miss them). */
export function IngestingNotice({ collections }: { collections: string[] }) {
  const { data: files } = useIngestingFiles(collections);
  if (!files?.length) return null;
  const names = files
    .slice(0, 3)
    .map((f) => f.file_name)
    .join(", ");
  const more = files.length > 3 ? ` and ${files.length - 3} more` : "";
  return (
    <p
      role="status"
      className="mb-4 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <span aria-hidden="true">⏳</span>
      <span>
        {files.length} file{files.length === 1 ? " is" : "s are"} still being ingested ({names}
        {more}). Answers may miss {files.length === 1 ? "it" : "them"} until {files.length === 1 ? "it is" : "they are"} ready.
      </span>
    </p>
  );
}
