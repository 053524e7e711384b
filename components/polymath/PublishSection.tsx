"use client";

import { useId, useState } from "react";
import type { PolymathSettingsResponse } from "@/lib/polymath/admin-view";
import { Checkbox, Field, TextInput } from "@/components/eri/fields";
import { SaveFeedback } from "@/components/ui/SaveFeedback";
import { useAction } from "@/components/ui/useAction";
import { savePolymathSettings } from "./api";

/** The host's address, the collections it publishes, and what it says about withheld bits. */
export function PublishSection({ data, onSaved }: { data: PolymathSettingsResponse; onSaved(next: PolymathSettingsResponse): void }) {
  const id = useId();
  const s = data.settings;
  const [published, setPublished] = useState<string[]>(s.published);
  const [reportRestricted, setReportRestricted] = useState(s.reportRestricted);
  const [message, setMessage] = useState(s.restrictedMessage);
  const { busy, error, run } = useAction();
  const [saved, setSaved] = useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setSaved(false);
    setSaved(await run(async () => onSaved(await savePolymathSettings({ published, reportRestricted, restrictedMessage: message }))));
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Library host
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-300">
          Clients find the host from this app&apos;s home page (a <code>rel=polymath</code> link), or use the address directly.
        </p>
      </div>
      <div className="rounded-md border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-900/60">
        <p className="text-sm font-medium">Host endpoint</p>
        <code className="mt-1 block select-all break-all text-sm" data-testid="polymath-endpoint">
          {data.endpoint}
        </code>
      </div>

      <form onSubmit={save} className="space-y-5 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Published collections</legend>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Nothing is published until you choose. A query searches every published collection that uses its embedding model.
          </p>
          {data.collections.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">No collections yet.</p>}
          <div className="grid gap-1.5 sm:grid-cols-2">
            {data.collections.map((c) => (
              <Checkbox
                key={c.name}
                id={`${id}-c-${c.name}`}
                label={c.name}
                description={`${c.embedding_model}, ${c.dimensions} dimensions`}
                checked={published.includes(c.name)}
                onChange={(e) =>
                  setPublished(e.target.checked ? [...new Set([...published, c.name])] : published.filter((n) => n !== c.name))
                }
              />
            ))}
          </div>
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold">Files with an access tag</legend>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Their bits are only returned for an access token that grants the tag. Tag files on a collection&apos;s page.
          </p>
          <Checkbox
            id={`${id}-count`}
            label="Report how many bits were withheld"
            description="Adds details.counts.restricted to every answer. Off: the host does not reveal that tagged files exist."
            checked={reportRestricted}
            onChange={(e) => setReportRestricted(e.target.checked)}
          />
          <Field
            id={`${id}-message`}
            label="Message when bits were withheld"
            hint="Shown by clients as “Restricted results were omitted. …”; empty: no message."
          >
            <TextInput
              id={`${id}-message`}
              hint
              value={message}
              maxLength={500}
              onChange={(e) => setMessage(e.target.value)}
              placeholder="Ask the site owner for an access token."
            />
          </Field>
        </fieldset>

        <SaveFeedback error={error} saved={saved} busy={busy} label="Save host settings" />
      </form>
    </section>
  );
}
