"use client";

import { useId, useState } from "react";
import useSWR from "swr";
import { AdminTokenPrompt } from "@/components/eri/AdminTokenPrompt";
import { inputClass } from "@/components/eri/fields";
import { Button } from "@/components/ui/Button";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { formatDateTime } from "@/components/ui/format";
import { ApiError, errorMessage, jsonFetcher } from "@/components/ui/http";
import { AUDIT_ACTIONS, type AuditEventView } from "@/lib/security/audit-actions";

type AuditResponse = { events: AuditEventView[]; actors: { actor: string; actor_name: string }[] };

const PAGE = 100;

/** One line of particulars: `key: value` pairs, lists joined, objects as JSON. */
function describe(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(
      ([k, v]) =>
        `${k.replace(/_/g, " ")}: ${Array.isArray(v) && v.every((x) => typeof x === "string") ? v.join(", ") : typeof v === "object" ? JSON.stringify(v) : String(v)}`,
    )
    .join(" · ");
}

/** /settings/audit: who did what and when, newest first, filtered by person and action. */
export function AuditLog() {
  const id = useId();
  const [actor, setActor] = useState("");
  const [action, setAction] = useState("");
  const [limit, setLimit] = useState(PAGE);
  const params = new URLSearchParams({ limit: String(limit), ...(actor ? { actor } : {}), ...(action ? { action } : {}) });
  const trail = useSWR<AuditResponse>(`/api/audit?${params}`, jsonFetcher, { keepPreviousData: true });
  const needsToken = trail.error instanceof ApiError && trail.error.status === 401;
  const events = trail.data?.events ?? [];

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Audit</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-300">
          Who signed in and out, uploaded or deleted files, changed a collection&apos;s access or a setting, managed people, sessions,
          invitations and API keys, and when. Shared tokens appear as &ldquo;admin token&rdquo; or &ldquo;chat token&rdquo;; without
          accounts, the one local user as &ldquo;local&rdquo;.
        </p>
      </div>
      {needsToken ? (
        <AdminTokenPrompt onSaved={() => trail.mutate()} />
      ) : (
        <>
          <form aria-label="Filter the audit trail" className="flex flex-wrap items-end gap-4" onSubmit={(e) => e.preventDefault()}>
            <label htmlFor={`${id}-actor`} className="space-y-1 text-sm font-medium">
              <span className="block">Person</span>
              <select id={`${id}-actor`} className={inputClass} value={actor} onChange={(e) => (setActor(e.target.value), setLimit(PAGE))}>
                <option value="">Everyone</option>
                {(trail.data?.actors ?? []).map((a) => (
                  <option key={a.actor} value={a.actor}>
                    {a.actor_name}
                  </option>
                ))}
              </select>
            </label>
            <label htmlFor={`${id}-action`} className="space-y-1 text-sm font-medium">
              <span className="block">Action</span>
              <select
                id={`${id}-action`}
                className={inputClass}
                value={action}
                onChange={(e) => (setAction(e.target.value), setLimit(PAGE))}
              >
                <option value="">Every action</option>
                {AUDIT_ACTIONS.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </select>
            </label>
          </form>
          {trail.error ? (
            <ErrorNotice message={`Could not load the audit trail: ${errorMessage(trail.error)}`} onRetry={() => trail.mutate()} />
          ) : !trail.data ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">Loading the audit trail…</p>
          ) : events.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">Nothing recorded{actor || action ? " for this filter" : " yet"}.</p>
          ) : (
            <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Audit events, newest first</caption>
                <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      When
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Who
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Action
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      On
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Details
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                  {events.map((e) => (
                    <tr key={e.id} data-testid="audit-event">
                      <td className="whitespace-nowrap px-3 py-2 align-top">
                        <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                      </td>
                      <td className="px-3 py-2 align-top">
                        {e.actor_name}
                        {e.via === "api-key" && <span className="block text-xs text-slate-600 dark:text-slate-400">with an API key</span>}
                      </td>
                      <td className="px-3 py-2 align-top font-mono text-xs">{e.action}</td>
                      <td className="break-all px-3 py-2 align-top">{e.target ?? "—"}</td>
                      <td className="break-words px-3 py-2 align-top text-slate-600 dark:text-slate-300">{describe(e.details) || "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {events.length === limit && (
            <Button onClick={() => setLimit((n) => Math.min(n + PAGE, 500))} disabled={limit >= 500}>
              Show more
            </Button>
          )}
        </>
      )}
    </div>
  );
}
