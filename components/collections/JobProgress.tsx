"use client";

import { useEffect, useRef } from "react";
import useSWR from "swr";
import type { IngestionJobStatus } from "@/lib/knowledge/schemas";
import { Button } from "@/components/ui/Button";
import { ProgressBar } from "@/components/ui/ProgressBar";
import { StatusBadge } from "@/components/ui/StatusBadge";
import { ApiError, errorMessage, jsonFetcher } from "@/components/ui/http";
import { jobStatusUrl } from "./api";

interface Props {
  jobId: string;
  /** Called once when the job ends (or turns out not to exist any more). */
  onFinished(job: IngestionJobStatus | null): void;
  onDismiss(): void;
}

const POLL_MS = 1000;

/** One ingestion job, polled about every second until it ends, with a row per file. */
export function JobProgress({ jobId, onFinished, onDismiss }: Props) {
  const { data: job, error } = useSWR<IngestionJobStatus>(jobStatusUrl(jobId), jsonFetcher, {
    refreshInterval: (latest) => (latest?.is_terminal ? 0 : POLL_MS),
    revalidateOnFocus: false,
  });
  const gone = error instanceof ApiError && error.status === 404;
  const finished = Boolean(job?.is_terminal) || gone;

  // Report the end exactly once, even if SWR re-renders with the same terminal data.
  const reported = useRef(false);
  useEffect(() => {
    if (finished && !reported.current) {
      reported.current = true;
      onFinished(gone ? null : (job ?? null));
    }
  }, [finished, gone, job, onFinished]);

  if (gone) return null;

  const failedFiles = job?.file_details.filter((f) => f.status === "failed").length ?? 0;
  return (
    <li
      className="rounded-lg border border-slate-200 p-3 dark:border-slate-800"
      data-testid="job"
      data-job-id={jobId}
      data-job-status={job?.status ?? "loading"}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold">Ingestion job</h3>
        {job && <StatusBadge status={job.status} />}
        <span className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {job ? summary(job, failedFiles) : "Checking status…"}
        </span>
        {finished && (
          <Button size="sm" variant="ghost" className="ml-auto" onClick={onDismiss} aria-label="Dismiss this job">
            Dismiss
          </Button>
        )}
      </div>
      {error && !gone && (
        <p className="mt-1 text-sm text-red-700 dark:text-red-300">Status unavailable: {errorMessage(error)} (retrying)</p>
      )}
      {job && (
        <>
          <div className="mt-2">
            <ProgressBar value={job.progress_percent} label="Job progress" tone={barTone(job, failedFiles)} />
          </div>
          <ul className="mt-3 divide-y divide-slate-100 text-sm dark:divide-slate-800">
            {job.file_details.map((file) => (
              <li
                key={file.file_id || file.file_name}
                className="grid gap-1 py-2 sm:grid-cols-[minmax(0,1fr)_7rem_8rem] sm:items-center sm:gap-3"
                data-testid="job-file"
                data-file-name={file.file_name}
                data-status={file.status}
              >
                <span className="min-w-0 truncate font-medium" title={file.file_name}>
                  {file.file_name}
                </span>
                <span>
                  <StatusBadge status={file.status} />
                </span>
                <span className="text-slate-600 tabular-nums dark:text-slate-400">
                  {file.status === "success" ? (
                    `${file.chunks_created} chunk${file.chunks_created === 1 ? "" : "s"}`
                  ) : file.status === "failed" ? (
                    ""
                  ) : (
                    <ProgressBar value={file.progress_percent} label={`Progress of ${file.file_name}`} />
                  )}
                </span>
                {file.error_message && <span className="text-red-700 sm:col-span-3 dark:text-red-300">{file.error_message}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </li>
  );
}

function barTone(job: IngestionJobStatus, failedFiles: number) {
  if (!job.is_terminal) return "indigo";
  if (job.status === "failed" || failedFiles === job.total_files) return "red";
  return failedFiles ? "amber" : "green";
}

function summary(job: IngestionJobStatus, failedFiles: number): string {
  const counts = `${job.processed_files} of ${job.total_files} files processed`;
  if (!job.is_terminal) return counts;
  if (job.status === "failed") return job.error_message ?? "The job failed";
  return failedFiles ? `${counts}, ${failedFiles} failed` : `${counts}`;
}
