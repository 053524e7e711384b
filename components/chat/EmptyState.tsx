"use client";

import Link from "next/link";
import useSWR from "swr";
import { jsonFetcher } from "@/components/ui/http";

interface Props {
  /** Selected collection names; empty means all. */
  collections: string[];
  hasDocuments: boolean | undefined;
  /** Only an admin can add documents; others are told who can. */
  admin: boolean;
  onAsk(question: string): void;
}

/** First screen of a chat: example questions drawn from the selected collections' documents. */
export function EmptyState({ collections, hasDocuments, admin, onAsk }: Props) {
  const url = `/api/suggestions${collections.length ? `?collections=${encodeURIComponent(collections.join(","))}` : ""}`;
  const { data, isLoading } = useSWR<{ questions: string[] }>(hasDocuments ? url : null, jsonFetcher);

  return (
    <div className="flex flex-col items-center py-10 text-center sm:py-16">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Chat with your documents</h1>
      <p className="mt-2 max-w-md text-slate-600 dark:text-slate-300">
        Ask a question; the answer cites the passages it comes from, and you can open each one to check it.
      </p>
      {hasDocuments === false && (
        <p className="mt-6 rounded-lg border border-dashed border-slate-300 px-4 py-3 text-sm dark:border-slate-700">
          There are no documents yet.{" "}
          {admin ? (
            <>
              <Link href="/collections" className="font-medium text-indigo-700 underline dark:text-indigo-300">
                Create a collection and upload files
              </Link>{" "}
              to get started.
            </>
          ) : (
            "An administrator adds them; once they have, ask away here."
          )}
        </p>
      )}
      {hasDocuments && (
        <section aria-labelledby="examples-heading" className="mt-8 w-full max-w-2xl">
          <h2 id="examples-heading" className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
            Try asking
          </h2>
          {isLoading ? (
            <div role="status" aria-label="Loading example questions" className="grid gap-2 sm:grid-cols-2">
              {[0, 1, 2, 3].map((i) => (
                <div key={i} className="h-14 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800" />
              ))}
            </div>
          ) : data?.questions.length ? (
            <ul className="grid gap-2 sm:grid-cols-2">
              {data.questions.map((q) => (
                <li key={q}>
                  <button
                    type="button"
                    onClick={() => onAsk(q)}
                    className="h-full w-full rounded-lg border border-slate-200 bg-white px-4 py-3 text-left text-sm hover:border-indigo-400 hover:bg-indigo-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-indigo-950"
                  >
                    {q}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">Ask anything about the documents in the selected collections.</p>
          )}
        </section>
      )}
    </div>
  );
}
