"use client";

import { useCallback } from "react";
import { useDropzone } from "react-dropzone";
import { Button } from "@/components/ui/Button";
import { ProgressBar } from "@/components/ui/ProgressBar";
import { formatBytes } from "@/components/ui/format";
import type { RejectedFile, UploadLimits } from "./upload";
import { useFileUploads, type Upload } from "./useFileUploads";
import { StrokeIcon } from "@/components/ui/StrokeIcon";

interface Props {
  collection: string;
  limits: UploadLimits;
  onJobStarted(jobId: string): void;
}

/** Drop (or browse for) many files: check them, upload with a progress bar, hand over the job. */
export function UploadDropzone({ collection, limits, onJobStarted }: Props) {
  const { uploads, rejected, clearRejected, drop, retry, dismiss } = useFileUploads(limits, onJobStarted);
  const onDrop = useCallback((files: File[]) => drop(collection, files), [drop, collection]);

  // Validation is ours (same messages for dropped and browsed files); the zone only collects files.
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({ onDrop, noClick: true, noKeyboard: true, multiple: true });

  return (
    <section aria-labelledby="upload-heading" className="space-y-3">
      <h2 id="upload-heading" className="text-lg font-semibold">
        Upload files
      </h2>
      <div
        {...getRootProps({ onClick: open })}
        data-testid="dropzone"
        className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors ${
          isDragActive
            ? "border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950/40"
            : "border-slate-300 hover:border-slate-400 dark:border-slate-700 dark:hover:border-slate-500"
        }`}
      >
        <input {...getInputProps()} accept={limits.supportedExtensions.join(",")} aria-label="Choose files to upload" />
        <UploadIcon />
        <p className="text-sm font-medium">{isDragActive ? "Drop the files to upload them" : "Drag and drop files here"}</p>
        <Button
          size="sm"
          onClick={(e) => {
            e.stopPropagation();
            open();
          }}
        >
          Browse files
        </Button>
        <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="accepted-types">
          {limits.supportedFormats ?? limits.supportedExtensions.join(", ")} · up to {formatBytes(limits.maxUploadBytes)} per{" "}
          {limits.directUploads ? "file" : "upload"}
        </p>
        {limits.supportedFormats && (
          <p className="text-xs text-slate-600 dark:text-slate-400">Text in images and scanned PDFs is read by OCR.</p>
        )}
      </div>

      <RejectedFiles files={rejected} onDismiss={clearRejected} />

      {uploads.length > 0 && (
        <ul className="space-y-2" aria-label="Uploads in progress">
          {uploads.map((u) => (
            <UploadRow key={u.id} upload={u} onRetry={() => retry(u)} onDismiss={() => dismiss(u.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Files refused before upload, each with why. */
export function RejectedFiles({ files, onDismiss }: { files: RejectedFile[]; onDismiss(): void }) {
  if (!files.length) return null;
  return (
    <div
      role="alert"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="font-medium">Not uploaded:</p>
        <Button size="sm" variant="ghost" onClick={onDismiss} aria-label="Dismiss the list of files not uploaded">
          Dismiss
        </Button>
      </div>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {files.map((r, i) => (
          <li key={`${r.name}-${i}`}>
            <span className="font-medium">{r.name}</span>: {r.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function UploadRow({ upload, onRetry, onDismiss }: { upload: Upload; onRetry(): void; onDismiss(): void }) {
  const pct = upload.total ? (upload.loaded / upload.total) * 100 : 0;
  const names = upload.files.map((f) => f.name).join(", ");
  return (
    <li className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800" data-testid="upload-row">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 truncate" title={names}>
          Uploading {upload.files.length === 1 ? names : `${upload.files.length} files`}
        </span>
        <span className="tabular-nums text-slate-600 dark:text-slate-400">
          {upload.error ? "failed" : `${formatBytes(upload.loaded)} of ${formatBytes(upload.total)}`}
        </span>
      </div>
      {upload.error ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-red-800 dark:text-red-200">
          <span className="flex-1">{upload.error}</span>
          <Button size="sm" onClick={onRetry}>
            Retry
          </Button>
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            Dismiss
          </Button>
        </div>
      ) : (
        <ProgressBar value={pct} label={`Upload of ${names}`} />
      )}
    </li>
  );
}

function UploadIcon() {
  return (
    <StrokeIcon className="h-8 w-8 text-slate-500 dark:text-slate-400" strokeWidth={1.75}>
      <path d="M12 16V4M7 9l5-5 5 5" />
      <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
    </StrokeIcon>
  );
}
