"use client";

import { useId, useState } from "react";
import useSWR from "swr";
import type { ApiKeyView } from "@/lib/auth/api-keys";
import { Field, Pill, TextInput, inputClass } from "@/components/eri/fields";
import { Button } from "@/components/ui/Button";
import { ErrorNotice } from "@/components/ui/ErrorNotice";
import { formatDateTime } from "@/components/ui/format";
import { errorMessage, jsonFetcher } from "@/components/ui/http";
import { RevokeDialog } from "@/components/ui/RevokeDialog";
import { SecretShownOnce } from "@/components/ui/SecretShownOnce";
import { useAction } from "@/components/ui/useAction";
import { createApiKey, KEYS_URL, revokeApiKey, type KeysResponse } from "./api";

const EXPIRIES = [
  { days: 7, label: "7 days" },
  { days: 30, label: "30 days" },
  { days: 90, label: "90 days" },
  { days: 365, label: "1 year" },
];

/** Personal API keys: each acts as this person for an API client; shown once, when created. */
export function ApiKeysSection() {
  const id = useId();
  const keys = useSWR<KeysResponse>(KEYS_URL, jsonFetcher);
  const [name, setName] = useState("");
  const [days, setDays] = useState(90);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const creating = useAction();
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);

  async function create(event: React.FormEvent) {
    event.preventDefault();
    await creating.run(async () => {
      const result = await createApiKey({ name: name.trim(), expires_in_days: days });
      setCreated({ name: result.record.name, key: result.key });
      setName("");
      await keys.mutate();
    });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          API keys
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-300">
          A script or API client sends a key as <code>Authorization: Bearer &lt;key&gt;</code> and then acts as you: it reads the
          collections you may read, and its chats are yours. Revoke a key you no longer use.
        </p>
      </div>

      {keys.error ? (
        <ErrorNotice message={`Could not load your API keys: ${errorMessage(keys.error)}`} onRetry={() => keys.mutate()} />
      ) : !keys.data ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading keys…</p>
      ) : keys.data.keys.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No API keys.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {keys.data.keys.map((k) => (
            <li key={k.id} aria-label={`API key ${k.name}`} className="flex flex-wrap items-center gap-3 px-3 py-2.5">
              <div className="min-w-0 flex-1">
                <div className="flex items-center gap-2 font-medium">
                  {k.name} <code className="text-xs font-normal text-slate-600 dark:text-slate-400">{k.prefix}…</code>
                  {k.expired && <Pill tone="warn">Expired</Pill>}
                </div>
                <div className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
                  Created {formatDateTime(k.created_at)} · {k.expired ? "expired" : "expires"} {formatDateTime(k.expires_at)} · last used{" "}
                  {k.last_used_at ? formatDateTime(k.last_used_at) : "never"}
                </div>
              </div>
              <Button size="sm" variant="secondary" onClick={() => setRevoking(k)}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}

      {created && (
        <SecretShownOnce
          message={`Key “${created.name}” created. Copy it now: it is stored hashed and not shown again.`}
          secret={created.key}
          testId="new-api-key"
        />
      )}

      <form
        onSubmit={create}
        aria-label="Create an API key"
        className="grid gap-4 rounded-lg border border-slate-200 p-4 md:grid-cols-[1fr_12rem_auto] md:items-start dark:border-slate-800"
      >
        <Field id={`${id}-name`} label="Key name" hint="Where you will use it, so you know which to revoke.">
          <TextInput
            id={`${id}-name`}
            hint
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            required
            placeholder="e.g. reporting script"
          />
        </Field>
        <Field id={`${id}-expiry`} label="Expires after">
          <select id={`${id}-expiry`} className={inputClass} value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {EXPIRIES.map((e) => (
              <option key={e.days} value={e.days}>
                {e.label}
              </option>
            ))}
          </select>
        </Field>
        <Button variant="primary" type="submit" className="md:mt-6" disabled={creating.busy || !name.trim()}>
          Create key
        </Button>
        {creating.error && (
          <p role="alert" className="text-sm text-red-700 md:col-span-3 dark:text-red-300">
            {creating.error}
          </p>
        )}
      </form>

      <RevokeDialog item={revoking} what="key" revoke={revokeApiKey} onRevoked={() => keys.mutate()} onClose={() => setRevoking(null)}>
        <p>Clients using this key are refused from their next request.</p>
      </RevokeDialog>
    </section>
  );
}
