"use client";

import { useState } from "react";
import useSWR from "swr";
import { buttonClass } from "@/components/ui/Button";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { formatDateTime } from "@/components/ui/format";
import { errorMessage, jsonFetcher } from "@/components/ui/http";
import type { FeedbackEntry } from "@/lib/feedback/schemas";

type Filter = "all" | "up" | "down";
const query = (filter: Filter) => (filter === "all" ? "" : `?rating=${filter}`);

/** Admins: readers' verdicts on answers, with the question, the answer and the passages it cited; export as an evaluation set. */
export function FeedbackReview() {
  const [filter, setFilter] = useState<Filter>("all");
  const { data, error, isLoading, mutate } = useSWR<FeedbackEntry[]>(`/api/feedback${query(filter)}`, jsonFetcher);

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Answer feedback</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-300">
          What readers said about answers (thumbs up or down, with a comment when they left one). Export them as an evaluation set: one JSON
          line per question with the citations the answer gave, the format of <code className="font-mono">scripts/eval-data</code>.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label className="text-sm">
          Show{" "}
          <select
            value={filter}
            onChange={(e) => setFilter(e.target.value as Filter)}
            className="ml-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
          >
            <option value="all">All ratings</option>
            <option value="up">Good answers</option>
            <option value="down">Bad answers</option>
          </select>
        </label>
        <a href={`/api/feedback/export${query(filter)}`} download className={buttonClass("secondary", "sm")}>
          Export as evaluation set (JSONL)
        </a>
      </div>
      {error && <ErrorNotice message={`Could not load feedback: ${errorMessage(error)}`} onRetry={() => mutate()} />}
      {isLoading && <p className="text-sm text-slate-600 dark:text-slate-400">Loading feedback…</p>}
      {data && data.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">No feedback yet: ratings appear here once readers give them.</p>
      )}
      <ul className="space-y-4">
        {data?.map((entry) => (
          <li key={entry.message_id} data-testid="feedback-entry" className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span
                className={`rounded px-1.5 py-0.5 text-xs font-semibold ${
                  entry.rating === "up"
                    ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
                    : "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200"
                }`}
              >
                {entry.rating === "up" ? "Good answer" : "Bad answer"}
              </span>
              <h2 className="min-w-0 flex-1 font-medium break-words">{entry.question || "(question not found)"}</h2>
              <time dateTime={entry.created_at} className="text-xs text-slate-600 dark:text-slate-400">
                {formatDateTime(entry.created_at)}
              </time>
            </div>
            {entry.comment && <p className="mt-2 rounded bg-slate-50 px-3 py-2 text-sm italic dark:bg-slate-900">“{entry.comment}”</p>}
            <details className="mt-2">
              <summary className="cursor-pointer text-sm text-indigo-700 dark:text-indigo-300">
                Answer and {entry.cited.length} cited passage{entry.cited.length === 1 ? "" : "s"}
              </summary>
              <p className="mt-2 whitespace-pre-wrap text-sm">{entry.answer}</p>
              <ol className="mt-2 space-y-2">
                {entry.cited.map((c) => (
                  <li key={c.citation} className="border-l-2 border-slate-300 pl-3 text-sm dark:border-slate-600">
                    <p className="font-medium">
                      {c.file_name}
                      {c.page ? `, page ${c.page}` : ""}
                    </p>
                    <p className="line-clamp-4 text-slate-700 dark:text-slate-300">{c.content}</p>
                  </li>
                ))}
              </ol>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
