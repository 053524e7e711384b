"use client";

import useSWR from "swr";
import type { PolymathSettingsResponse } from "@/lib/polymath/admin-view";
import { AdminTokenPrompt } from "@/components/eri/AdminTokenPrompt";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { ApiError, errorMessage, jsonFetcher } from "@/components/ui/http";
import { SETTINGS_URL } from "./api";
import { PublishSection } from "./PublishSection";
import { TokensSection } from "./TokensSection";

/** /settings/polymath: this app as a Polymath library host — what it publishes, and who sees tagged files. */
export function PolymathSettings() {
  const settings = useSWR<PolymathSettingsResponse>(SETTINGS_URL, jsonFetcher);
  const needsToken = settings.error instanceof ApiError && settings.error.status === 401;

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-6 sm:px-6 sm:py-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Polymath settings</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-300">
          Polymath clients ask a library host for the passages (“bits”) closest to a query, within a token budget. This app is one: choose
          the collections it publishes, and give access tokens to people who may also see files carrying an access tag.
        </p>
      </div>
      {needsToken ? (
        <AdminTokenPrompt onSaved={() => settings.mutate()} />
      ) : settings.error ? (
        <ErrorNotice message={`Could not load the Polymath settings: ${errorMessage(settings.error)}`} onRetry={() => settings.mutate()} />
      ) : settings.data ? (
        <>
          <PublishSection data={settings.data} onSaved={(next) => settings.mutate(next, { revalidate: false })} />
          <hr className="border-slate-200 dark:border-slate-800" />
          <TokensSection data={settings.data} onChanged={() => settings.mutate()} />
        </>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading settings…</p>
      )}
    </div>
  );
}
