"use client";

import useSWR from "swr";
import { AdminTokenPrompt } from "@/components/eri/AdminTokenPrompt";
import { Pill } from "@/components/eri/fields";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { ApiError, errorMessage, jsonFetcher } from "@/components/ui/http";
import { USERS_URL, type UsersResponse } from "./api";
import { CreateUserForm } from "./CreateUserForm";
import { InvitesSection } from "./InvitesSection";
import { UserRow } from "./UserRow";

/** /settings/users: the people who may sign in, their role and groups; disabling one ends their sessions and keys. */
export function UsersSettings({ accountsOn }: { accountsOn: boolean }) {
  const users = useSWR<UsersResponse>(accountsOn ? USERS_URL : null, jsonFetcher);
  const needsToken = users.error instanceof ApiError && users.error.status === 401;
  const groups = new Map<string, number>();
  for (const user of users.data?.users ?? []) for (const g of user.groups) groups.set(g, (groups.get(g) ?? 0) + 1);

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-6 sm:px-6 sm:py-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Users</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-300">
          People sign in at /login with the e-mail and password you give them (or through single sign-on, which sets their groups). Admins
          manage everything; editors also manage the files of the collections they may edit; users chat with the collections they may read.
          A collection&apos;s page says which groups and people may read or edit it.
        </p>
      </div>
      {!accountsOn ? (
        <p className="max-w-3xl rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800">
          This app runs as one local user. Accounts come on when the server is protected: start it with <code>ADMIN_TOKEN</code> set.
        </p>
      ) : needsToken ? (
        <AdminTokenPrompt onSaved={() => users.mutate()} />
      ) : users.error ? (
        <ErrorNotice message={`Could not load the users: ${errorMessage(users.error)}`} onRetry={() => users.mutate()} />
      ) : !users.data ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading users…</p>
      ) : (
        <>
          <section aria-labelledby="people-heading" className="space-y-3">
            <h2 id="people-heading" className="text-lg font-semibold">
              People
            </h2>
            <p className="flex flex-wrap items-center gap-1 text-sm text-slate-600 dark:text-slate-400">
              Groups in use:{" "}
              {groups.size
                ? [...groups].map(([g, n]) => (
                    <Pill key={g} tone="muted">
                      {g} · {n}
                    </Pill>
                  ))
                : "none yet"}
            </p>
            {users.data.users.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">No accounts yet: create the first one below.</p>
            ) : (
              <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
                {users.data.users.map((u) => (
                  <UserRow key={u.id} user={u} onChanged={() => users.mutate()} />
                ))}
              </ul>
            )}
          </section>
          <InvitesSection onAccepted={() => users.mutate()} />
          <CreateUserForm onCreated={() => users.mutate()} />
        </>
      )}
    </div>
  );
}
