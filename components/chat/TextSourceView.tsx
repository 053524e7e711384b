"use client";

import { useEffect, useRef } from "react";
import useSWR from "swr";
import { Spinner } from "@/components/ui/Spinner";
import { ApiError, errorFromResponse, errorMessage } from "@/components/ui/http";
import { findPassage } from "./passage";

const fetchText = async (url: string) => {
  const response = await fetch(url);
  if (!response.ok) throw await errorFromResponse(response);
  return response.text();
};

/** A text or Markdown original shown as plain text, the cited passage highlighted and scrolled to. */
interface Props {
  url: string;
  fileName: string;
  passage: string;
  /** Shown when the file cannot be loaded or the passage not located in it. */
  fallback: React.ReactNode;
  /** The original is gone (its document was deleted since the answer). */
  onGone: () => void;
}

export function TextSourceView({ url, fileName, passage, fallback, onGone }: Props) {
  const { data: text, error, isLoading } = useSWR(url, fetchText, { revalidateOnFocus: false });
  const markRef = useRef<HTMLElement>(null);
  const range = text ? findPassage(text, passage) : null;

  useEffect(() => {
    markRef.current?.scrollIntoView({ block: "center" });
  }, [text, range?.start]);
  const gone = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (gone) onGone();
  }, [gone, onGone]);

  if (isLoading) return <Spinner label="Opening the file…" />;
  if (error) {
    return (
      <div className="space-y-3">
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Could not open {fileName}: {errorMessage(error)}
        </p>
        {fallback}
      </div>
    );
  }
  if (text === undefined) return null;
  return (
    <div className="space-y-3" data-testid="text-source">
      {!range && (
        <>
          {fallback}
          <p className="text-xs text-slate-600 dark:text-slate-400">The passage could not be located in the file below.</p>
        </>
      )}
      <pre
        tabIndex={0}
        aria-label={`Contents of ${fileName}`}
        className="max-h-[70vh] overflow-auto whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-xs leading-relaxed dark:border-slate-700 dark:bg-slate-950"
      >
        {range ? (
          <>
            {text.slice(0, range.start)}
            <mark ref={markRef} className="rounded-sm bg-yellow-200 text-slate-900 dark:bg-yellow-300">
              {text.slice(range.start, range.end)}
            </mark>
            {text.slice(range.end)}
          </>
        ) : (
          text
        )}
      </pre>
    </div>
  );
}
