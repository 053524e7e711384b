import { formatCount, formatNumber } from "@/components/ui/format";
import type { FileInfo } from "@/lib/knowledge/schemas";

export const isIngesting = (f: Pick<FileInfo, "status">) => f.status === "uploading" || f.status === "ingesting";

/**
 * The collection page's counts, from its file list (kept fresh while files ingest, so they move
 * with the table): the ready files and their chunks, then how many are ingesting or failed.
 */
export function fileCounts(files: Pick<FileInfo, "status" | "chunk_count">[]): string {
  const ready = files.filter((f) => f.status === "success");
  const parts = [
    formatCount(ready.length, "file"),
    formatCount(
      ready.reduce((sum, f) => sum + f.chunk_count, 0),
      "chunk",
    ),
  ];
  const ingesting = files.filter(isIngesting).length;
  const failed = files.filter((f) => f.status === "failed").length;
  if (ingesting) parts.push(`${formatNumber(ingesting)} ingesting`);
  if (failed) parts.push(`${formatNumber(failed)} failed`);
  return parts.join(" · ");
}
