"use client";

import { useId, useState } from "react";
import type { PolymathSettingsResponse } from "@/lib/polymath/admin-view";
import type { AccessTokenView } from "@/lib/polymath/settings";
import { Field, Pill, TextInput } from "@/components/eri/fields";
import { Button } from "@/components/ui/Button";
import { formatDateTime } from "@/components/ui/format";
import { RevokeDialog } from "@/components/ui/RevokeDialog";
import { SecretShownOnce } from "@/components/ui/SecretShownOnce";
import { useAction } from "@/components/ui/useAction";
import { createToken, revokeToken } from "./api";

const splitTags = (text: string) => [...new Set(text.split(/[\s,]+/).filter(Boolean))];

/** Access tokens: each grants access tags; the token is shown once, when it is created. */
export function TokensSection({ data, onChanged }: { data: PolymathSettingsResponse; onChanged(): void }) {
  const id = useId();
  const [name, setName] = useState("");
  const [tags, setTags] = useState("");
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const creating = useAction();
  const [revoking, setRevoking] = useState<AccessTokenView | null>(null);
  const tokens = data.settings.tokens;

  async function create(event: React.FormEvent) {
    event.preventDefault();
    await creating.run(async () => {
      const result = await createToken(name.trim(), splitTags(tags));
      setCreated({ name: result.record.name, token: result.token });
      setName("");
      setTags("");
      onChanged();
    });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Access tokens
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-300">
          A client sends a token as <code>access_token</code>; it then also gets the bits of files whose access tag the token grants. Tags
          in use:{" "}
          {data.tags.length
            ? data.tags.map((t) => (
                <Pill key={t} tone="muted">
                  {t}
                </Pill>
              ))
            : "none yet"}
          .
        </p>
      </div>

      {tokens.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No access tokens.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {tokens.map((t) => (
            <li key={t.id} aria-label={`Access token ${t.name}`} className="flex flex-wrap items-center gap-3 px-3 py-2.5">
              <div className="min-w-0 flex-1">
                <div className="font-medium">{t.name}</div>
                <div className="mt-0.5 flex flex-wrap items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
                  Grants{" "}
                  {t.tags.map((tag) => (
                    <Pill key={tag} tone="ok">
                      {tag}
                    </Pill>
                  ))}{" "}
                  · created {formatDateTime(t.createdAt)}
                </div>
              </div>
              <Button size="sm" variant="secondary" onClick={() => setRevoking(t)}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}

      {created && (
        <SecretShownOnce
          message={`Token “${created.name}” created. Copy it now: it is stored hashed and not shown again.`}
          secret={created.token}
          testId="new-access-token"
        />
      )}

      <form
        onSubmit={create}
        aria-label="Create an access token"
        className="grid gap-4 rounded-lg border border-slate-200 p-4 md:grid-cols-[1fr_1fr_auto] md:items-start dark:border-slate-800"
      >
        <Field id={`${id}-name`} label="Token name">
          <TextInput
            id={`${id}-name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            required
            placeholder="e.g. HR team"
          />
        </Field>
        <Field id={`${id}-tags`} label="Access tags it grants" hint="Separate several with commas.">
          <TextInput id={`${id}-tags`} hint value={tags} onChange={(e) => setTags(e.target.value)} required placeholder="e.g. staff" />
        </Field>
        <Button
          variant="primary"
          type="submit"
          className="md:mt-6"
          disabled={creating.busy || !name.trim() || splitTags(tags).length === 0}
        >
          Create token
        </Button>
        {creating.error && (
          <p role="alert" className="text-sm text-red-700 md:col-span-3 dark:text-red-300">
            {creating.error}
          </p>
        )}
      </form>

      <RevokeDialog item={revoking} what="token" revoke={revokeToken} onRevoked={onChanged} onClose={() => setRevoking(null)}>
        <p>Clients using this token get an error from then on.</p>
      </RevokeDialog>
    </section>
  );
}
