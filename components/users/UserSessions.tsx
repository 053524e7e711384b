"use client";

import { useState } from "react";
import useSWR from "swr";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { formatDateTime } from "@/components/ui/format";
import { errorMessage, jsonFetcher } from "@/components/ui/http";
import { useAction } from "@/components/ui/useAction";
import { endAllSessions, endSession, sessionsUrl, type SessionsResponse } from "./api";

/** A person's signed-in browsers: when each signed in and was last active, from where; end one or all. */
export function UserSessions({ userId, email, onChanged }: { userId: string; email: string; onChanged(): void }) {
  const sessions = useSWR<SessionsResponse>(sessionsUrl(userId), jsonFetcher);
  const ending = useAction();
  const [confirmingAll, setConfirmingAll] = useState(false);

  const end = (action: () => Promise<unknown>) =>
    ending.run(async () => {
      await action();
      setConfirmingAll(false);
      await sessions.mutate();
      onChanged();
    });

  if (sessions.error)
    return <ErrorNotice message={`Could not load the sessions: ${errorMessage(sessions.error)}`} onRetry={() => sessions.mutate()} />;
  if (!sessions.data) return <p className="text-sm text-slate-600 dark:text-slate-400">Loading sessions…</p>;
  const list = sessions.data.sessions;
  return (
    <div className="space-y-2 rounded-md bg-slate-50 p-3 dark:bg-slate-900">
      {list.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Not signed in anywhere.</p>
      ) : (
        <ul aria-label={`Sessions of ${email}`} className="divide-y divide-slate-200 dark:divide-slate-800">
          {list.map((s) => (
            <li
              key={s.id}
              aria-label={`Session from ${s.ip_address ?? "an unknown address"}`}
              className="flex flex-wrap items-center gap-3 py-2"
            >
              <div className="min-w-0 flex-1 text-sm">
                <div className="truncate font-medium" title={s.user_agent ?? undefined}>
                  {s.user_agent ?? "Unknown browser"}
                </div>
                <div className="text-xs text-slate-600 dark:text-slate-400">
                  {s.ip_address ?? "address unknown"} · signed in {formatDateTime(s.created_at)} · last active{" "}
                  {formatDateTime(s.last_active_at)}
                </div>
              </div>
              <Button size="sm" variant="secondary" disabled={ending.busy} onClick={() => void end(() => endSession(userId, s.id))}>
                End session
              </Button>
            </li>
          ))}
        </ul>
      )}
      {list.length > 1 && (
        <Button size="sm" variant="secondary" disabled={ending.busy} onClick={() => setConfirmingAll(true)}>
          End all sessions
        </Button>
      )}
      {ending.error && !confirmingAll && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {ending.error}
        </p>
      )}
      <ConfirmDialog
        open={confirmingAll}
        title={`End every session of ${email}?`}
        confirmLabel="End all sessions"
        busy={ending.busy}
        error={ending.error}
        onConfirm={() => void end(() => endAllSessions(userId))}
        onCancel={() => {
          setConfirmingAll(false);
          ending.setError(null);
        }}
      >
        <p>Each of their browsers is signed out at its next request. Their API keys keep working; they can sign in again.</p>
      </ConfirmDialog>
    </div>
  );
}
