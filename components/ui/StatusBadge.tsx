import type { FileStatus, JobState } from "@/lib/knowledge/schemas";

const STYLES: Record<FileStatus | JobState, string> = {
  uploading: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  pending: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  ingesting: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  processing: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  success: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200",
  completed: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200",
  failed: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
};

// The SDK calls a file stored and waiting for a worker "uploading": people read that as still on its way up.
const LABELS: Partial<Record<FileStatus | JobState, string>> = { success: "ready", uploading: "queued", pending: "queued" };

export function StatusBadge({ status }: { status: FileStatus | JobState }) {
  return (
    <span data-status={status} className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${STYLES[status]}`}>
      {LABELS[status] ?? status}
    </span>
  );
}
