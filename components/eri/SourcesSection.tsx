"use client";

import { useState } from "react";
import type { EriSourceView } from "@/lib/eri/source-schemas";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { errorMessage } from "@/components/ui/http";
import { deleteSource } from "./api";
import { SourceForm } from "./SourceForm";
import { SourceRow } from "./SourceRow";

interface Props {
  sources: EriSourceView[] | undefined;
  loading: boolean;
  onChanged(): void;
}

/** Remote ERI servers chat can search: the list, the add/edit form and deletion. */
export function SourcesSection({ sources, loading, onChanged }: Props) {
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const [deleting, setDeleting] = useState<EriSourceView | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteError(null);
    try {
      await deleteSource(deleting.id);
      setDeleting(null);
      onChanged();
    } catch (e) {
      setDeleteError(errorMessage(e));
    } finally {
      setDeleteBusy(false);
    }
  }

  const saved = () => {
    setEditing(null);
    onChanged();
  };

  return (
    <section aria-labelledby="eri-sources-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="eri-sources-heading" className="text-lg font-semibold">
            Remote ERI sources
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-300">
            Other ERI v1 servers whose documents chat can search next to your collections. A source that allows only self-hosted models is
            used in offline mode or with a model marked self-hosted; otherwise chat skips it and says why.
          </p>
        </div>
        {editing !== "new" && (
          <Button variant="primary" onClick={() => setEditing("new")}>
            Add source
          </Button>
        )}
      </div>

      {editing === "new" && <SourceForm onSaved={saved} onCancel={() => setEditing(null)} />}

      {loading && !sources ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading sources…</p>
      ) : sources && sources.length === 0 && editing !== "new" ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          No ERI sources yet. Add one to search a remote knowledge base from chat.
        </p>
      ) : (
        <ul className="space-y-3">
          {sources?.map((source) =>
            editing === source.id ? (
              <li key={source.id}>
                <SourceForm source={source} onSaved={saved} onCancel={() => setEditing(null)} />
              </li>
            ) : (
              <SourceRow
                key={source.id}
                source={source}
                onEdit={() => setEditing(source.id)}
                onDelete={() => setDeleting(source)}
                onTested={onChanged}
              />
            ),
          )}
        </ul>
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? "source"}?`}
        confirmLabel="Delete source"
        busy={deleteBusy}
        error={deleteError}
        onConfirm={confirmDelete}
        onCancel={() => {
          setDeleting(null);
          setDeleteError(null);
        }}
      >
        Chat will no longer search this server. Its stored credentials are deleted too.
      </ConfirmDialog>
    </section>
  );
}
