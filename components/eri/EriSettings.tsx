"use client";

import useSWR from "swr";
import type { ServerSettingsResponse } from "@/lib/eri/server/admin-view";
import type { EriSourceView } from "@/lib/eri/source-schemas";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { ApiError, errorMessage, jsonFetcher } from "@/components/ui/http";
import { AdminTokenPrompt } from "./AdminTokenPrompt";
import { SERVER_URL, SOURCES_URL } from "./api";
import { ServerSection } from "./ServerSection";
import { SourcesSection } from "./SourcesSection";

/** /settings/eri: remote ERI sources, and this app's own ERI server. */
export function EriSettings() {
  const sources = useSWR<EriSourceView[]>(SOURCES_URL, jsonFetcher);
  const server = useSWR<ServerSettingsResponse>(SERVER_URL, jsonFetcher);
  const needsToken = [sources.error, server.error].some((e) => e instanceof ApiError && e.status === 401);

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-6 sm:px-6 sm:py-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">ERI settings</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-300">
          ERI (External Retrieval Interface) v1 connects knowledge bases and chat tools such as AI Studio: search other ERI servers from
          chat, and let ERI clients search your collections.
        </p>
      </div>

      {needsToken ? (
        <AdminTokenPrompt
          onSaved={() => {
            sources.mutate();
            server.mutate();
          }}
        />
      ) : (
        <>
          {sources.error ? (
            <ErrorNotice message={`Could not load ERI sources: ${errorMessage(sources.error)}`} onRetry={() => sources.mutate()} />
          ) : (
            <SourcesSection sources={sources.data} loading={sources.isLoading} onChanged={() => sources.mutate()} />
          )}
          <hr className="border-slate-200 dark:border-slate-800" />
          {server.error ? (
            <ErrorNotice
              message={`Could not load the ERI server settings: ${errorMessage(server.error)}`}
              onRetry={() => server.mutate()}
            />
          ) : server.data ? (
            <ServerSection data={server.data} onSaved={(next) => server.mutate(next, { revalidate: false })} />
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">Loading server settings…</p>
          )}
        </>
      )}
    </div>
  );
}
