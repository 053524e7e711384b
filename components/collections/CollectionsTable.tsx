"use client";

import Link from "next/link";
import { useState } from "react";
import type { CollectionInfo } from "@/lib/knowledge/schemas";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { formatDateTime, formatNumber } from "@/components/ui/format";
import { errorMessage } from "@/components/ui/http";
import { collectionPageUrl, deleteCollection } from "./api";

interface Props {
  collections: CollectionInfo[] | undefined;
  loading: boolean;
  onDeleted(name: string): void;
  /** Admins delete collections; editors only manage the files of theirs. */
  canDelete: boolean;
}

const th = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400";
const td = "px-3 py-2 align-middle";

export function CollectionsTable({ collections, loading, onDeleted, canDelete }: Props) {
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  async function confirmDelete() {
    if (!toDelete) return;
    setBusy(true);
    setDeleteError(null);
    try {
      await deleteCollection(toDelete);
      onDeleted(toDelete);
      setToDelete(null);
    } catch (error) {
      setDeleteError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  if (loading && !collections) return <TableSkeleton />;
  if (!collections?.length) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
        No collections yet. Create one above to start uploading documents.
      </p>
    );
  }

  return (
    <>
      <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
        <table className="w-full text-sm">
          <caption className="sr-only">Collections</caption>
          <thead className="bg-slate-50 dark:bg-slate-900">
            <tr>
              <th scope="col" className={th}>
                Name
              </th>
              <th scope="col" className={`${th} hidden md:table-cell`}>
                Description
              </th>
              <th scope="col" className={`${th} text-right`}>
                Files
              </th>
              <th scope="col" className={`${th} hidden text-right sm:table-cell`}>
                Chunks
              </th>
              <th scope="col" className={`${th} hidden lg:table-cell`}>
                Last update
              </th>
              <th scope="col" className={th}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {collections.map((c) => (
              <tr key={c.name} data-collection={c.name}>
                <td className={td}>
                  <Link
                    href={collectionPageUrl(c.name)}
                    className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
                  >
                    {c.name}
                  </Link>
                </td>
                <td className={`${td} hidden max-w-md text-slate-700 md:table-cell dark:text-slate-300`}>{c.description || "—"}</td>
                <td className={`${td} text-right tabular-nums`}>{formatNumber(c.file_count)}</td>
                <td className={`${td} hidden text-right tabular-nums sm:table-cell`}>{formatNumber(c.chunk_count)}</td>
                <td className={`${td} hidden whitespace-nowrap text-slate-700 lg:table-cell dark:text-slate-300`}>
                  {formatDateTime(c.updated_at ?? c.created_at)}
                </td>
                <td className={`${td} text-right`}>
                  {canDelete && (
                    <Button size="sm" variant="ghost" onClick={() => setToDelete(c.name)} aria-label={`Delete collection ${c.name}`}>
                      Delete
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        title={`Delete collection “${toDelete}”?`}
        confirmLabel="Delete collection"
        busy={busy}
        error={deleteError}
        onConfirm={confirmDelete}
        onCancel={() => {
          setToDelete(null);
          setDeleteError(null);
        }}
      >
        Its files, their search index and summaries are removed for good. Chats that cited them keep their text.
      </ConfirmDialog>
    </>
  );
}

function TableSkeleton() {
  return (
    <div role="status" aria-label="Loading collections" className="space-y-2">
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-10 animate-pulse rounded-md bg-slate-100 dark:bg-slate-800" />
      ))}
    </div>
  );
}
