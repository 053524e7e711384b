"use client";

import { useState } from "react";
import type { FileInfo } from "@/lib/knowledge/schemas";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { StatusBadge } from "@/components/ui/StatusBadge";
import { formatBytes, formatDateTime } from "@/components/ui/format";
import { errorMessage } from "@/components/ui/http";
import { AccessTagControl } from "@/components/polymath/AccessTagControl";
import { deleteFiles } from "./api";

interface Props {
  collection: string;
  files: FileInfo[] | undefined;
  loading: boolean;
  onDeleted(): void;
}

const th = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400";
const td = "px-3 py-2.5 align-top";

export function FilesTable({ collection, files, loading, onDeleted }: Props) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  // Files deleted elsewhere drop out of the selection.
  const present = new Set(files?.map((f) => f.file_id));
  const chosen = [...selected].filter((id) => present.has(id));
  const allChosen = Boolean(files?.length) && chosen.length === files?.length;

  function toggle(id: string) {
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  async function confirmDelete() {
    setBusy(true);
    setDeleteError(null);
    try {
      const result = await deleteFiles(collection, chosen);
      if (result.failed.length) setDeleteError(result.failed.map((f) => f.error).join("; "));
      else setConfirming(false);
      setSelected(new Set());
      onDeleted();
    } catch (error) {
      setDeleteError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  if (loading && !files) {
    return (
      <div role="status" aria-label="Loading files" className="space-y-2">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-10 animate-pulse rounded-md bg-slate-100 dark:bg-slate-800" />
        ))}
      </div>
    );
  }
  if (!files?.length) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
        No files yet. Drop some above.
      </p>
    );
  }

  const chosenNames = files.filter((f) => chosen.includes(f.file_id)).map((f) => f.file_name);
  return (
    <div className="space-y-2">
      <div className="flex min-h-8 flex-wrap items-center gap-2">
        <span className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {chosen.length ? `${chosen.length} selected` : `${files.length} file${files.length === 1 ? "" : "s"}`}
        </span>
        {chosen.length > 0 && (
          <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
            Delete selected
          </Button>
        )}
      </div>
      <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
        <table className="w-full text-sm">
          <caption className="sr-only">Files in {collection}</caption>
          <thead className="bg-slate-50 dark:bg-slate-900">
            <tr>
              <th scope="col" className="w-10 px-3 py-2">
                <input
                  type="checkbox"
                  checked={allChosen}
                  onChange={() => setSelected(allChosen ? new Set() : new Set(files.map((f) => f.file_id)))}
                  aria-label="Select all files"
                  className="h-4 w-4 accent-indigo-600"
                />
              </th>
              <th scope="col" className={th}>
                File
              </th>
              <th scope="col" className={th}>
                Status
              </th>
              <th scope="col" className={`${th} hidden text-right sm:table-cell`}>
                Size
              </th>
              <th scope="col" className={`${th} hidden text-right sm:table-cell`}>
                Chunks
              </th>
              <th scope="col" className={`${th} hidden md:table-cell`}>
                Access tag
              </th>
              <th scope="col" className={`${th} hidden lg:table-cell`}>
                Summary
              </th>
              <th scope="col" className={`${th} hidden xl:table-cell`}>
                Dates
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {files.map((f) => (
              <tr key={f.file_id} data-testid="file-row" data-file-name={f.file_name} data-status={f.status}>
                <td className="px-3 py-2.5 align-top">
                  <input
                    type="checkbox"
                    checked={chosen.includes(f.file_id)}
                    onChange={() => toggle(f.file_id)}
                    aria-label={`Select ${f.file_name}`}
                    className="h-4 w-4 accent-indigo-600"
                  />
                </td>
                <td className={`${td} max-w-[14rem] sm:max-w-xs`}>
                  <div className="break-words font-medium">{f.file_name}</div>
                  {f.error_message && <div className="mt-1 text-red-700 dark:text-red-300">{f.error_message}</div>}
                  {fileNotes(f).map((note) => (
                    <div key={note} className="mt-1 text-amber-800 dark:text-amber-300" data-testid="file-note">
                      {note}
                    </div>
                  ))}
                  <div className="mt-1 text-xs text-slate-600 sm:hidden dark:text-slate-400">
                    {formatBytes(f.file_size)} · {f.chunk_count} chunk{f.chunk_count === 1 ? "" : "s"}
                  </div>
                  <NarrowDetails file={f} />
                </td>
                <td className={td}>
                  <StatusBadge status={f.status} />
                </td>
                <td className={`${td} hidden whitespace-nowrap text-right tabular-nums sm:table-cell`}>{formatBytes(f.file_size)}</td>
                <td className={`${td} hidden text-right tabular-nums sm:table-cell`}>{f.chunk_count}</td>
                <td className={`${td} hidden md:table-cell`}>
                  <AccessTagControl collection={collection} file={f} onChanged={onDeleted} />
                </td>
                <td className={`${td} hidden min-w-40 max-w-md text-slate-700 lg:table-cell dark:text-slate-300`}>
                  <Summary text={typeof f.metadata.summary === "string" ? f.metadata.summary : null} />
                </td>
                {/* Both dates in one column: two would push the table past a 1366 px screen. */}
                <td className={`${td} hidden text-xs text-slate-700 xl:table-cell dark:text-slate-300`}>
                  <div className="whitespace-nowrap">Uploaded {formatDateTime(f.uploaded_at)}</div>
                  {f.ingested_at && <div className="whitespace-nowrap">Ingested {formatDateTime(f.ingested_at)}</div>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${chosen.length} file${chosen.length === 1 ? "" : "s"}?`}
        confirmLabel="Delete files"
        busy={busy}
        error={deleteError}
        onConfirm={confirmDelete}
        onCancel={() => {
          setConfirming(false);
          setDeleteError(null);
        }}
      >
        <p>These files and their search index entries are removed from “{collection}”:</p>
        <ul className="mt-2 max-h-40 list-disc overflow-y-auto pl-5">
          {chosenNames.map((n) => (
            <li key={n} className="break-words">
              {n}
            </li>
          ))}
        </ul>
      </ConfirmDialog>
    </div>
  );
}

/** What the hidden columns hold, folded away on screens too narrow for them. */
function NarrowDetails({ file }: { file: FileInfo }) {
  const summary = typeof file.metadata.summary === "string" ? file.metadata.summary : null;
  return (
    <details className="mt-1 text-xs text-slate-700 xl:hidden dark:text-slate-300">
      <summary className="cursor-pointer text-slate-600 dark:text-slate-400">Details</summary>
      <dl className="mt-1 space-y-1">
        {summary && (
          <div className="lg:hidden">
            <dt className="font-medium">Summary</dt>
            <dd>{summary}</dd>
          </div>
        )}
        <div>
          <dt className="inline font-medium">Uploaded: </dt>
          <dd className="inline">{formatDateTime(file.uploaded_at)}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Ingested: </dt>
          <dd className="inline">{formatDateTime(file.ingested_at)}</dd>
        </div>
      </dl>
    </details>
  );
}

function Summary({ text }: { text: string | null }) {
  if (!text) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  return (
    <p className="line-clamp-3" title={text}>
      {text}
    </p>
  );
}

/** Notes from the file's ingestion (how it was read: OCR in a language without a model here). */
function fileNotes(file: FileInfo): string[] {
  const notes = file.metadata.notes;
  return Array.isArray(notes) ? notes.filter((n): n is string => typeof n === "string") : [];
}
