"use client";

import Link from "next/link";
import { useCallback, useMemo, useState } from "react";
import useSWR from "swr";
import type { CollectionInfo, FileInfo, IngestionJobStatus } from "@/lib/knowledge/schemas";
import { exportUrl } from "@/components/polymath/api";
import { buttonClass } from "@/components/ui/Button";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { formatCount, formatDateTime } from "@/components/ui/format";
import { fileCounts, isIngesting } from "./file-counts";
import { ApiError, errorMessage, jsonFetcher } from "@/components/ui/http";
import { AccessSection } from "./AccessSection";
import { collectionUrl, filesUrl } from "./api";
import { FilesTable } from "./FilesTable";
import { JobProgress } from "./JobProgress";
import { UploadDropzone } from "./UploadDropzone";
import { useTrackedJobs } from "./useTrackedJobs";

interface Props {
  name: string;
  /** Admins export the collection and say who may read it; editors manage its files. */
  admin: boolean;
  maxUploadMb: number;
  /** Files go from the browser straight to object storage (no request-size limit on the way). */
  directUploads: boolean;
  supportedExtensions: string[];
  /** The accepted formats by name ("PDF, Word (DOCX), ..."), shown in the drop zone. */
  supportedFormats?: string;
}

export function CollectionView({ name, admin, maxUploadMb, directUploads, supportedExtensions, supportedFormats }: Props) {
  const info = useSWR<CollectionInfo>(collectionUrl(name), jsonFetcher);
  const files = useSWR<FileInfo[]>(info.data ? filesUrl(name) : null, jsonFetcher, {
    // Files still being ingested (perhaps by a job started elsewhere) keep the list fresh.
    refreshInterval: (latest) => (latest?.some(isIngesting) ? 2000 : 0),
  });
  const { jobIds: trackedJobIds, track, forget } = useTrackedJobs(name);
  // Jobs that ended during this visit stay on screen (with their errors) until dismissed.
  const [finishedJobIds, setFinishedJobIds] = useState<string[]>([]);
  const [dismissed, setDismissed] = useState<string[]>([]);
  const visibleJobIds = useMemo(
    () => [...new Set([...finishedJobIds, ...trackedJobIds])].filter((id) => !dismissed.includes(id)),
    [finishedJobIds, trackedJobIds, dismissed],
  );

  const refreshAll = useCallback(() => {
    void files.mutate();
    void info.mutate();
  }, [files, info]);

  const onJobStarted = useCallback(
    (jobId: string) => {
      track(jobId);
      void files.mutate(); // the new files appear at once with status "uploading"
    },
    [track, files],
  );

  const onJobFinished = useCallback(
    (jobId: string, job: IngestionJobStatus | null) => {
      forget(jobId);
      if (job) setFinishedJobIds((ids) => (ids.includes(jobId) ? ids : [...ids, jobId]));
      refreshAll();
    },
    [forget, refreshAll],
  );

  if (info.error) {
    const missing = info.error instanceof ApiError && info.error.status === 404;
    return (
      <div className="mx-auto max-w-6xl space-y-4 px-4 py-8 sm:px-6">
        <Breadcrumb name={name} />
        <h1 className="text-2xl font-semibold">{name}</h1>
        {missing ? (
          <p>
            There is no collection named “{name}”.{" "}
            <Link href="/collections" className="text-indigo-700 underline dark:text-indigo-300">
              See all collections
            </Link>
            .
          </p>
        ) : (
          <ErrorNotice message={`Could not load this collection: ${errorMessage(info.error)}`} onRetry={() => info.mutate()} />
        )}
      </div>
    );
  }

  const collection = info.data;
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-6 sm:px-6 sm:py-8">
      <div className="space-y-1">
        <Breadcrumb name={name} />
        <h1 className="break-words text-2xl font-semibold tracking-tight">{name}</h1>
        {collection ? (
          <>
            {collection.description && <p className="text-slate-700 dark:text-slate-300">{collection.description}</p>}
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {files.data
                  ? fileCounts(files.data)
                  : `${formatCount(collection.file_count, "file")} · ${formatCount(collection.chunk_count, "chunk")}`}{" "}
                · updated {formatDateTime(collection.updated_at ?? collection.created_at)}
              </p>
              {/* A Polymath library file with embeddings; uploading it to a collection imports it. */}
              {admin && (
                <a href={exportUrl(name)} download className={buttonClass("secondary", "sm")}>
                  Export library
                </a>
              )}
            </div>
          </>
        ) : (
          <div role="status" aria-label="Loading collection" className="h-5 w-64 animate-pulse rounded bg-slate-100 dark:bg-slate-800" />
        )}
      </div>

      <UploadDropzone
        collection={name}
        limits={{ maxUploadBytes: maxUploadMb * 1024 * 1024, directUploads, supportedExtensions, supportedFormats }}
        onJobStarted={onJobStarted}
      />

      {visibleJobIds.length > 0 && (
        <section aria-labelledby="jobs-heading" className="space-y-3">
          <h2 id="jobs-heading" className="text-lg font-semibold">
            Ingestion
          </h2>
          <ul className="space-y-3">
            {visibleJobIds.map((jobId) => (
              <JobProgress
                key={jobId}
                jobId={jobId}
                onFinished={(job) => onJobFinished(jobId, job)}
                onDismiss={() => setDismissed((d) => [...d, jobId])}
              />
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="files-heading" className="space-y-3">
        <h2 id="files-heading" className="text-lg font-semibold">
          Files
        </h2>
        {files.error ? (
          <ErrorNotice message={`Could not load files: ${errorMessage(files.error)}`} onRetry={() => files.mutate()} />
        ) : (
          <FilesTable collection={name} files={files.data} loading={!files.data} onDeleted={refreshAll} />
        )}
      </section>

      {admin && <AccessSection name={name} />}
    </div>
  );
}

function Breadcrumb({ name }: { name: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-600 dark:text-slate-400">
        <li>
          <Link href="/collections" className="underline-offset-2 hover:underline">
            Collections
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="text-slate-900 dark:text-slate-100">
          {name}
        </li>
      </ol>
    </nav>
  );
}
