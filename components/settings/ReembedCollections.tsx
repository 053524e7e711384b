"use client";

import { useEffect, useState } from "react";
import useSWR from "swr";
import { collectionUrl, jobStatusUrl } from "@/components/collections/api";
import { Button } from "@/components/ui/Button";
import { ProgressBar } from "@/components/ui/ProgressBar";
import { fetchJson, jsonFetcher } from "@/components/ui/http";
import { useAction } from "@/components/ui/useAction";
import type { IngestionJobStatus } from "@/lib/knowledge/schemas";
import type { ModelSettingsView } from "@/lib/models/settings";

type Stale = ModelSettingsView["needs_reembedding"][number];

const POLL_MS = 1000;

/** Collections built with another embedding model, each with its re-embedding job (start it, follow it). */
export function ReembedCollections({ model, collections, onChanged }: { model: string; collections: Stale[]; onChanged(): void }) {
  if (collections.length === 0) return null;
  return (
    <section
      aria-labelledby="reembed-heading"
      className="max-w-2xl rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
      data-testid="needs-reembedding"
    >
      <h2 id="reembed-heading" className="font-medium">
        Collections to re-embed
      </h2>
      <p className="mt-1">
        These were built with another embedding model. Re-embedding computes their passages&apos; vectors again with {model} (files are not
        read again); search goes on with the old vectors until it is done.
      </p>
      <ul className="mt-2 divide-y divide-amber-200 dark:divide-amber-900">
        {collections.map((c) => (
          <ReembedRow key={c.name} collection={c} onChanged={onChanged} />
        ))}
      </ul>
    </section>
  );
}

function ReembedRow({ collection, onChanged }: { collection: Stale; onChanged(): void }) {
  const [jobId, setJobId] = useState(collection.job_id);
  const start = useAction();
  const { data: job } = useSWR<IngestionJobStatus>(jobId ? jobStatusUrl(jobId) : null, jsonFetcher, {
    refreshInterval: (latest) => (latest?.is_terminal ? 0 : POLL_MS),
    revalidateOnFocus: false,
  });
  const done = job?.status === "completed";
  useEffect(() => {
    if (done) onChanged(); // the collection leaves the list
  }, [done, onChanged]);
  const failed = job?.status === "failed";

  return (
    <li
      className="grid gap-2 py-2 sm:grid-cols-[minmax(0,1fr)_12rem] sm:items-center"
      data-testid="reembed-row"
      data-collection={collection.name}
    >
      <span className="min-w-0 break-words">
        <span className="font-medium">{collection.name}</span> <span className="text-xs">({collection.embedding_model})</span>
      </span>
      {jobId && job && !failed ? (
        <span className="grid gap-1" aria-live="polite">
          <ProgressBar value={job.progress_percent} label={`Re-embedding ${collection.name}`} tone="amber" />
          <span className="text-xs tabular-nums">
            {job.status === "pending" ? "Queued…" : `${job.processed_files} of ${job.total_files} files re-embedded`}
          </span>
        </span>
      ) : (
        <Button
          size="sm"
          className="justify-self-start sm:justify-self-end"
          disabled={start.busy || Boolean(jobId && !job)}
          onClick={() =>
            start.run(async () => {
              const queued = await fetchJson<{ job_id: string }>(`${collectionUrl(collection.name)}/reembed`, { method: "POST" });
              setJobId(queued.job_id);
            })
          }
        >
          {failed ? "Try again" : "Re-embed"}
        </Button>
      )}
      {(start.error || (failed && job.error_message)) && (
        <p role="alert" className="text-red-700 sm:col-span-2 dark:text-red-300">
          {start.error ?? job?.error_message}
        </p>
      )}
    </li>
  );
}
