"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Checkbox } from "@/components/eri/fields";
import { SaveFeedback } from "@/components/ui/SaveFeedback";
import { fetchJson } from "@/components/ui/http";
import { useAction } from "@/components/ui/useAction";
import type { CopilotPublishingUpdate } from "@/lib/copilot/publishing";

/** The collections Copilot may search and name: nothing until an admin chooses. */
export function CopilotPublishForm({ collections, published }: { collections: string[]; published: string[] }) {
  const id = useId();
  const router = useRouter();
  const [chosen, setChosen] = useState<string[]>(published);
  const { busy, error, run } = useAction();
  const [saved, setSaved] = useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setSaved(false);
    const update: CopilotPublishingUpdate = { published: chosen };
    const done = await run(async () => {
      await fetchJson("/api/copilot/settings", { method: "PATCH", body: JSON.stringify(update) });
      // The manifest, the OpenAPI document and the package checks are built on the server.
      router.refresh();
    });
    setSaved(done);
  }

  return (
    <form
      onSubmit={save}
      aria-label="Collections published to Copilot"
      className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">Published collections</legend>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Copilot searches only these, and only their names go into the manifest and the OpenAPI document Microsoft reads.
        </p>
        {collections.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">No collections yet.</p>}
        <div className="grid gap-1.5 sm:grid-cols-2">
          {collections.map((name) => (
            <Checkbox
              key={name}
              id={`${id}-c-${name}`}
              label={name}
              checked={chosen.includes(name)}
              onChange={(e) => setChosen(e.target.checked ? [...new Set([...chosen, name])] : chosen.filter((n) => n !== name))}
            />
          ))}
        </div>
      </fieldset>
      <SaveFeedback error={error} saved={saved} busy={busy} label="Save Copilot collections" />
    </form>
  );
}
