"use client";

import { useCallback, useState } from "react";
import { errorMessage } from "@/components/ui/http";
import { batchBySize, MAX_DIRECT_FILES, rejectionReason, uploadFiles, type RejectedFile, type UploadLimits } from "./upload";

export interface Upload {
  id: number;
  collection: string;
  files: File[];
  loaded: number;
  total: number;
  error?: string;
}

let nextUploadId = 1;

/**
 * Files going up to collections: checked against the server's limits (refused ones listed with
 * why), sent in batches the server accepts, each with its progress; a started job is handed over.
 */
export function useFileUploads(limits: UploadLimits, onJobStarted: (jobId: string, collection: string) => void) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [rejected, setRejected] = useState<RejectedFile[]>([]);

  const start = useCallback(
    (collection: string, files: File[]) => {
      const id = nextUploadId++;
      const total = files.reduce((sum, f) => sum + f.size, 0);
      setUploads((list) => [...list, { id, collection, files, loaded: 0, total }]);
      const { done } = uploadFiles(
        collection,
        files,
        (loaded, t) => setUploads((list) => list.map((u) => (u.id === id ? { ...u, loaded, total: t } : u))),
        { direct: limits.directUploads },
      );
      done.then(
        ({ job_id }) => {
          onJobStarted(job_id, collection);
          setUploads((list) => list.filter((u) => u.id !== id));
        },
        (error) => setUploads((list) => list.map((u) => (u.id === id ? { ...u, error: errorMessage(error) } : u))),
      );
    },
    [limits.directUploads, onJobStarted],
  );

  const drop = useCallback(
    (collection: string, dropped: File[]) => {
      const refused: RejectedFile[] = [];
      const accepted = dropped.filter((file) => {
        const reason = rejectionReason(file, limits);
        if (reason) refused.push({ name: file.name, reason });
        return !reason;
      });
      setRejected(refused);
      // Direct uploads are limited per file (each has its own request), others per request.
      const batches = limits.directUploads
        ? batchBySize(accepted, Infinity, MAX_DIRECT_FILES)
        : batchBySize(accepted, limits.maxUploadBytes);
      for (const batch of batches) start(collection, batch);
    },
    [limits, start],
  );

  const dismiss = useCallback((id: number) => setUploads((list) => list.filter((u) => u.id !== id)), []);
  const retry = useCallback(
    (upload: Upload) => {
      dismiss(upload.id);
      start(upload.collection, upload.files);
    },
    [dismiss, start],
  );
  const clearRejected = useCallback(() => setRejected([]), []);

  return { uploads, rejected, clearRejected, drop, retry, dismiss };
}
