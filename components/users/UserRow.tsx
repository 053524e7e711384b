"use client";

import { useId, useState } from "react";
import type { UserUpdate, UserView } from "@/lib/auth/users";
import { Pill, TextInput, inputClass } from "@/components/eri/fields";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { formatCount } from "@/components/ui/format";
import { useAction } from "@/components/ui/useAction";
import { asRole, ROLES } from "@/lib/security/roles";
import { ROLE_LABELS, splitGroups, updateUser } from "./api";
import { UserSessions } from "./UserSessions";

/** One account: its role and groups changed in place; disabling asks first (it ends their sessions and keys). */
export function UserRow({ user, onChanged }: { user: UserView; onChanged(): void }) {
  const id = useId();
  const [groups, setGroups] = useState(user.groups.join(", "));
  const [confirmingDisable, setConfirmingDisable] = useState(false);
  const [showingSessions, setShowingSessions] = useState(false);
  const saving = useAction();
  const groupsChanged = splitGroups(groups).join(",") !== user.groups.join(",");

  const save = (update: UserUpdate) =>
    saving.run(async () => {
      await updateUser(user.id, update);
      setConfirmingDisable(false);
      onChanged();
    });

  return (
    <li
      aria-label={`User ${user.email}`}
      className="grid gap-3 px-3 py-3 md:grid-cols-[minmax(0,1fr)_8rem_minmax(0,1fr)_auto] md:items-center"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2 font-medium">
          {user.name} {user.disabled && <Pill tone="error">Disabled</Pill>}
        </div>
        <div className="truncate text-sm text-slate-600 dark:text-slate-400">{user.email}</div>
        <div className="text-xs text-slate-600 dark:text-slate-400">
          <button
            type="button"
            className="underline decoration-dotted underline-offset-2 hover:text-slate-900 dark:hover:text-slate-100"
            aria-expanded={showingSessions}
            aria-controls={`${id}-sessions`}
            onClick={() => setShowingSessions((shown) => !shown)}
          >
            {formatCount(user.active_sessions, "session")}
          </button>{" "}
          · {formatCount(user.active_api_keys, "API key")}
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-role`} className="sr-only">
          Role of {user.email}
        </label>
        <select
          id={`${id}-role`}
          className={inputClass}
          value={user.role}
          disabled={saving.busy}
          onChange={(e) => save({ role: asRole(e.target.value) })}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r].name}
            </option>
          ))}
        </select>
      </div>
      <form
        className="flex items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void save({ groups: splitGroups(groups) });
        }}
      >
        <label htmlFor={`${id}-groups`} className="sr-only">
          Groups of {user.email}
        </label>
        <TextInput id={`${id}-groups`} value={groups} onChange={(e) => setGroups(e.target.value)} placeholder="no groups" />
        {groupsChanged && (
          <Button size="sm" variant="primary" type="submit" disabled={saving.busy}>
            Save
          </Button>
        )}
      </form>
      <div>
        {user.disabled ? (
          <Button size="sm" onClick={() => save({ disabled: false })} disabled={saving.busy}>
            Enable
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => setConfirmingDisable(true)}>
            Disable
          </Button>
        )}
      </div>
      {showingSessions && (
        <div id={`${id}-sessions`} className="md:col-span-4">
          <UserSessions userId={user.id} email={user.email} onChanged={onChanged} />
        </div>
      )}
      {saving.error && !confirmingDisable && (
        <p role="alert" className="text-sm text-red-700 md:col-span-4 dark:text-red-300">
          {saving.error}
        </p>
      )}
      <ConfirmDialog
        open={confirmingDisable}
        title={`Disable ${user.email}?`}
        confirmLabel="Disable user"
        busy={saving.busy}
        error={saving.error}
        onConfirm={() => save({ disabled: true })}
        onCancel={() => {
          setConfirmingDisable(false);
          saving.setError(null);
        }}
      >
        <p>Their sessions end at once, their API keys stop working, and they cannot sign in until enabled again.</p>
      </ConfirmDialog>
    </li>
  );
}
