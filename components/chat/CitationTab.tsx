"use client";

import { useState } from "react";
import { buttonClass } from "@/components/ui/Button";
import { highlightTargets, quotedSentences } from "./passage";
import { PdfPageView } from "./PdfPageView";
import { SourceContent, isRichSource } from "./SourceContent";
import { TextSourceView } from "./TextSourceView";
import type { ChatContext, CitationSource } from "./types";

/** Originals shown as text with the passage highlighted; other files (Office, HTML, images) show their passages. */
const TEXT_ORIGINAL = /\.(?:txt|md|markdown|json|csv|tsv|tab)$/i;

/** "Slide 3", "Sheet Budget", "Page 4", or null. */
function pageLabel(source: CitationSource | undefined): string | null {
  if (source?.locator) return source.locator.charAt(0).toUpperCase() + source.locator.slice(1);
  return source?.page ? `Page ${source.page}` : null;
}

/**
 * The cited source itself: a PDF at the cited page, a table as a table, an image as the picture,
 * a text file with the passage highlighted, other files' passages, or an external link.
 */
export function CitationTab({ citation, context, answer = "" }: { citation: string; context?: Partial<ChatContext>; answer?: string }) {
  const sources = context?.data_points?.sources?.filter((s) => s.id === citation) ?? [];
  // Older answers may carry only "id: text" data points.
  const passages = sources.length
    ? sources.map((s) => s.content)
    : (context?.data_points?.text ?? []).filter((t) => t.startsWith(`${citation}: `)).map((t) => t.slice(citation.length + 2));
  // What the viewer marks: the sentences the answer quotes from this source, found in its passages.
  const marked = highlightTargets(passages, quotedSentences(answer, citation));
  const source = sources[0];
  const url = source?.url ?? null;
  const external = url !== null && /^https?:\/\//.test(url);
  const originalUrl = url && !external ? url.replace(/#.*$/, "") : null;
  const rich = sources.length > 0 && sources.every(isRichSource);
  const isPdf = Boolean(source && originalUrl && /\.pdf$/i.test(source.file_name));
  const isText = Boolean(source && originalUrl && TEXT_ORIGINAL.test(source.file_name));
  // Set when the viewer finds the original gone: the answer outlived its document.
  const [goneUrl, setGoneUrl] = useState<string | null>(null);
  const gone = goneUrl !== null && goneUrl === originalUrl;
  const markGone = () => setGoneUrl(originalUrl);

  return (
    <div className="space-y-4" data-testid="citation-tab" data-citation={citation}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-words font-semibold">{source?.file_name ?? citation}</h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {[pageLabel(source), source?.collection ? `Collection ${source.collection}` : null].filter(Boolean).join(" · ") || citation}
          </p>
        </div>
        {url && !gone && (
          <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary", "sm")}>
            Open original<span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </div>

      {gone ? (
        <Passages passages={passages} note="The document has been deleted since this answer; the cited passage was kept with it." />
      ) : rich ? (
        <section aria-label="Cited passage" className="space-y-3">
          {sources.map((s, i) => (
            <SourceContent key={i} source={s} />
          ))}
        </section>
      ) : isPdf && source && originalUrl ? (
        <>
          <PdfPageView url={originalUrl} page={source.page ?? 1} fileName={source.file_name} passages={marked} onGone={markGone} />
          <Passages passages={passages} />
        </>
      ) : isText && originalUrl && source ? (
        <TextSourceView
          url={originalUrl}
          fileName={source.file_name}
          passage={marked[0] ?? ""}
          fallback={<Passages passages={passages} />}
          onGone={markGone}
        />
      ) : (
        <Passages passages={passages} note={external ? "From an external source; open the original to read it in full." : undefined} />
      )}
    </div>
  );
}

function Passages({ passages, note }: { passages: string[]; note?: string }) {
  if (!passages.length) return <p className="text-sm text-slate-600 dark:text-slate-400">No passage text was kept for this citation.</p>;
  return (
    <section aria-label="Cited passage" className="space-y-2">
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
        Cited passage{passages.length > 1 ? "s" : ""}
      </h4>
      {passages.map((p, i) => (
        <blockquote
          key={i}
          className="whitespace-pre-wrap break-words rounded-md border-l-4 border-yellow-400 bg-yellow-50 px-3 py-2 text-sm text-slate-900 dark:bg-yellow-950/40 dark:text-slate-100"
        >
          {p}
        </blockquote>
      ))}
      {note && <p className="text-xs text-slate-600 dark:text-slate-400">{note}</p>}
    </section>
  );
}
