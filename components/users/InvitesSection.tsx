"use client";

import { useId, useState } from "react";
import useSWR from "swr";
import { Field, Pill, TextInput, inputClass } from "@/components/eri/fields";
import { Button } from "@/components/ui/Button";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { formatDateTime } from "@/components/ui/format";
import { errorMessage, fetchJson, jsonFetcher } from "@/components/ui/http";
import { SecretShownOnce } from "@/components/ui/SecretShownOnce";
import { useAction } from "@/components/ui/useAction";
import type { CreatedInvite, InviteView, NewInvite } from "@/lib/auth/invites";
import { asRole, ROLES } from "@/lib/security/roles";
import { ROLE_LABELS, splitGroups } from "./api";

const INVITES_URL = "/api/invites";
const EMPTY = { role: "user", groups: "", email: "", days: "7" };
const TONES = { pending: "ok", used: "muted", expired: "muted", revoked: "muted" } as const;

/** Invite links: an admin picks role, groups and expiry and passes the link (shown once) on; it works once. */
export function InvitesSection({ onAccepted }: { onAccepted(): void }) {
  const id = useId();
  const invites = useSWR<{ invites: InviteView[] }>(INVITES_URL, jsonFetcher);
  const [form, setForm] = useState(EMPTY);
  const [link, setLink] = useState<string | null>(null);
  const creating = useAction();
  const withdrawing = useAction();
  const set = (key: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setLink(null);
    await creating.run(async () => {
      const body: NewInvite = {
        role: asRole(form.role),
        groups: splitGroups(form.groups),
        expires_in_days: Number(form.days),
        ...(form.email.trim() ? { email: form.email.trim() } : {}),
      };
      const created = await fetchJson<CreatedInvite>(INVITES_URL, { method: "POST", body: JSON.stringify(body) });
      setLink(new URL(created.path, window.location.origin).toString());
      setForm(EMPTY);
      await invites.mutate();
      onAccepted();
    });
  }

  const withdraw = (inviteId: string) =>
    withdrawing.run(async () => {
      await fetchJson(`${INVITES_URL}/${encodeURIComponent(inviteId)}`, { method: "DELETE" });
      await invites.mutate();
    });

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Invite by link
      </h2>
      <form
        onSubmit={submit}
        aria-label="Invite someone"
        className="grid gap-4 rounded-lg border border-slate-200 p-4 md:grid-cols-2 dark:border-slate-800"
      >
        <Field id={`${id}-role`} label="Role">
          <select id={`${id}-role`} className={inputClass} value={form.role} onChange={set("role")}>
            {[...ROLES].reverse().map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r].name}: {ROLE_LABELS[r].does}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-groups`} label="Groups" hint="Separate several with commas.">
          <TextInput id={`${id}-groups`} hint value={form.groups} onChange={set("groups")} placeholder="e.g. hr, staff" />
        </Field>
        <Field id={`${id}-days`} label="Expires after">
          <select id={`${id}-days`} className={inputClass} value={form.days} onChange={set("days")}>
            {[1, 3, 7, 14, 30].map((d) => (
              <option key={d} value={d}>
                {d === 1 ? "1 day" : `${d} days`}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-email`} label="For e-mail (optional)" hint="Only this address can use the link.">
          <TextInput id={`${id}-email`} hint type="email" autoComplete="off" value={form.email} onChange={set("email")} maxLength={254} />
        </Field>
        <div className="md:col-span-2">
          <Button variant="primary" type="submit" disabled={creating.busy}>
            Create invite link
          </Button>
        </div>
        {creating.error && (
          <p role="alert" className="text-sm text-red-700 md:col-span-2 dark:text-red-300">
            {creating.error}
          </p>
        )}
        {link && (
          <div className="md:col-span-2">
            <SecretShownOnce
              message="Send this link to the person; it works once and is not shown again."
              secret={link}
              testId="invite-link"
            />
          </div>
        )}
      </form>
      {invites.error ? (
        <ErrorNotice message={`Could not load the invites: ${errorMessage(invites.error)}`} onRetry={() => invites.mutate()} />
      ) : invites.data?.invites.length ? (
        <ul
          aria-label="Invites"
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
        >
          {invites.data.invites.map((invite) => (
            <li key={invite.id} data-testid="invite" className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
              <Pill tone={TONES[invite.status]}>{invite.status}</Pill>
              <span className="min-w-0 flex-1">
                {ROLE_LABELS[invite.role].name}
                {invite.groups.length ? ` in ${invite.groups.join(", ")}` : ""}
                {invite.email ? ` for ${invite.email}` : ""}
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  {invite.status === "used"
                    ? `used by ${invite.used_by ?? "a removed account"} ${formatDateTime(invite.used_at)}`
                    : `created ${formatDateTime(invite.created_at)} · expires ${formatDateTime(invite.expires_at)}`}
                </span>
              </span>
              {invite.status === "pending" && (
                <Button size="sm" variant="ghost" disabled={withdrawing.busy} onClick={() => withdraw(invite.id)}>
                  Withdraw
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {withdrawing.error && <ErrorNotice message={withdrawing.error} />}
    </section>
  );
}
