"use client";

import { useCallback, useId, useState } from "react";
import { useDropzone } from "react-dropzone";
import { createCollection } from "@/components/collections/api";
import { JobProgress } from "@/components/collections/JobProgress";
import type { UploadLimits } from "@/components/collections/upload";
import { RejectedFiles, UploadRow } from "@/components/collections/UploadDropzone";
import { useFileUploads } from "@/components/collections/useFileUploads";
import { Button } from "@/components/ui/Button";
import { errorMessage } from "@/components/ui/http";
import type { CollectionInfo } from "@/lib/knowledge/schemas";

interface Options {
  /** The server's upload limits; null: this user may not upload (chat-only). */
  limits: UploadLimits | null;
  collections: CollectionInfo[] | undefined;
  /** The collections the chat searches: one picked is where files go. */
  selection: string[];
  /** A job ended in this collection (its files are searchable now, the failed ones said why). */
  onIngested(collection: string): void;
}

const NEW_COLLECTION = "chat_uploads";

/**
 * Files dropped on the chat (or attached from the composer) go into a collection: the one the
 * chat searches, else the only one there is, else the one the user picks or names here. Upload
 * progress, refused files and the ingestion job show above the message box.
 */
export function useChatUploads({ limits, collections, selection, onIngested }: Options) {
  const [jobs, setJobs] = useState<{ id: string; collection: string }[]>([]);
  const [pending, setPending] = useState<File[] | null>(null);
  const onJobStarted = useCallback((id: string, collection: string) => setJobs((list) => [...list, { id, collection }]), []);
  const files = useFileUploads(limits ?? { maxUploadBytes: 0, supportedExtensions: [] }, onJobStarted);
  const target = selection.length === 1 ? selection[0] : collections?.length === 1 ? collections[0].name : null;

  const onDrop = useCallback(
    (dropped: File[]) => {
      if (!dropped.length) return;
      if (target) files.drop(target, dropped);
      else setPending(dropped);
    },
    [target, files],
  );
  const zone = useDropzone({ onDrop, noClick: true, noKeyboard: true, multiple: true, disabled: !limits });

  const panel = limits && (
    <div className="space-y-2" data-testid="chat-uploads">
      {zone.isDragActive && (
        <p className="rounded-lg border-2 border-dashed border-indigo-500 bg-indigo-50 px-3 py-4 text-center text-sm font-medium dark:border-indigo-400 dark:bg-indigo-950/40">
          Drop the files to add them to {target ? `“${target}”` : "a collection"}
        </p>
      )}
      {pending && (
        <PickCollection
          files={pending}
          collections={collections ?? []}
          onPick={(name) => {
            setPending(null);
            files.drop(name, pending);
          }}
          onCancel={() => setPending(null)}
        />
      )}
      <RejectedFiles files={files.rejected} onDismiss={files.clearRejected} />
      {files.uploads.length > 0 && (
        <ul className="space-y-2" aria-label="Uploads in progress">
          {files.uploads.map((u) => (
            <UploadRow key={u.id} upload={u} onRetry={() => files.retry(u)} onDismiss={() => files.dismiss(u.id)} />
          ))}
        </ul>
      )}
      {jobs.length > 0 && (
        <ul className="max-h-60 space-y-2 overflow-y-auto" aria-label="Ingestion jobs">
          {jobs.map((job) => (
            <JobProgress
              key={job.id}
              jobId={job.id}
              onFinished={() => onIngested(job.collection)}
              onDismiss={() => setJobs((list) => list.filter((j) => j.id !== job.id))}
            />
          ))}
        </ul>
      )}
    </div>
  );

  return { zone, panel, accept: limits?.supportedExtensions.join(",") };
}

/** Several collections and none picked: where should the dropped files go? With none, one is made. */
function PickCollection({
  files,
  collections,
  onPick,
  onCancel,
}: {
  files: File[];
  collections: CollectionInfo[];
  onPick(name: string): void;
  onCancel(): void;
}) {
  const [choice, setChoice] = useState(collections[0]?.name ?? "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const count = files.length === 1 ? `“${files[0].name}”` : `${files.length} files`;
  return (
    <form
      className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
      onSubmit={async (e) => {
        e.preventDefault();
        if (collections.length) return onPick(choice);
        setBusy(true);
        try {
          await createCollection(NEW_COLLECTION, "Files added from the chat");
          onPick(NEW_COLLECTION);
        } catch (err) {
          setError(errorMessage(err));
          setBusy(false);
        }
      }}
    >
      {collections.length ? (
        <>
          <label htmlFor={id}>Add {count} to</label>
          <select
            id={id}
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
          >
            {collections.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
        </>
      ) : (
        <span>
          Add {count} to a new collection, <code className="font-mono">{NEW_COLLECTION}</code>?
        </span>
      )}
      <Button size="sm" type="submit" variant="primary" disabled={busy}>
        Upload
      </Button>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
      {error && (
        <p role="alert" className="w-full text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </form>
  );
}
