"use client";

import { useCallback, useMemo, useSyncExternalStore } from "react";

/**
 * Ingestion jobs started from this browser, remembered per collection in localStorage so a
 * running job is shown again after navigating away and back. A job is forgotten once it ends.
 */
const keyFor = (collection: string) => `docchat.jobs.${collection}`;
const CHANGE_EVENT = "docchat:tracked-jobs";

function read(collection: string): string {
  try {
    return localStorage.getItem(keyFor(collection)) ?? "[]";
  } catch {
    return "[]";
  }
}

function write(collection: string, jobIds: string[]) {
  try {
    if (jobIds.length) localStorage.setItem(keyFor(collection), JSON.stringify(jobIds));
    else localStorage.removeItem(keyFor(collection));
  } catch {
    // Storage unavailable: tracking lasts for this page only.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(listener: () => void) {
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener("storage", listener); // other tabs
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener("storage", listener);
  };
}

function parse(raw: string): string[] {
  try {
    const value = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

export function useTrackedJobs(collection: string) {
  const raw = useSyncExternalStore(
    subscribe,
    () => read(collection),
    () => "[]",
  );
  const jobIds = useMemo(() => parse(raw), [raw]);
  const track = useCallback(
    (jobId: string) => write(collection, [...parse(read(collection)).filter((id) => id !== jobId), jobId]),
    [collection],
  );
  const forget = useCallback(
    (jobId: string) =>
      write(
        collection,
        parse(read(collection)).filter((id) => id !== jobId),
      ),
    [collection],
  );
  return { jobIds, track, forget };
}
