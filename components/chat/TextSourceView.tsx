"use client";

import { useEffect, useRef } from "react";
import useSWR from "swr";
import { Spinner } from "@/components/ui/Spinner";
import { ApiError, errorFromResponse, errorMessage } from "@/components/ui/http";
import { findPassage, markdownBlocksAround } from "./passage";
import { SanitizedMarkdown } from "./SanitizedMarkdown";

const fetchText = async (url: string) => {
  const response = await fetch(url);
  if (!response.ok) throw await errorFromResponse(response);
  return response.text();
};

/** A text original shown as plain text, a Markdown one rendered; the cited passage highlighted and scrolled to. */
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
      {isMarkdown(fileName) ? (
        <MarkdownSource text={text} range={range} fileName={fileName} markRef={markRef} />
      ) : (
        <PlainSource text={text} range={range} fileName={fileName} markRef={markRef} />
      )}
    </div>
  );
}

const isMarkdown = (fileName: string) => /\.(md|markdown|mdx?)$/i.test(fileName);

/**
 * A Markdown original rendered (sanitised, as answers are). The blocks holding the passage are
 * rendered apart, highlighted: splitting between blocks keeps each part valid Markdown.
 */
function MarkdownSource({ text, range, fileName, markRef }: SourceProps) {
  const blocks = range ? markdownBlocksAround(text, range) : null;
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={`Contents of ${fileName}`}
      className="prose-answer max-h-[70vh] overflow-auto rounded-md border border-slate-200 bg-white p-3 text-sm dark:border-slate-700 dark:bg-slate-950"
      data-testid="markdown-source"
    >
      {blocks ? (
        <>
          <SanitizedMarkdown markdown={text.slice(0, blocks.start)} />
          <div
            ref={markRef as React.RefObject<HTMLDivElement | null>}
            className="rounded-sm bg-yellow-100 px-1 text-slate-900 ring-2 ring-yellow-300 dark:bg-yellow-200"
            data-testid="source-highlight"
          >
            <span className="sr-only">Cited passage: </span>
            <SanitizedMarkdown markdown={text.slice(blocks.start, blocks.end)} />
          </div>
          <SanitizedMarkdown markdown={text.slice(blocks.end)} />
        </>
      ) : (
        <SanitizedMarkdown markdown={text} />
      )}
    </div>
  );
}

interface SourceProps {
  text: string;
  range: { start: number; end: number } | null;
  fileName: string;
  markRef: React.RefObject<HTMLElement | null>;
}

function PlainSource({ text, range, fileName, markRef }: SourceProps) {
  return (
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
  );
}
