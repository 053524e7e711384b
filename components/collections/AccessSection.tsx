"use client";

import { useId } from "react";
import useSWR from "swr";
import type { UserView } from "@/lib/auth/users";
import { Pill, inputClass } from "@/components/eri/fields";
import { Button } from "@/components/ui/Button";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { errorMessage, jsonFetcher } from "@/components/ui/http";
import { useAction } from "@/components/ui/useAction";
import type { UsersResponse } from "@/components/users/api";
import { USERS_URL } from "@/components/users/api";
import { accessUrl, INTEGRATION_SCOPES, saveGrants, sameSubject, type Grant, type GrantsResponse } from "./access-api";
import { GrantForm } from "./GrantForm";

/**
 * Who may read or edit this collection, changed in place (each change is saved at once). No
 * grants: every reader sees it; any grant: only its grantees (and admins) do.
 */
export function AccessSection({ name }: { name: string }) {
  const id = useId();
  const access = useSWR<GrantsResponse>(accessUrl(name), jsonFetcher);
  // People to pick from; without accounts (or without the list) ids are typed instead.
  const users = useSWR<UsersResponse>(USERS_URL, jsonFetcher, { shouldRetryOnError: false });
  const saving = useAction();
  const grants = access.data?.grants ?? [];

  const save = (next: Grant[]) =>
    saving.run(async () => {
      await access.mutate(await saveGrants(name, next), { revalidate: false });
    });

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Access
      </h2>
      {access.error ? (
        <ErrorNotice
          message={`Could not load who may read this collection: ${errorMessage(access.error)}`}
          onRetry={() => access.mutate()}
        />
      ) : !access.data ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading access…</p>
      ) : (
        <>
          <p className="max-w-3xl text-sm text-slate-600 dark:text-slate-300" data-testid="access-summary">
            {grants.length === 0
              ? "Open to every reader: no one is granted access in particular. Grant it to a group, a person or an integration and only they (and admins) will see it."
              : "Only those listed here (and admins) see this collection, in chat and over every protocol. “May edit” lets editors manage its files too."}
          </p>
          {grants.length > 0 && (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
              {grants.map((g, index) => {
                const label = subjectLabel(g, users.data?.users);
                return (
                  <li key={`${g.subject_type}:${g.subject_id}`} aria-label={label} className="flex flex-wrap items-center gap-3 px-3 py-2">
                    <span className="min-w-0 flex-1">
                      <Pill tone="muted">{KIND[g.subject_type]}</Pill> <span className="font-medium">{label}</span>
                    </span>
                    <label className="sr-only" htmlFor={`${id}-grant-${index}`}>
                      Access of {label}
                    </label>
                    <div className="w-28 sm:w-36">
                      <select
                        id={`${id}-grant-${index}`}
                        className={inputClass}
                        value={g.access}
                        disabled={saving.busy}
                        onChange={(e) =>
                          save(grants.map((x) => (sameSubject(x, g) ? { ...x, access: e.target.value === "edit" ? "edit" : "read" } : x)))
                        }
                      >
                        <option value="read">May read</option>
                        <option value="edit">May edit</option>
                      </select>
                    </div>
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={saving.busy}
                      onClick={() => save(grants.filter((x) => !sameSubject(x, g)))}
                    >
                      Remove
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
          <GrantForm
            users={users.data?.users ?? null}
            busy={saving.busy}
            onGrant={(g) => save([...grants.filter((x) => !sameSubject(x, g)), g])}
          />
          {saving.error && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {saving.error}
            </p>
          )}
        </>
      )}
    </section>
  );
}

const KIND: Record<Grant["subject_type"], string> = { user: "Person", group: "Group", scope: "Integration", everyone: "Everyone" };

function subjectLabel(grant: Grant, users: UserView[] | undefined): string {
  if (grant.subject_type === "everyone") return "Every reader";
  if (grant.subject_type === "scope") return INTEGRATION_SCOPES.find((s) => s.id === grant.subject_id)?.label ?? grant.subject_id;
  if (grant.subject_type === "user") return users?.find((u) => u.id === grant.subject_id)?.email ?? grant.subject_id;
  return grant.subject_id;
}
